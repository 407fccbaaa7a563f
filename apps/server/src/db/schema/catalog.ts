import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, real, serial, text, unique } from 'drizzle-orm/pg-core';
import { SUBJECT_CODES, TEST_PROVIDERS, YEAR_TIMES } from '@leerzicht/contract';
import { inList } from './columns';

/*
 * The test catalogue is global (shared by all schools, maintained by the provider): subjects, test providers,
 * national tests, teaching methods with their tests, and the sections, goals and domains of those tests.
 */

export const subjects = pgTable(
  'subjects',
  {
    id: serial('id').primaryKey(),
    code: text('code', { enum: SUBJECT_CODES }).notNull().unique(),
    nameNl: text('name_nl').notNull(),
    nameEn: text('name_en').notNull(),
    position: integer('position').notNull(),
    isPreschool: boolean('is_preschool').notNull().default(false),
  },
  (t) => [check('subjects_code_check', inList(t.code, SUBJECT_CODES))],
);

export const testProviders = pgTable(
  'test_providers',
  {
    id: serial('id').primaryKey(),
    code: text('code', { enum: TEST_PROVIDERS }).notNull().unique(),
    name: text('name').notNull(),
    /** Lower wins where a pupil has results of several providers (CITO 1, DIA 2, IEP 3). */
    priority: integer('priority').notNull(),
  },
  (t) => [check('test_providers_code_check', inList(t.code, TEST_PROVIDERS))],
);

export const nationalTests = pgTable(
  'national_tests',
  {
    id: serial('id').primaryKey(),
    providerId: integer('provider_id')
      .notNull()
      .references(() => testProviders.id),
    subjectId: integer('subject_id')
      .notNull()
      .references(() => subjects.id),
    code: text('code').notNull(),
    name: text('name').notNull(),
    version: text('version').notNull().default(''),
    gradeFrom: integer('grade_from').notNull(),
    gradeTo: integer('grade_to').notNull(),
    /** Set when the test belongs to one moment only. */
    yearTime: text('year_time', { enum: YEAR_TIMES }),
  },
  (t) => [
    unique('national_tests_provider_code_key').on(t.providerId, t.code),
    check('national_tests_year_time_check', sql`${t.yearTime} is null or ${inList(t.yearTime, YEAR_TIMES)}`),
  ],
);

/** A teaching method (lesmethode), e.g. "Pluspunt" for arithmetic. */
export const methods = pgTable('methods', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  subjectId: integer('subject_id')
    .notNull()
    .references(() => subjects.id),
  publisher: text('publisher'),
});

/** One test of a method, per grade and block (chapter). */
export const methodTests = pgTable(
  'method_tests',
  {
    id: serial('id').primaryKey(),
    methodId: integer('method_id')
      .notNull()
      .references(() => methods.id, { onDelete: 'cascade' }),
    subjectId: integer('subject_id')
      .notNull()
      .references(() => subjects.id),
    name: text('name').notNull(),
    grade: integer('grade').notNull(),
    block: integer('block').notNull(),
    chapter: text('chapter'),
    position: integer('position').notNull(),
    maxScore: integer('max_score').notNull(),
  },
  (t) => [index('method_tests_method_grade_idx').on(t.methodId, t.grade)],
);

/** A learning domain of a subject (e.g. "Getallen", "Meten en meetkunde"). */
export const domains = pgTable('domains', {
  id: serial('id').primaryKey(),
  subjectId: integer('subject_id')
    .notNull()
    .references(() => subjects.id),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  position: integer('position').notNull().default(0),
});

/** A learning goal within a domain. */
export const goals = pgTable('goals', {
  id: serial('id').primaryKey(),
  domainId: integer('domain_id')
    .notNull()
    .references(() => domains.id, { onDelete: 'cascade' }),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  grade: integer('grade'),
});

/** A section of a (method or national) test, mapped to a goal and domain: the group "test overview". */
export const testSections = pgTable(
  'test_sections',
  {
    id: serial('id').primaryKey(),
    methodTestId: integer('method_test_id').references(() => methodTests.id, { onDelete: 'cascade' }),
    nationalTestId: integer('national_test_id').references(() => nationalTests.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    subtypeId: integer('subtype_id'),
    subtypeName: text('subtype_name'),
    goalId: integer('goal_id').references(() => goals.id, { onDelete: 'set null' }),
    domainId: integer('domain_id').references(() => domains.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    details: text('details').notNull().default(''),
    position: integer('position').notNull().default(0),
    maxScore: integer('max_score').notNull(),
  },
  (t) => [
    index('test_sections_method_test_id_idx').on(t.methodTestId),
    index('test_sections_national_test_id_idx').on(t.nationalTestId),
    check('test_sections_one_test_check', sql`num_nonnulls(${t.methodTestId}, ${t.nationalTestId}) = 1`),
  ],
);

/**
 * The national average ability score (norm) of a provider's test of a subject at a grade and moment, on the
 * provider's scale: the "national average" line of the results pages. Global, maintained with the catalogue
 * (the demo data loads SYNTHETIC curves, see seed/norms.ts).
 */
export const nationalNorms = pgTable(
  'national_norms',
  {
    id: serial('id').primaryKey(),
    providerId: integer('provider_id')
      .notNull()
      .references(() => testProviders.id),
    subjectId: integer('subject_id')
      .notNull()
      .references(() => subjects.id),
    grade: integer('grade').notNull(),
    yearTime: text('year_time', { enum: YEAR_TIMES }).notNull(),
    abilityScore: real('ability_score').notNull(),
    /** Standard deviation of the norm group's ability scores; null where the provider does not publish one. */
    abilitySd: real('ability_sd'),
  },
  (t) => [
    unique('national_norms_provider_subject_moment_key').on(t.providerId, t.subjectId, t.grade, t.yearTime),
    check('national_norms_year_time_check', inList(t.yearTime, YEAR_TIMES)),
    check('national_norms_grade_check', sql`${t.grade} between 1 and 8`),
  ],
);
