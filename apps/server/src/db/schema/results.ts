import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  real,
  serial,
  text,
  unique,
} from 'drizzle-orm/pg-core';
import {
  ALPHABETICAL_LEVELS,
  PERFORMANCE_LETTERS,
  REFERENCE_RESULTS,
  ROMAN_LEVELS,
  YEAR_TIMES,
} from '@leerzicht/contract';
import { inList, schoolIdColumn } from './columns';
import { methodTests, nationalTests, subjects, testProviders, testSections } from './catalog';
import { pupils, yearClasses } from './groups';

function nullOrIn(column: Parameters<typeof inList>[0], values: readonly string[]) {
  return sql`${column} is null or ${inList(column, values)}`;
}

/** One national test result (CITO, DIA, IEP) of a pupil at a moment. subject_id and provider_id are denormalised. */
export const nationalTestScores = pgTable(
  'national_test_scores',
  {
    id: serial('id').primaryKey(),
    schoolId: schoolIdColumn(),
    pupilId: integer('pupil_id')
      .notNull()
      .references(() => pupils.id, { onDelete: 'cascade' }),
    yearClassId: integer('year_class_id')
      .notNull()
      .references(() => yearClasses.id, { onDelete: 'cascade' }),
    nationalTestId: integer('national_test_id')
      .notNull()
      .references(() => nationalTests.id),
    subjectId: integer('subject_id')
      .notNull()
      .references(() => subjects.id),
    providerId: integer('provider_id')
      .notNull()
      .references(() => testProviders.id),
    /** School year, named by its first calendar year. */
    calendarYear: integer('calendar_year').notNull(),
    yearTime: text('year_time', { enum: YEAR_TIMES }).notNull(),
    grade: integer('grade').notNull(),
    testDate: date('test_date', { mode: 'string' }),
    levelValue: integer('level_value'),
    abilityScore: real('ability_score'),
    percentile: integer('percentile'),
    alphabetical: text('alphabetical', { enum: ALPHABETICAL_LEVELS }),
    roman: text('roman', { enum: ROMAN_LEVELS }),
    functionalLevel: text('functional_level'),
    dle: integer('dle'),
    /** The score lies above what the DLE tables reach (dle is then 60, shown as "> 60"). */
    dleAboveScale: boolean('dle_above_scale').notNull().default(false),
    /** null: not applicable; '<1F': below 1F. */
    referenceLevel: text('reference_level', { enum: REFERENCE_RESULTS }),
    projectedReferenceLevel: text('projected_reference_level', { enum: REFERENCE_RESULTS }),
  },
  (t) => [
    index('national_test_scores_school_moment_idx').on(t.schoolId, t.calendarYear, t.yearTime),
    index('national_test_scores_school_pupil_idx').on(t.schoolId, t.pupilId),
    index('national_test_scores_year_class_id_idx').on(t.yearClassId),
    check('national_test_scores_year_time_check', inList(t.yearTime, YEAR_TIMES)),
    check(
      'national_test_scores_level_value_check',
      sql`${t.levelValue} is null or ${t.levelValue} between 0 and 5`,
    ),
    check(
      'national_test_scores_percentile_check',
      sql`${t.percentile} is null or ${t.percentile} between 0 and 100`,
    ),
    check('national_test_scores_alphabetical_check', nullOrIn(t.alphabetical, ALPHABETICAL_LEVELS)),
    check('national_test_scores_roman_check', nullOrIn(t.roman, ROMAN_LEVELS)),
    check('national_test_scores_reference_level_check', nullOrIn(t.referenceLevel, REFERENCE_RESULTS)),
    check(
      'national_test_scores_projected_reference_level_check',
      nullOrIn(t.projectedReferenceLevel, REFERENCE_RESULTS),
    ),
  ],
);

/** A method test result; `performance` is the letter G (goed), V (voldoende), M (matig), O (onvoldoende). */
export const methodTestScores = pgTable(
  'method_test_scores',
  {
    id: serial('id').primaryKey(),
    schoolId: schoolIdColumn(),
    pupilId: integer('pupil_id')
      .notNull()
      .references(() => pupils.id, { onDelete: 'cascade' }),
    yearClassId: integer('year_class_id')
      .notNull()
      .references(() => yearClasses.id, { onDelete: 'cascade' }),
    methodTestId: integer('method_test_id')
      .notNull()
      .references(() => methodTests.id),
    subjectId: integer('subject_id')
      .notNull()
      .references(() => subjects.id),
    calendarYear: integer('calendar_year').notNull(),
    score: real('score').notNull(),
    performance: text('performance', { enum: PERFORMANCE_LETTERS }).notNull(),
    testDate: date('test_date', { mode: 'string' }).notNull(),
  },
  (t) => [
    index('method_test_scores_school_pupil_idx').on(t.schoolId, t.pupilId),
    index('method_test_scores_year_class_id_idx').on(t.yearClassId),
    index('method_test_scores_school_year_idx').on(t.schoolId, t.calendarYear),
    check('method_test_scores_performance_check', inList(t.performance, PERFORMANCE_LETTERS)),
  ],
);

/** Score of one section of a method test result (feeds the group "test overview" per goal). */
export const testSectionScores = pgTable(
  'test_section_scores',
  {
    id: serial('id').primaryKey(),
    schoolId: schoolIdColumn(),
    pupilId: integer('pupil_id')
      .notNull()
      .references(() => pupils.id, { onDelete: 'cascade' }),
    methodTestScoreId: integer('method_test_score_id')
      .notNull()
      .references(() => methodTestScores.id, { onDelete: 'cascade' }),
    testSectionId: integer('test_section_id')
      .notNull()
      .references(() => testSections.id),
    score: real('score').notNull(),
    maxScore: integer('max_score').notNull(),
  },
  (t) => [
    unique('test_section_scores_score_section_key').on(t.methodTestScoreId, t.testSectionId),
    index('test_section_scores_school_pupil_idx').on(t.schoolId, t.pupilId),
  ],
);

/** The low and high score band a school aims for per subject (percentile scale). */
export const schoolAmbitions = pgTable(
  'school_ambitions',
  {
    id: serial('id').primaryKey(),
    schoolId: schoolIdColumn(),
    subjectId: integer('subject_id')
      .notNull()
      .references(() => subjects.id),
    lowScore: real('low_score').notNull(),
    highScore: real('high_score').notNull(),
  },
  (t) => [
    unique('school_ambitions_school_subject_key').on(t.schoolId, t.subjectId),
    check('school_ambitions_band_check', sql`${t.lowScore} <= ${t.highScore}`),
  ],
);
