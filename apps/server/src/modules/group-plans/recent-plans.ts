import { RECENT_PLANS_MAX, type RecentPlan, type recentPlanQuerySchema } from '@leerzicht/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { SchoolAccess } from '../../platform/access/index';
import { planTree } from './category-tree';
import { listPlanCategories, listRecentPlans } from './plan-repository';
import { userName } from './user-name';

/**
 * `GET /recent_plans`: where to continue from. The latest plans of one group, or of the school (for a teacher,
 * of their permitted groups), of a subject if asked, newest first; with `include[]=categories` each with its
 * category tree. `access` is of the group's school or the school the policy allowed.
 */
export async function recentPlans(
  ctx: AppContext,
  access: SchoolAccess,
  query: z.output<typeof recentPlanQuerySchema>,
): Promise<RecentPlan[]> {
  const rows = await listRecentPlans(ctx.db, {
    schoolId: access.schoolId,
    yearClassId: query.yearclass_id,
    subjectId: query.subject_id,
    groupIds: access.groupIds,
    limit: RECENT_PLANS_MAX,
  });
  const withCategories = query.include?.includes('categories') ?? false;
  const categories = withCategories
    ? await listPlanCategories(
        ctx.db,
        access.schoolId,
        rows.map((row) => row.id),
      )
    : [];
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    userName: userName(row),
    yearclassId: row.yearClassId,
    yearclassName: row.yearClassName,
    yearclassCalendarYear: row.yearClassCalendarYear,
    ...(withCategories
      ? { categories: planTree(categories.filter((category) => category.groupPlanId === row.id)) }
      : {}),
  }));
}
