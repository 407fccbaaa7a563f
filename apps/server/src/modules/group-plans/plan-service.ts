import {
  GROUP_PLAN_ERRORS,
  type GroupPlan,
  type groupPlanCreateSchema,
  type groupPlanQuerySchema,
  type groupPlanUpdateSchema,
} from '@leerzicht/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { allowOr404, type SchoolAccess } from '../../platform/access/index';
import { badRequest, notFound } from '../../platform/http-errors';
import type { ActiveSession } from '../../platform/sessions';
import { listSubjects } from '../catalog/index';
import { authorizeGroupPlans, authorizePlan, templateViewer } from './access';
import { clonePlan, cloneTemplate } from './clone';
import { canSeeTemplate, canUsePlan, templateFits } from './policy';
import {
  deletePlan,
  findGroup,
  findPlan,
  insertPlan,
  listPlanViews,
  lockPlan,
  updatePlan,
  type PlanRow,
  type PlanView,
} from './plan-repository';
import { storedContent } from './stored-content';
import { findTemplate, type TemplateRow } from './template-repository';
import { userName } from './user-name';

/*
 * `group_plan_id` of a plan is the template it descends from (the table's template_id): the one it was made from,
 * or, for a copy of an earlier plan, that plan's. Which plan a copy came from is not kept: nothing reads it, and
 * keeping it would take a new column (a migration) for a value the copy does not depend on (it is independent of
 * its source by design).
 */

type FieldErrors = Record<string, string[]>;

function toPlan(row: PlanView): GroupPlan {
  return {
    id: row.id,
    name: row.name,
    subject_id: row.subjectId,
    yearclass_id: row.yearClassId,
    group_plan_id: row.templateId,
    startDate: row.startDate,
    endDate: row.endDate,
    evaluation: row.evaluation,
    userName: userName(row),
    dateCreated: row.dateCreated.toISOString(),
    dateChanged: row.dateChanged.toISOString(),
  };
}

/** The plan as stored, for the answer: read in the write's transaction, so a failed read undoes the write. */
async function planById(db: Db, access: SchoolAccess, id: number): Promise<GroupPlan> {
  const [row] = await listPlanViews(db, { schoolId: access.schoolId, id });
  if (!row) throw new Error('group plan not found after writing it');
  return toPlan(row);
}

export async function listGroupPlans(
  ctx: AppContext,
  session: ActiveSession,
  query: z.output<typeof groupPlanQuerySchema>,
): Promise<GroupPlan[]> {
  const access = await authorizeGroupPlans(ctx, session, query.yearclass_id);
  const rows = await listPlanViews(ctx.db, {
    schoolId: access.schoolId,
    yearClassId: query.yearclass_id,
    subjectId: query.subject_id,
  });
  return rows.map(toPlan);
}

/** The template to start from: one the user sees for the group's school, allowed for the subject and grade. */
async function checkTemplate(
  ctx: AppContext,
  session: ActiveSession,
  access: SchoolAccess,
  input: { templateId: number; subjectId: number; grade: number },
  errors: FieldErrors,
): Promise<TemplateRow | null> {
  const template = await findTemplate(ctx.db, input.templateId);
  const viewer = await templateViewer(ctx, session, access.schoolId);
  if (!template || !canSeeTemplate(viewer, template)) {
    errors.templateId = [GROUP_PLAN_ERRORS.unknownTemplate];
    return null;
  }
  const fits = templateFits(template, input.subjectId, input.grade);
  const messages = [
    ...(fits.subject ? [] : [GROUP_PLAN_ERRORS.templateSubject]),
    ...(fits.grade ? [] : [GROUP_PLAN_ERRORS.templateGrade]),
  ];
  if (messages.length > 0) errors.templateId = messages;
  return template;
}

