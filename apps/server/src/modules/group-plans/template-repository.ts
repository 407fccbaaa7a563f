import { and, asc, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { TemplateOrderingField } from '@leerzicht/contract';
import type { Db } from '../../db/client';
import { groupPlanTemplates, users } from '../../db/schema/index';

export type TemplateRow = typeof groupPlanTemplates.$inferSelect;
/** A template with the name of the user who last changed it (null: no such account any more). */
export type TemplateView = TemplateRow & { userFirstName: string | null; userLastName: string | null };

const viewColumns = {
  id: groupPlanTemplates.id,
  schoolId: groupPlanTemplates.schoolId,
  isSystem: groupPlanTemplates.isSystem,
  isPublished: groupPlanTemplates.isPublished,
  name: groupPlanTemplates.name,
  allowedSubjects: groupPlanTemplates.allowedSubjects,
  allowedGrades: groupPlanTemplates.allowedGrades,
  userId: groupPlanTemplates.userId,
  dateCreated: groupPlanTemplates.dateCreated,
  dateChanged: groupPlanTemplates.dateChanged,
  content: groupPlanTemplates.content,
  userFirstName: users.firstName,
  userLastName: users.lastName,
};

export async function findTemplate(db: Db, id: number): Promise<TemplateRow | null> {
  const [row] = await db.select().from(groupPlanTemplates).where(eq(groupPlanTemplates.id, id)).limit(1);
  return row ?? null;
}

export async function findTemplateView(db: Db, id: number): Promise<TemplateView | null> {
  const [row] = await db
    .select(viewColumns)
    .from(groupPlanTemplates)
    .leftJoin(users, eq(users.id, groupPlanTemplates.userId))
    .where(eq(groupPlanTemplates.id, id))
    .limit(1);
  return row ?? null;
}

export interface TemplateFilter {
  /** The school's own templates and the system templates. */
  schoolId: number;
  subjectId?: number;
  grade?: number;
  isPublished?: boolean;
  ordering: readonly { field: TemplateOrderingField; descending: boolean }[];
}

/** `allowed` is empty (allows every value) or holds `value`. */
const allows = (allowed: SQL, value: number): SQL =>
  sql`(cardinality(${allowed}) = 0 or ${value} = any(${allowed}))`;

const ORDER_COLUMNS: Record<TemplateOrderingField, SQL[]> = {
  // Case-insensitive first, so that the order does not depend on the database's collation for case.
  name: [sql`lower(${groupPlanTemplates.name})`, sql`${groupPlanTemplates.name}`],
  date_changed: [sql`${groupPlanTemplates.dateChanged}`],
  is_published: [sql`${groupPlanTemplates.isPublished}`],
  is_system: [sql`${groupPlanTemplates.isSystem}`],
  id: [sql`${groupPlanTemplates.id}`],
};

/**
 * The school's templates and the system templates matching the filter, in the asked order (ties by id). Who may
 * see which of them (unpublished ones) is the policy's to say, not this query's.
 */
export function listTemplateViews(db: Db, filter: TemplateFilter): Promise<TemplateView[]> {
  const order = filter.ordering.flatMap(({ field, descending }) =>
    ORDER_COLUMNS[field].map((column) => (descending ? desc(column) : asc(column))),
  );
  return db
    .select(viewColumns)
    .from(groupPlanTemplates)
    .leftJoin(users, eq(users.id, groupPlanTemplates.userId))
    .where(
      and(
        or(eq(groupPlanTemplates.schoolId, filter.schoolId), eq(groupPlanTemplates.isSystem, true)),
        filter.subjectId === undefined
          ? undefined
          : allows(sql`${groupPlanTemplates.allowedSubjects}`, filter.subjectId),
        filter.grade === undefined
          ? undefined
          : allows(sql`${groupPlanTemplates.allowedGrades}`, filter.grade),
        filter.isPublished === undefined ? undefined : eq(groupPlanTemplates.isPublished, filter.isPublished),
      ),
    )
    .orderBy(...order, asc(groupPlanTemplates.id));
}

export async function insertTemplate(
  db: Db,
  values: typeof groupPlanTemplates.$inferInsert,
): Promise<number> {
  const [row] = await db.insert(groupPlanTemplates).values(values).returning({ id: groupPlanTemplates.id });
  if (!row) throw new Error('group plan template not stored');
  return row.id;
}

export async function updateTemplate(
  db: Db,
  id: number,
  changes: Partial<
    Pick<
      TemplateRow,
      'name' | 'isPublished' | 'allowedSubjects' | 'allowedGrades' | 'content' | 'userId' | 'dateChanged'
    >
  >,
): Promise<void> {
  await db.update(groupPlanTemplates).set(changes).where(eq(groupPlanTemplates.id, id));
}

export async function deleteTemplate(db: Db, id: number): Promise<void> {
  await db.delete(groupPlanTemplates).where(eq(groupPlanTemplates.id, id));
}
