import { and, asc, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { groupPlans, noteCategories, users, yearClasses } from '../../db/schema/index';

export type PlanRow = typeof groupPlans.$inferSelect;
/** A plan with the name of the user who made it (null: no such account any more). */
export type PlanView = PlanRow & { userFirstName: string | null; userLastName: string | null };

export async function findPlan(db: Db, id: number): Promise<PlanRow | null> {
  const [row] = await db.select().from(groupPlans).where(eq(groupPlans.id, id)).limit(1);
  return row ?? null;
}

/** The plan as it is now, locked for the rest of the transaction (null: deleted meanwhile). */
export async function lockPlan(tx: Db, id: number): Promise<PlanRow | null> {
  const [row] = await tx.select().from(groupPlans).where(eq(groupPlans.id, id)).limit(1).for('update');
  return row ?? null;
}

export interface PlanFilter {
  schoolId: number;
  id?: number;
  yearClassId?: number;
  subjectId?: number;
}

const planWhere = (filter: PlanFilter): SQL | undefined =>
  and(
    eq(groupPlans.schoolId, filter.schoolId),
    filter.id === undefined ? undefined : eq(groupPlans.id, filter.id),
    filter.yearClassId === undefined ? undefined : eq(groupPlans.yearClassId, filter.yearClassId),
    filter.subjectId === undefined ? undefined : eq(groupPlans.subjectId, filter.subjectId),
  );

/** The plans matching the filter, newest first. */
export function listPlanViews(db: Db, filter: PlanFilter): Promise<PlanView[]> {
  return db
    .select({
      id: groupPlans.id,
      schoolId: groupPlans.schoolId,
      name: groupPlans.name,
      subjectId: groupPlans.subjectId,
      yearClassId: groupPlans.yearClassId,
      templateId: groupPlans.templateId,
      createdBy: groupPlans.createdBy,
      startDate: groupPlans.startDate,
      endDate: groupPlans.endDate,
      evaluation: groupPlans.evaluation,
      dateCreated: groupPlans.dateCreated,
      dateChanged: groupPlans.dateChanged,
      userFirstName: users.firstName,
      userLastName: users.lastName,
    })
    .from(groupPlans)
    .leftJoin(users, eq(users.id, groupPlans.createdBy))
    .where(planWhere(filter))
    .orderBy(desc(groupPlans.dateCreated), desc(groupPlans.id));
}

export interface RecentPlanFilter {
  schoolId: number;
  yearClassId?: number;
  subjectId?: number;
  /** null: every group of the school; otherwise a teacher's permitted groups. */
  groupIds: readonly number[] | null;
  limit: number;
}

/** The latest plans (newest first) with their group and the name of who made them. */
export async function listRecentPlans(db: Db, filter: RecentPlanFilter) {
  if (filter.groupIds !== null && filter.groupIds.length === 0) return [];
  return db
    .select({
      id: groupPlans.id,
      name: groupPlans.name,
      yearClassId: yearClasses.id,
      yearClassName: yearClasses.name,
      yearClassCalendarYear: yearClasses.calendarYear,
      userFirstName: users.firstName,
      userLastName: users.lastName,
    })
    .from(groupPlans)
    .innerJoin(yearClasses, eq(yearClasses.id, groupPlans.yearClassId))
    .leftJoin(users, eq(users.id, groupPlans.createdBy))
    .where(
      and(
        planWhere(filter),
        filter.groupIds === null ? undefined : inArray(groupPlans.yearClassId, [...filter.groupIds]),
      ),
    )
    .orderBy(desc(groupPlans.dateCreated), desc(groupPlans.id))
    .limit(filter.limit);
}
export type RecentPlanRow = Awaited<ReturnType<typeof listRecentPlans>>[number];

export async function insertPlan(tx: Db, values: typeof groupPlans.$inferInsert): Promise<number> {
  const [row] = await tx.insert(groupPlans).values(values).returning({ id: groupPlans.id });
  if (!row) throw new Error('group plan not stored');
  return row.id;
}

export async function updatePlan(
  tx: Db,
  id: number,
  changes: Partial<Pick<PlanRow, 'name' | 'startDate' | 'endDate' | 'evaluation' | 'dateChanged'>>,
): Promise<void> {
  await tx.update(groupPlans).set(changes).where(eq(groupPlans.id, id));
}

/** Deletes the plan; its note categories go with it, and with them their notes and placed pupils (cascade). */
export async function deletePlan(db: Db, id: number): Promise<void> {
  await db.delete(groupPlans).where(eq(groupPlans.id, id));
}

/** The note categories of the plans (of the school), for their trees. */
export function listPlanCategories(db: Db, schoolId: number, planIds: readonly number[]) {
  if (planIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: noteCategories.id,
      groupPlanId: noteCategories.groupPlanId,
      parentNoteCategoryId: noteCategories.parentNoteCategoryId,
      name: noteCategories.name,
      layer: noteCategories.layer,
      position: noteCategories.position,
      isArchived: noteCategories.isArchived,
    })
    .from(noteCategories)
    .where(and(eq(noteCategories.schoolId, schoolId), inArray(noteCategories.groupPlanId, [...planIds])))
    .orderBy(asc(noteCategories.id));
}
