import type { Approach, NoteLayer, SubjectCode } from '@leerzicht/contract';
import { SUBJECT_IDS } from './catalog';
import { USER_IDS } from './accounts';
import { noon, toIsoDate } from './dates';
import { latentAbility, type SimGroup, type SimSchool } from './model';
import { dateBetween } from './notes';
import { isoDate, type Random } from './random';
import { REGENBOOG } from './schools';
import type { DemoData } from './types';

const APPROACH_SUBJECTS = ['RW', 'SP', 'TBL'] as const satisfies readonly SubjectCode[];

function approachFor(z: number): Approach {
  if (z > 0.9) return 'enriched';
  if (z < -0.9) return 'intensive';
  return 'basic';
}

/** Instruction groups (approaches) per pupil and subject for the current and previous school year, with their log. */
export function approachRows(
  schools: SimSchool[],
  current: number,
  today: Date,
  rng: Random,
): Pick<DemoData, 'pupilApproaches' | 'pupilApproachLogs'> {
  const todayIso = toIsoDate(today);
  const pupilApproaches: DemoData['pupilApproaches'] = [];
  const pupilApproachLogs: DemoData['pupilApproachLogs'] = [];
  for (const school of schools) {
    const teacher = school.def.id === REGENBOOG.id ? USER_IDS.leerkracht : USER_IDS.directeur;
    for (const group of school.groups) {
      if (group.year < current - 1 || group.grade < 3) continue;
      const start = isoDate(group.year, 9, 15) < todayIso ? isoDate(group.year, 9, 15) : todayIso;
      const review = isoDate(group.year + 1, 2, 10);
      for (const { pupil, grade } of group.members) {
        if (grade < 3) continue;
        for (const subject of APPROACH_SUBJECTS) {
          const first = approachFor(latentAbility(pupil, subject, grade) + 0.3 * rng.normal());
          let latest = first;
          let changedOn = start;
          const log = (approach: Approach, date: string) =>
            pupilApproachLogs.push({
              id: pupilApproachLogs.length + 1,
              schoolId: school.def.id,
              pupilId: pupil.id,
              subjectId: SUBJECT_IDS[subject],
              yearClassId: group.id,
              schoolYear: group.year,
              approach,
              changedBy: teacher,
              date: noon(date),
            });
          log(first, start);
          if (review < todayIso && rng.chance(0.08)) {
            latest = first === 'basic' ? rng.pick(['enriched', 'intensive'] as const) : 'basic';
            changedOn = review;
            log(latest, review);
          }
          pupilApproaches.push({
            id: pupilApproaches.length + 1,
            schoolId: school.def.id,
            pupilId: pupil.id,
            subjectId: SUBJECT_IDS[subject],
            yearClassId: group.id,
            calendarYear: group.year,
            approach: latest,
            changedBy: teacher,
            dateChanged: noon(changedOn),
          });
        }
      }
    }
  }
  return { pupilApproaches, pupilApproachLogs };
}

const PLAN_GROUPS: readonly { name: string; subject: SubjectCode; author: number; template: number }[] = [
  { name: 'Groep 3', subject: 'RW', author: USER_IDS.leerkracht, template: 1 },
  { name: 'Groep 6A', subject: 'RW', author: USER_IDS.leerkracht, template: 1 },
  { name: 'Groep 6A', subject: 'TBL', author: USER_IDS.leerkracht, template: 2 },
  { name: 'Groep 4A', subject: 'SP', author: USER_IDS.tweestaps, template: 3 },
  { name: 'Groep 8', subject: 'RW', author: USER_IDS.ib, template: 1 },
];

const SUBJECT_WORD: Partial<Record<SubjectCode, string>> = {
  RW: 'rekenen',
  SP: 'spelling',
  TBL: 'begrijpend lezen',
};

const INSTRUCTION: readonly [Approach, string][] = [
  ['enriched', 'Verrijkte instructie'],
  ['basic', 'Basisinstructie'],
  ['intensive', 'Intensieve instructie'],
];

