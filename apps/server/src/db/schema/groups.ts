import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { schoolIdColumn, timestamptz } from './columns';
import { users } from './users';

/**
 * A vestiging (location) of a school as its administration system names it in EDEXML (`vestiging` key and naam):
 * the app keeps one school per BRIN, and its pupils and groups say at which of its locations they are.
 */
export const schoolLocations = pgTable(
  'school_locations',
  {
    id: serial('id').primaryKey(),
    schoolId: schoolIdColumn(),
    /** The administration system's key of the vestiging (EDEXML `vestiging/@key`). */
    externalKey: text('external_key').notNull(),
    name: text('name').notNull(),
  },
  (t) => [unique('school_locations_school_key').on(t.schoolId, t.externalKey)],
);

/**
 * A group ("Groep 5A", "Groep 4/5") in one school year. `grade` is the main (for combination groups the
 * highest) grade; each pupil's own grade is on year_class_pupils. "hasGoals" is derived, not stored: a group
 * has goals when a method test score of the group belongs to a method test with test sections that carry a goal.
 */
export const yearClasses = pgTable(
  'year_classes',
  {
    id: serial('id').primaryKey(),
    schoolId: schoolIdColumn(),
    name: text('name').notNull(),
    /** The school year, named by its first calendar year. */
    calendarYear: integer('calendar_year').notNull(),
    grade: integer('grade').notNull(),
    externalKey: text('external_key'),
    /** The vestiging all the group's pupils of the file were at (null: unknown, or more than one). */
    locationId: integer('location_id').references(() => schoolLocations.id, { onDelete: 'set null' }),
  },
  (t) => [
    unique('year_classes_school_year_name_key').on(t.schoolId, t.calendarYear, t.name),
    index('year_classes_school_year_idx').on(t.schoolId, t.calendarYear),
    check('year_classes_grade_check', sql`${t.grade} between 1 and 8`),
  ],
);

export const pupils = pgTable(
  'pupils',
  {
    id: serial('id').primaryKey(),
    schoolId: schoolIdColumn(),
    firstName: text('first_name').notNull(),
    /** voorvoegsel ("van der"); names sort on last_name. */
    lastNamePrefix: text('last_name_prefix').notNull().default(''),
    lastName: text('last_name').notNull(),
    /** voorletters ("IH") as the administration system has them; the first name when it has no other. */
    initials: text('initials'),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    gender: text('gender'),
    externalKey: text('external_key'),
    /** ECK-iD: the pseudonymous chain identifier that matches a pupil across systems (EDEXML @eckid). */
    eckId: text('eck_id'),
    citoIsExcluded: boolean('cito_is_excluded').notNull().default(false),
    /** Why the pupil is excluded from national tests (NATIONAL_TEST_EXCLUSION_REASONS), with a text for OTHER. */
    citoExclusionReason: text('cito_exclusion_reason'),
    citoExclusionReasonText: text('cito_exclusion_reason_text'),
    /** Who last switched the exclusion on or off, and when. */
    citoExclusionChangedById: integer('cito_exclusion_changed_by_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    citoExclusionChangedAt: timestamptz('cito_exclusion_changed_at'),
    showOutflowProfile: boolean('show_outflow_profile').notNull().default(false),
    dateLeft: date('date_left', { mode: 'string' }),
    /** The vestiging the pupil is at (EDEXML `vestiging`); null when the school's files name none. */
    locationId: integer('location_id').references(() => schoolLocations.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('pupils_school_id_idx').on(t.schoolId),
    index('pupils_school_external_key_idx').on(t.schoolId, t.externalKey),
    uniqueIndex('pupils_school_eck_id_key')
      .on(t.schoolId, t.eckId)
      .where(sql`${t.eckId} is not null`),
  ],
);

/** Enrolment of a pupil in a group; `grade` is the pupil's own grade (differs within combination groups). */
export const yearClassPupils = pgTable(
  'year_class_pupils',
  {
    id: serial('id').primaryKey(),
    schoolId: schoolIdColumn(),
    yearClassId: integer('year_class_id')
      .notNull()
      .references(() => yearClasses.id, { onDelete: 'cascade' }),
    pupilId: integer('pupil_id')
      .notNull()
      .references(() => pupils.id, { onDelete: 'cascade' }),
    grade: integer('grade').notNull(),
  },
  (t) => [
    unique('year_class_pupils_class_pupil_key').on(t.yearClassId, t.pupilId),
    index('year_class_pupils_year_class_id_idx').on(t.yearClassId),
    index('year_class_pupils_school_pupil_idx').on(t.schoolId, t.pupilId),
    check('year_class_pupils_grade_check', sql`${t.grade} between 1 and 8`),
  ],
);

export const teacherGroupPermissions = pgTable(
  'teacher_group_permissions',
  {
    id: serial('id').primaryKey(),
    schoolId: schoolIdColumn(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    yearClassId: integer('year_class_id')
      .notNull()
      .references(() => yearClasses.id, { onDelete: 'cascade' }),
  },
  (t) => [
    unique('teacher_group_permissions_user_class_key').on(t.userId, t.yearClassId),
    index('teacher_group_permissions_school_user_idx').on(t.schoolId, t.userId),
  ],
);

export const pinnedPupils = pgTable(
  'pinned_pupils',
  {
    id: serial('id').primaryKey(),
    schoolId: schoolIdColumn(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    pupilId: integer('pupil_id')
      .notNull()
      .references(() => pupils.id, { onDelete: 'cascade' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    unique('pinned_pupils_user_pupil_key').on(t.userId, t.pupilId),
    index('pinned_pupils_school_user_idx').on(t.schoolId, t.userId),
  ],
);
