import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { inGroups, selectRows } from '../scores/index';

/* The groups a subject's trend names in its group view (its series and growth are the scores module's reads). */

const yearGroupRowSchema = z.object({ id: z.number().int(), name: z.string(), grade: z.number().int() });

/** The school year's groups in scope. */
export function listYearGroups(
  db: Db,
  schoolId: number,
  calendarYear: number,
  groupIds: readonly number[] | null,
) {
  return selectRows(
    db,
    yearGroupRowSchema,
    sql`select yc.id, yc.name, yc.grade from year_classes yc
    where yc.school_id = ${schoolId} and yc.calendar_year = ${calendarYear} and ${inGroups(sql`yc.id`, groupIds)}`,
  );
}