/** The earlier plan to copy: of the group's school and of the same subject. */
async function checkSourcePlan(
  ctx: AppContext,
  access: SchoolAccess,
  input: { fromPlanId: number; subjectId: number },
  errors: FieldErrors,
): Promise<PlanRow | null> {
  const source = await findPlan(ctx.db, input.fromPlanId);
  if (!source || source.schoolId !== access.schoolId) {
    errors.fromPlanId = [GROUP_PLAN_ERRORS.unknownPlan];
    return null;
  }
  if (source.subjectId !== input.subjectId) errors.fromPlanId = [GROUP_PLAN_ERRORS.planSubject];
  return source;
}

export async function createGroupPlan(
  ctx: AppContext,
  session: ActiveSession,
  input: z.output<typeof groupPlanCreateSchema>,
): Promise<GroupPlan> {
  const access = await authorizeGroupPlans(ctx, session, input.yearclass_id);
  const group = await findGroup(ctx.db, input.yearclass_id);
  if (!group) throw notFound();
  const errors: FieldErrors = {};
  const subjects = await listSubjects(ctx.db);
  if (!subjects.some((subject) => subject.id === input.subject_id))
    errors.subject_id = [GROUP_PLAN_ERRORS.unknownSubject];
  const template =
    input.templateId === undefined
      ? null
      : await checkTemplate(
          ctx,
          session,
          access,
          { templateId: input.templateId, subjectId: input.subject_id, grade: group.grade },
          errors,
        );
  const source =
    input.fromPlanId === undefined
      ? null
      : await checkSourcePlan(
          ctx,
          access,
          { fromPlanId: input.fromPlanId, subjectId: input.subject_id },
          errors,
        );
  if (Object.keys(errors).length > 0) throw badRequest('Invalid input.', errors);
  // A plan of a group the teacher does not read is not theirs to know of, let alone copy.
  if (source) allowOr404(canUsePlan(access, source));

  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const planId = await insertPlan(tx, {
      schoolId: access.schoolId,
      name: input.name,
      subjectId: input.subject_id,
      yearClassId: group.id,
      templateId: template?.id ?? source?.templateId ?? null,
      createdBy: session.userId,
      startDate: input.startDate,
      endDate: input.endDate,
      dateCreated: now,
      dateChanged: now,
    });
    const target = { planId, schoolId: access.schoolId, yearClassId: group.id, userId: session.userId, now };
    if (template) await cloneTemplate(tx, storedContent(template), target);
    if (source) await clonePlan(tx, source.id, target);
    return planById(tx, access, planId);
  });
}

/** The period after the change; the end may not lie before the start (400 on the date that was given). */
function checkPeriod(
  plan: { startDate: string | null; endDate: string | null },
  input: { startDate?: string | null; endDate?: string | null },
): void {
  const start = input.startDate === undefined ? plan.startDate : input.startDate;
  const end = input.endDate === undefined ? plan.endDate : input.endDate;
  if (start === null || end === null || start <= end) return;
  const field = input.endDate === undefined ? 'startDate' : 'endDate';
  throw badRequest('Invalid input.', { [field]: [GROUP_PLAN_ERRORS.endBeforeStart] });
}

export async function changeGroupPlan(
  ctx: AppContext,
  session: ActiveSession,
  id: number,
  input: z.output<typeof groupPlanUpdateSchema>,
): Promise<GroupPlan> {
  const { access } = await authorizePlan(ctx, session, id);
  return ctx.db.transaction(async (tx) => {
    // Locked, so that two changes of one date each cannot together make the end fall before the start.
    const plan = await lockPlan(tx, id);
    if (!plan) throw notFound();
    checkPeriod(plan, input);
    await updatePlan(tx, id, {
      ...(input.name === undefined ? {} : { name: input.name }),
      ...(input.startDate === undefined ? {} : { startDate: input.startDate }),
      ...(input.endDate === undefined ? {} : { endDate: input.endDate }),
      ...(input.evaluation === undefined ? {} : { evaluation: input.evaluation }),
      dateChanged: ctx.now(),
    });
    return planById(tx, access, id);
  });
}

export async function removeGroupPlan(ctx: AppContext, session: ActiveSession, id: number): Promise<void> {
  await authorizePlan(ctx, session, id);
  await deletePlan(ctx.db, id);
}
