import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { ROMAN_LEVELS, testProviderCodeSchema, yearTimeSchema } from '@leerzicht/contract';
import type { Db } from '../../db/client';
import { countedResults, selectRows } from '../scores/index';

const levelRowSchema = z.object({
  pupilId: z.number().int(),
  scoreId: z.number().int(),
  provider: testProviderCodeSchema,
  calendarYear: z.number().int(),
  yearTime: yearTimeSchema,
  roman: z.enum(ROMAN_LEVELS).nullable(),
  levelValue: z.number().int().nullable(),
});
export type LevelRow = z.output<typeof levelRowSchema>;

/**
 * Of each pupil, the latest counted national result of the subject up to school year `untilYear` that carries a
 * level (roman I..V, or a level value 1..5 for the older A..E results). Which provider counts is decided over all
 * of a moment's results first (countedResults), so a lower-priority provider's result never stands in for the
 * counted one.
 */
export function listLatestCountedLevels(
  db: Db,
  schoolId: number,
  pupilIds: readonly number[],
  subjectId: number,
  untilYear: number,
): Promise<LevelRow[]> {
  return selectRows(
    db,
    levelRowSchema,
    sql`select distinct on (c.pupil_id) c.pupil_id as "pupilId", c.id as "scoreId", c.provider,
      c.calendar_year as "calendarYear", c.year_time as "yearTime", c.roman, c.level_value as "levelValue"
    from ${countedResults({ schoolId, pupilIds, subjectId, untilYear })}
    where c.roman is not null or c.level_value between 1 and 5
    order by c.pupil_id, c.calendar_year desc, c.time_rank desc, c.id desc`,
  );
}
