import { doublePrecision, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { YEAR_TIMES } from '@leerzicht/contract';
import { schoolIdColumn, timestamptz } from './columns';

/*
 * Derived data: the rows of a school's whole history (results module, history-repository.ts), stored so that the
 * history and the grade pages of a school read a few hundred finished rows instead of every result: per moment
 * and subject the aggregate of the school (level 0), of each grade (1) and of each group (2), and the norms of
 * the results (3). Triggers of migration 0009 mark a school stale on every write that can change them (results
 * inserted, changed or deleted, a pupil's exclusion from national tests, a provider's priority, a test's
 * version, the norms); a stale school is recomputed before its next read (history-store.ts). Nothing else
 * writes here.
 */
export const schoolHistoryRows = pgTable(
  'school_history_rows',
  {
    schoolId: schoolIdColumn(),
    /** 0 school, 1 grade, 2 group, 3 norm */
    level: integer('level').notNull(),
    calendarYear: integer('calendar_year'),
    yearTime: text('year_time', { enum: YEAR_TIMES }).notNull(),
    subjectId: integer('subject_id').notNull(),
    grade: integer('grade'),
    yearClassId: integer('year_class_id'),
    providerId: integer('provider_id'),
    normAbility: doublePrecision('norm_ability'),
    normSd: doublePrecision('norm_sd'),
    pupilCount: integer('pupil_count'),
    meanAbilityScore: doublePrecision('mean_ability_score'),
    meanPercentile: doublePrecision('mean_percentile'),
    meanLevelValue: doublePrecision('mean_level_value'),
    levelI: integer('level_i'),
    levelIi: integer('level_ii'),
    levelIii: integer('level_iii'),
    levelIv: integer('level_iv'),
    levelV: integer('level_v'),
    referenceCount: integer('reference_count'),
    referenceGrades: integer('reference_grades').array(),
    share1f: doublePrecision('share_1f'),
    shareTarget: doublePrecision('share_target'),
    nationalAbilityScore: doublePrecision('national_ability_score'),
    /** JSON text, not jsonb: a history read sends about 1,100 of these, and jsonb's output costs 3x. */
    tests: text('tests'),
    meanDleLag: doublePrecision('mean_dle_lag'),
  },
  (t) => [index('school_history_rows_school_grade_idx').on(t.schoolId, t.grade)],
);

/** Schools whose school_history_rows are out of date (set by the triggers of migration 0009). */
export const schoolHistoryStale = pgTable('school_history_stale', {
  schoolId: schoolIdColumn().primaryKey(),
  /** Bumped by every marking write: the upsert locks the row, so a recompute in progress waits for the writer. */
  changes: integer('changes').notNull().default(1),
  markedAt: timestamptz('marked_at').notNull().defaultNow(),
});

/** The version of a school's stored history rows, bumped by every recompute (processes cache the rows by it). */
export const schoolHistoryVersions = pgTable('school_history_versions', {
  schoolId: schoolIdColumn().primaryKey(),
  version: integer('version').notNull(),
});
