import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  unique,
} from 'drizzle-orm/pg-core';
import {
  APPROACHES,
  DOORSTROOMTOETS_TESTS,
  OUTFLOW_ADVICES,
  REFERENCE_RESULTS,
  YEAR_TIMES,
} from '@leerzicht/contract';
import { inList, schoolIdColumn, timestamptz } from './columns';
import { methodTests, subjects } from './catalog';
import { pupils, yearClasses } from './groups';
import { methodTestScores, nationalTestScores } from './results';
import { users } from './users';

/**
 * Categories of pupil notes per school. The built-in codes are PUPIL_NOTE_CATEGORIES of the contract
 * (general, method_score, cito_score, social_emotional); a school can add its own (code null).
 */
export const pupilNoteCategories = pgTable(
  'pupil_note_categories',
  {
    id: serial('id').primaryKey(),
    schoolId: schoolIdColumn(),
    code: text('code'),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [unique('pupil_note_categories_school_code_key').on(t.schoolId, t.code)],
);

export const pupilNotes = pgTable(
  'pupil_notes',
  {
    id: serial('id').primaryKey(),
    schoolId: schoolIdColumn(),
    pupilId: integer('pupil_id')
      .notNull()
      .references(() => pupils.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id').references(() => pupilNoteCategories.id, { onDelete: 'set null' }),
    /** The category code (built-in) or name, as the spec's `category`. */
    category: text('category').notNull().default('general'),
    content: text('content').notNull(),
    position: integer('position').notNull().default(0),
    /** Confidential: read only by its author, sencos and school superusers. */
    confidential: boolean('confidential').notNull().default(false),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    dateCreated: timestamptz('date_created').notNull().defaultNow(),
    dateChanged: timestamptz('date_changed').notNull().defaultNow(),
    dateArchived: timestamptz('date_archived'),
  },
  (t) => [index('pupil_notes_school_pupil_idx').on(t.schoolId, t.pupilId)],
);

/** A note on one national (cito_test_score_id) or method (method_test_score_id) test result. */
export const scoreNotes = pgTable(
  'score_notes',
  {
    id: serial('id').primaryKey(),
    schoolId: schoolIdColumn(),
    pupilId: integer('pupil_id')
      .notNull()
      .references(() => pupils.id, { onDelete: 'cascade' }),
    citoTestScoreId: integer('cito_test_score_id').references(() => nationalTestScores.id, {
      onDelete: 'cascade',
    }),
    methodTestScoreId: integer('method_test_score_id').references(() => methodTestScores.id, {
      onDelete: 'cascade',
    }),
    category: text('category').notNull(),
    content: text('content').notNull(),
    /** The forward-looking note; national tests only. */
    forwardLooking: text('forward_looking'),
    /** Confidential: read only by its author, sencos and school superusers. */
    confidential: boolean('confidential').notNull().default(false),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    dateCreated: timestamptz('date_created').notNull().defaultNow(),
    dateChanged: timestamptz('date_changed').notNull().defaultNow(),
  },
  (t) => [
    index('score_notes_school_pupil_idx').on(t.schoolId, t.pupilId),
    index('score_notes_cito_test_score_id_idx').on(t.citoTestScoreId),
    index('score_notes_method_test_score_id_idx').on(t.methodTestScoreId),
    check('score_notes_one_score_check', sql`num_nonnulls(${t.citoTestScoreId}, ${t.methodTestScoreId}) = 1`),
    check(
      'score_notes_forward_looking_check',
      sql`${t.forwardLooking} is null or ${t.citoTestScoreId} is not null`,
    ),
  ],
);

export const YEAR_CLASS_NOTE_KINDS = ['test_moment', 'method_test'] as const;

/** Group notes on a national test moment (with related pupils) or on a method test. */
export const yearClassNotes = pgTable(
  'year_class_notes',
  {
    id: serial('id').primaryKey(),
    schoolId: schoolIdColumn(),
    yearClassId: integer('year_class_id')
      .notNull()
      .references(() => yearClasses.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: YEAR_CLASS_NOTE_KINDS }).notNull(),
    subjectId: integer('subject_id')
      .notNull()
      .references(() => subjects.id),
    calendarYear: integer('calendar_year').notNull(),
    yearTime: text('year_time', { enum: YEAR_TIMES }),
    methodTestId: integer('method_test_id').references(() => methodTests.id),
    content: text('content').notNull(),
    relatedPupilIds: integer('related_pupil_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** Confidential: read only by its author, sencos and school superusers. */
    confidential: boolean('confidential').notNull().default(false),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    dateCreated: timestamptz('date_created').notNull().defaultNow(),
    dateChanged: timestamptz('date_changed').notNull().defaultNow(),
  },
  (t) => [
    index('year_class_notes_year_class_id_idx').on(t.yearClassId),
    // A school's notes of one kind (the school history's moment notes, the retention run) without reading every
    // school's: the only school-owned table queried by school that had no index starting with school_id.
    index('year_class_notes_school_kind_idx').on(t.schoolId, t.kind),
    check('year_class_notes_kind_check', inList(t.kind, YEAR_CLASS_NOTE_KINDS)),
  ],
);

/**
 * The aspects a school rates in social-emotional observations (1-5 each). Every school starts with the default
 * codes of the contract (welbevinden, betrokkenheid, ...) and may rename them or add its own (code null).
 */
export const socialEmotionalAspects = pgTable(
  'social_emotional_aspects',
  {
    id: serial('id').primaryKey(),
    schoolId: schoolIdColumn(),
    code: text('code'),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
    isArchived: boolean('is_archived').notNull().default(false),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [unique('social_emotional_aspects_school_code_key').on(t.schoolId, t.code)],
);

/** A social-emotional observation of a pupil (free instrument name, optional 1-5 rating per aspect). */
export const socialEmotionalObservations = pgTable(
  'social_emotional_observations',
  {
    id: serial('id').primaryKey(),
    schoolId: schoolIdColumn(),
    pupilId: integer('pupil_id')
      .notNull()
      .references(() => pupils.id, { onDelete: 'cascade' }),
    yearClassId: integer('year_class_id').references(() => yearClasses.id, { onDelete: 'set null' }),
    calendarYear: integer('calendar_year').notNull(),
    observedOn: date('observed_on', { mode: 'string' }).notNull(),
    instrument: text('instrument'),
    /** Ratings per aspect, e.g. { "welbevinden": 4, "betrokkenheid": 3 }; instruments differ, so free-form. */
    ratings: jsonb('ratings').$type<Record<string, number>>().notNull().default({}),
    content: text('content').notNull().default(''),
    /** Confidential: read only by its author, sencos and school superusers. */
    confidential: boolean('confidential').notNull().default(false),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    dateCreated: timestamptz('date_created').notNull().defaultNow(),
  },
  (t) => [index('social_emotional_observations_school_pupil_idx').on(t.schoolId, t.pupilId)],
);

/** The instruction group (approach) of a pupil per subject and school year. */
export const pupilApproaches = pgTable(
  'pupil_approaches',
  {
    id: serial('id').primaryKey(),
    schoolId: schoolIdColumn(),
    pupilId: integer('pupil_id')
      .notNull()
      .references(() => pupils.id, { onDelete: 'cascade' }),
    subjectId: integer('subject_id')
      .notNull()
      .references(() => subjects.id),
    yearClassId: integer('year_class_id').references(() => yearClasses.id, { onDelete: 'set null' }),
    calendarYear: integer('calendar_year').notNull(),
    approach: text('approach', { enum: APPROACHES }).notNull(),
    changedBy: integer('changed_by').references(() => users.id, { onDelete: 'set null' }),
    dateChanged: timestamptz('date_changed').notNull().defaultNow(),
  },
  (t) => [
    unique('pupil_approaches_pupil_subject_year_key').on(t.pupilId, t.subjectId, t.calendarYear),
    index('pupil_approaches_school_pupil_idx').on(t.schoolId, t.pupilId),
    index('pupil_approaches_year_class_id_idx').on(t.yearClassId),
    check('pupil_approaches_approach_check', inList(t.approach, APPROACHES)),
  ],
);

export const pupilApproachLogs = pgTable(
  'pupil_approach_logs',
  {
    id: serial('id').primaryKey(),
    schoolId: schoolIdColumn(),
    pupilId: integer('pupil_id')
      .notNull()
      .references(() => pupils.id, { onDelete: 'cascade' }),
    subjectId: integer('subject_id')
      .notNull()
      .references(() => subjects.id),
    yearClassId: integer('year_class_id').references(() => yearClasses.id, { onDelete: 'set null' }),
    schoolYear: integer('school_year').notNull(),
    approach: text('approach', { enum: APPROACHES }).notNull(),
    changedBy: integer('changed_by').references(() => users.id, { onDelete: 'set null' }),
    date: timestamptz('date').notNull().defaultNow(),
  },
  (t) => [
    index('pupil_approach_logs_school_pupil_idx').on(t.schoolId, t.pupilId),
    check('pupil_approach_logs_approach_check', inList(t.approach, APPROACHES)),
  ],
);

/** The secondary-school advice given in grade 8 (one per pupil). */
export const pupilOutflowAdvice = pgTable(
  'pupil_outflow_advice',
  {
    id: serial('id').primaryKey(),
    schoolId: schoolIdColumn(),
    pupilId: integer('pupil_id')
      .notNull()
      .unique()
      .references(() => pupils.id, { onDelete: 'cascade' }),
    outflowAdvice: text('outflow_advice', { enum: OUTFLOW_ADVICES }).notNull(),
    calendarYear: integer('calendar_year').notNull(),
    /** Score of the national end-of-school test (doorstroomtoets, 150-200) where known. */
    finalTestScore: integer('final_test_score'),
    changedBy: integer('changed_by').references(() => users.id, { onDelete: 'set null' }),
    dateChanged: timestamptz('date_changed').notNull().defaultNow(),
  },
  (t) => [
    index('pupil_outflow_advice_school_year_idx').on(t.schoolId, t.calendarYear),
    check('pupil_outflow_advice_advice_check', inList(t.outflowAdvice, OUTFLOW_ADVICES)),
  ],
);

/**
 * A pupil's doorstroomtoets result (groep 8): the test, its date and school year, the reference level reached per
 * domain ('<1F', '1F', '2F', '1S') and the test's advice. Entered or corrected by hand; several per pupil are
 * possible (the inspection counts the latest of a school year).
 */
export const pupilDoorstroomtoets = pgTable(
  'pupil_doorstroomtoets',
  {
    id: serial('id').primaryKey(),
    schoolId: schoolIdColumn(),
    pupilId: integer('pupil_id')
      .notNull()
      .references(() => pupils.id, { onDelete: 'cascade' }),
    test: text('test', { enum: DOORSTROOMTOETS_TESTS }).notNull(),
    testDate: date('test_date').notNull(),
    calendarYear: integer('calendar_year').notNull(),
    lezen: text('lezen', { enum: REFERENCE_RESULTS }).notNull(),
    taalverzorging: text('taalverzorging', { enum: REFERENCE_RESULTS }).notNull(),
    rekenen: text('rekenen', { enum: REFERENCE_RESULTS }).notNull(),
    advice: text('advice', { enum: OUTFLOW_ADVICES }),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    changedById: integer('changed_by_id').references(() => users.id, { onDelete: 'set null' }),
    changedAt: timestamptz('changed_at').notNull().defaultNow(),
  },
  (t) => [
    index('pupil_doorstroomtoets_school_pupil_idx').on(t.schoolId, t.pupilId),
    index('pupil_doorstroomtoets_school_year_idx').on(t.schoolId, t.calendarYear),
    check('pupil_doorstroomtoets_test_check', inList(t.test, DOORSTROOMTOETS_TESTS)),
    check('pupil_doorstroomtoets_lezen_check', inList(t.lezen, REFERENCE_RESULTS)),
    check('pupil_doorstroomtoets_taalverzorging_check', inList(t.taalverzorging, REFERENCE_RESULTS)),
    check('pupil_doorstroomtoets_rekenen_check', inList(t.rekenen, REFERENCE_RESULTS)),
    check('pupil_doorstroomtoets_advice_check', inList(t.advice, OUTFLOW_ADVICES)),
  ],
);

/** The school's outflow distribution per year (count of pupils per advice). */
export const schoolOutflow = pgTable(
  'school_outflow',
  {
    id: serial('id').primaryKey(),
    schoolId: schoolIdColumn(),
    calendarYear: integer('calendar_year').notNull(),
    advice: text('advice', { enum: OUTFLOW_ADVICES }).notNull(),
    count: integer('count').notNull(),
  },
  (t) => [
    unique('school_outflow_school_year_advice_key').on(t.schoolId, t.calendarYear, t.advice),
    check('school_outflow_advice_check', inList(t.advice, OUTFLOW_ADVICES)),
  ],
);