/** Templates (two system, one of De Regenboog), group plans with their note categories, notes and pupil links. */
export function planRows(
  schools: SimSchool[],
  current: number,
  today: Date,
  rng: Random,
  approaches: DemoData['pupilApproaches'],
): Pick<
  DemoData,
  'groupPlanTemplates' | 'groupPlans' | 'noteCategories' | 'groupPlanNotes' | 'pupilNoteCategoryLinks'
> {
  const todayIso = toIsoDate(today);
  const yearStart = isoDate(current, 8, 25) < todayIso ? isoDate(current, 8, 25) : todayIso;
  const created = noon(yearStart);
  const standard = {
    categories: [
      { name: 'Groepsdoelen', layer: 'GROUP' as const },
      ...INSTRUCTION.map(([, name]) => ({
        name,
        layer: 'INSTRUCTION' as const,
        children: [
          { name: 'Doelen', layer: 'INSTRUCTION' as const },
          { name: 'Aanpak', layer: 'INSTRUCTION' as const },
        ],
      })),
    ],
  };
  const systemDate = noon(isoDate(current - 2, 7, 1));
  const groupPlanTemplates: DemoData['groupPlanTemplates'] = [
    {
      id: 1,
      schoolId: null,
      isSystem: true,
      isPublished: true,
      name: 'Groepsplan rekenen (standaard)',
      allowedSubjects: [SUBJECT_IDS.RW],
      allowedGrades: [3, 4, 5, 6, 7, 8],
      userId: null,
      dateCreated: systemDate,
      dateChanged: systemDate,
      content: standard,
    },
    {
      id: 2,
      schoolId: null,
      isSystem: true,
      isPublished: true,
      name: 'Groepsplan lezen (standaard)',
      allowedSubjects: [SUBJECT_IDS.TBL, SUBJECT_IDS.DMT],
      allowedGrades: [3, 4, 5, 6, 7, 8],
      userId: null,
      dateCreated: systemDate,
      dateChanged: systemDate,
      content: standard,
    },
    {
      id: 3,
      schoolId: REGENBOOG.id,
      isSystem: false,
      isPublished: true,
      name: 'Groepsplan spelling De Regenboog',
      allowedSubjects: [SUBJECT_IDS.SP],
      allowedGrades: [3, 4, 5],
      userId: USER_IDS.ib,
      dateCreated: created,
      dateChanged: created,
      content: standard,
    },
  ];
  const groupPlans: DemoData['groupPlans'] = [];
  const noteCategories: DemoData['noteCategories'] = [];
  const groupPlanNotes: DemoData['groupPlanNotes'] = [];
  const links: DemoData['pupilNoteCategoryLinks'] = [];
  const regenboog = schools.find((s) => s.def.id === REGENBOOG.id);
  const category = (
    planId: number | null,
    name: string,
    layer: NoteLayer,
    position: number,
    parent: number | null,
    author: number,
  ) => {
    const id = noteCategories.length + 1;
    noteCategories.push({
      id,
      schoolId: REGENBOOG.id,
      name,
      parentNoteCategoryId: parent,
      position,
      layer,
      groupPlanId: planId,
      isArchived: false,
      createdBy: author,
      dateCreated: created,
      dateChanged: created,
    });
    return id;
  };
  let noteRange: [string, string] = [yearStart, todayIso];
  const note = (categoryId: number, content: string, author: number, pupilId: number | null = null) => {
    const written = noon(dateBetween(rng, noteRange[0], noteRange[1]));
    groupPlanNotes.push({
      id: groupPlanNotes.length + 1,
      schoolId: REGENBOOG.id,
      noteCategoryId: categoryId,
      pupilId,
      content,
      authorId: author,
      dateCreated: written,
      dateChanged: written,
      dateArchived: null,
    });
  };
  // School-level categories (no plan): reusable headings of De Regenboog.
  category(null, 'Rekenen: automatiseren', 'GROUP', 1, null, USER_IDS.ib);
  category(null, 'Lezen: leesbevordering', 'GROUP', 2, null, USER_IDS.ib);

  // Last school year's plans (evaluated) and this year's: "continue from last period" has something to continue.
  for (const [year, spec] of [current - 1, current].flatMap((y) => PLAN_GROUPS.map((p) => [y, p] as const))) {
    const group: SimGroup | undefined = regenboog?.groups.find(
      (g) => g.year === year && g.name === spec.name,
    );
    if (!group) continue;
    noteRange = year === current ? [yearStart, todayIso] : [isoDate(year, 9, 1), isoDate(year + 1, 1, 31)];
    const planId = groupPlans.length + 1;
    const subjectId = SUBJECT_IDS[spec.subject];
    groupPlans.push({
      id: planId,
      schoolId: REGENBOOG.id,
      name: `Groepsplan ${SUBJECT_WORD[spec.subject] ?? spec.subject} ${group.name} ${year}-${year + 1} periode 1`,
      subjectId,
      yearClassId: group.id,
      templateId: spec.template,
      createdBy: spec.author,
      startDate: isoDate(year, 9, 1),
      endDate: isoDate(year + 1, 1, 31),
      evaluation:
        isoDate(year + 1, 1, 31) < todayIso
          ? 'De meeste leerlingen hebben de groepsdoelen gehaald; de intensieve groep blijft aandacht vragen.'
          : '',
      dateCreated: year === current ? created : noon(isoDate(year, 9, 1)),
      dateChanged: year === current ? created : noon(isoDate(year, 9, 1)),
    });
    const goals = category(planId, 'Groepsdoelen', 'GROUP', 1, null, spec.author);
    note(
      goals,
      `Aan het eind van de periode beheerst 80% van de groep de doelen van ${SUBJECT_WORD[spec.subject] ?? spec.subject} voor deze periode.`,
      spec.author,
    );
    const byApproach = new Map<Approach, number>();
    INSTRUCTION.forEach(([approach, name], index) => {
      const root = category(planId, name, 'INSTRUCTION', index + 2, null, spec.author);
      byApproach.set(approach, root);
      note(
        category(planId, 'Doelen', 'INSTRUCTION', 1, root, spec.author),
        approach === 'intensive' ? 'Minimumdoelen van de periode halen.' : 'Doelen van de periode halen.',
        spec.author,
      );
      note(
        category(planId, 'Aanpak', 'INSTRUCTION', 2, root, spec.author),
        approach === 'enriched'
          ? 'Compacten en verrijken met de plustaak.'
          : approach === 'basic'
            ? 'Instructie volgens het directe-instructiemodel.'
            : 'Verlengde instructie aan de instructietafel, dagelijks 15 minuten.',
        spec.author,
      );
    });
    const individual = category(planId, 'Individuele aandachtspunten', 'PUPIL', 5, null, spec.author);
    group.members.forEach(({ pupil }, position) => {
      const approach =
        approaches.find((a) => a.pupilId === pupil.id && a.subjectId === subjectId && a.calendarYear === year)
          ?.approach ?? 'basic';
      const target = byApproach.get(approach === 'undefined' ? 'basic' : approach);
      if (target)
        links.push({
          id: links.length + 1,
          schoolId: REGENBOOG.id,
          pupilId: pupil.id,
          noteCategoryId: target,
          position,
          dateCreated: created,
          dateChanged: created,
        });
      if (approach === 'intensive') {
        links.push({
          id: links.length + 1,
          schoolId: REGENBOOG.id,
          pupilId: pupil.id,
          noteCategoryId: individual,
          position,
          dateCreated: created,
          dateChanged: created,
        });
        note(
          individual,
          'Extra oefentijd en een korte check aan het begin van de les.',
          spec.author,
          pupil.id,
        );
      }
    });
  }
  return { groupPlanTemplates, groupPlans, noteCategories, groupPlanNotes, pupilNoteCategoryLinks: links };
}
