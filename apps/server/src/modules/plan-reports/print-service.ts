import type { Language, PrintSection } from '@leerzicht/contract';
import type { AppContext } from '../../context';
import { measurePlanEffect } from './effect-service';
import { printFileName } from './pdf-text';
import type { AllowedPlanReport } from './plan-access';
import { PRINT_LABELS } from './print-labels';
import { buildPrintModel } from './print-model';
import { renderPrintPdf } from './print-pdf';
import {
  listActiveCategories,
  listActiveNotes,
  listGroupPupils,
  listPlacements,
  listPupilNames,
} from './print-repository';

export interface PlanPrintout {
  fileName: string;
  pdf: Buffer;
}

/** The printout of the plan the policy allowed, without the omitted sections, labels in `lang` (Dutch by default). */
export async function printPlan(
  ctx: AppContext,
  { access, plan, facts }: AllowedPlanReport,
  options: { omit: readonly PrintSection[]; lang: Language },
): Promise<PlanPrintout> {
  const labels = PRINT_LABELS[options.lang];
  const omit = new Set(options.omit);
  const { db } = ctx;
  const categories = await listActiveCategories(db, access.schoolId, plan.id);
  const categoryIds = categories.map((category) => category.id);
  const [notes, placements, groupPupils, effect] = await Promise.all([
    listActiveNotes(db, access.schoolId, categoryIds, access.groupIds),
    listPlacements(db, access.schoolId, categoryIds, access.groupIds),
    listGroupPupils(db, { ...plan, calendarYear: facts.calendarYear }),
    omit.has('effect') ? null : measurePlanEffect(db, plan, facts.calendarYear),
  ]);
  const named = [...new Set(notes.flatMap((note) => (note.pupilId === null ? [] : [note.pupilId])))];
  const namedPupils = await listPupilNames(db, access.schoolId, named, access.groupIds);
  const subjectName = options.lang === 'en' ? facts.subjectNameEn : facts.subjectNameNl;
  const model = buildPrintModel(
    {
      plan,
      groupName: facts.groupName,
      calendarYear: facts.calendarYear,
      subjectName,
      schoolName: facts.schoolName,
      categories,
      notes,
      placements,
      namedPupils,
      groupPupils,
      effect,
      omit,
    },
    labels,
  );
  return {
    fileName: printFileName(facts.groupName, facts.subjectNameNl),
    pdf: await renderPrintPdf(model, labels, ctx.now()),
  };
}
