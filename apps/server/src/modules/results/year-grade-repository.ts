import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { inGroups, selectRows } from '../scores/index';
import { selectRowsOnce } from '../../db/select-rows';

/*
 * Year grades: results count by the pupil's own grade at the test (national_test_scores.grade), so combination
 * groups add to both grades. `groupIds` limits a teacher to their permitted groups (null: every group).
 */

const gradeRowSchema = z.object({
  grade: z.number().int(),
  years: z.array(z.number().int()),
  group_count: z.number().int(),
});

/** Per grade the school years and number of groups that had pupils of the grade. */
export function listGradeRows(db: Db, schoolId: number, groupIds: readonly number[] | null) {
  return selectRows(
    db,
    gradeRowSchema,
    sql`select ycp.grade, array_agg(distinct yc.calendar_year order by yc.calendar_year) as years,
      count(distinct yc.id)::int as group_count
    from year_class_pupils ycp
    join year_classes yc on yc.id = ycp.year_class_id and yc.school_id = ycp.school_id
    where ycp.school_id = ${schoolId} and ${inGroups(sql`yc.id`, groupIds)}
    group by ycp.grade`,
  );
}

const cohortGroupRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  calendar_year: z.number().int(),
});

const cohortGroupList = selectRowsOnce(
  cohortGroupRowSchema,
  sql`select yc.id, yc.name, yc.calendar_year from year_classes yc
    where yc.school_id = ${sql.placeholder('schoolId')}
      and (${sql.placeholder('groupIds')}::int[] is null or yc.id = any(${sql.placeholder('groupIds')}::int[]))
      and exists (select 1 from year_class_pupils ycp where ycp.year_class_id = yc.id
        and ycp.school_id = yc.school_id and ycp.grade = ${sql.placeholder('grade')})
    order by yc.calendar_year, yc.name`,
);

/** The groups with pupils of the grade, by school year and name (`groupIds` null: every group). */
export function listCohortGroups(
  db: Db,
  schoolId: number,
  grade: number,
  groupIds: readonly number[] | null,
) {
  return cohortGroupList(db, { schoolId, grade, groupIds });
}
