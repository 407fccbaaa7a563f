import { bigint, boolean, doublePrecision, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { YEAR_TIMES } from '@leerzicht/contract';
import { schoolIdColumn, timestamptz } from './columns';

/*
 * Derived data: a school's national results summed per moment, subject, grade, group, test and whether they count
 * (the results module's history reads these instead of every result). Triggers of migration 0009 mark a school
 * stale on every write that can change its sums (results inserted, changed or deleted, a pupil's exclusion from
 * national tests, a provider's priority, a test's version); the history recomputes a stale school's sums before it
 * reads them (results module, history-sums.ts). Never written by anything else.
 */
export const nationalResultSums = pgTable(
  'national_result_sums',
  {
    schoolId: schoolIdColumn(),
    calendarYear: integer('calendar_year').notNull(),
    yearTime: text('year_time', { enum: YEAR_TIMES }).notNull(),
    subjectId: integer('subject_id').notNull(),
    grade: integer('grade').notNull(),
    yearClassId: integer('year_class_id').notNull(),
    providerId: integer('provider_id').notNull(),
    provider: text('provider').notNull(),
    providerPriority: integer('provider_priority').notNull(),
    testVersion: text('test_version').notNull(),
    counted: boolean('counted').notNull(),
    n: integer('n').notNull(),
    abilitySum: doublePrecision('ability_sum'),
    abilityN: integer('ability_n').notNull(),
    percentileSum: bigint('percentile_sum', { mode: 'number' }),
    percentileN: integer('percentile_n').notNull(),
    levelSum: bigint('level_sum', { mode: 'number' }),
    levelN: integer('level_n').notNull(),
    levelI: integer('level_i').notNull(),
    levelIi: integer('level_ii').notNull(),
    levelIii: integer('level_iii').notNull(),
    levelIv: integer('level_iv').notNull(),
    levelV: integer('level_v').notNull(),
    referenceCount: integer('reference_count').notNull(),
    at1f: integer('at_1f').notNull(),
    atTarget: integer('at_target').notNull(),
    lagSum: bigint('lag_sum', { mode: 'number' }),
    lagN: integer('lag_n').notNull(),
  },
  (t) => [index('national_result_sums_school_idx').on(t.schoolId)],
);

/** Schools whose national_result_sums are out of date (set by the triggers of migration 0009). */
export const nationalResultSumsStale = pgTable('national_result_sums_stale', {
  schoolId: schoolIdColumn().primaryKey(),
  /** Bumped by every marking write: the upsert locks the row, so a recompute in progress waits for the writer. */
  changes: integer('changes').notNull().default(1),
  markedAt: timestamptz('marked_at').notNull().defaultNow(),
});
