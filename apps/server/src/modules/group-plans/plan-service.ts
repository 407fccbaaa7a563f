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
import type { SchoolAccess } from '../../platform/access/index';
import { badRequest, notFound } from '../../platform/http-errors';
import type { AllowedPlan } from './access';
import { clonePlan, cloneTemplate } from './clone';
import type { AllowedPlanCreate } from './plan-create-access';
import {
  deletePlan,
  insertPlan,
  listPlanViews,
  lockPlan,
  updatePlan,
  type PlanView,
} from './plan-repository';
import { storedContent } from './stored-content';
import { userName } from './user-name';

/*
 * `group_plan_id` of a plan is the template it descends from (the table's template_id): the one it was made from,
 * or, for a copy of an earlier plan, that plan's. Which plan a copy came from is not kept: nothing reads it, and
 * keeping it would take a new column (a migration) for a value the copy does not depend on (it is independent of
 * its source by design).
 */

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

/** The plans of the group the policy allowed (`access` is the group's school). */
export async function listGroupPlans(
  ctx: AppContext,
  access: SchoolAccess,
  query: z.output<typeof groupPlanQuerySchema>,
): Promise<GroupPlan[]> {
  const rows = await listPlanViews(ctx.db, {
    schoolId: access.schoolId,
    yearClassId: query.yearclass_id,
    subjectId: query.subject_id,
  });
  return rows.map(toPlan);
}

/** A plan of the group, from the template or as a copy of the earlier plan, as the policy allowed them. */
export async function createGroupPlan(
  ctx: AppContext,
  { access, group, template, source }: AllowedPlanCreate,
  input: z.output<typeof groupPlanCreateSchema>,
): Promise<GroupPlan> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const planId = await insertPlan(tx, {
      schoolId: access.schoolId,
      name: input.name,
      subjectId: input.subject_id,
      yearClassId: group.id,
      templateId: template?.id ?? source?.templateId ?? null,
      createdBy: access.userId,
      startDate: input.startDate,
      endDate: input.endDate,
      dateCreated: now,
      dateChanged: now,
    });
    const target = { planId, schoolId: access.schoolId, yearClassId: group.id, userId: access.userId, now };
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
  { access, plan: { id } }: AllowedPlan,
  input: z.output<typeof groupPlanUpdateSchema>,
): Promise<GroupPlan> {
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

export async function removeGroupPlan(ctx: AppContext, { plan }: AllowedPlan): Promise<void> {
  await deletePlan(ctx.db, plan.id);
}
