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
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { NOTE_LAYERS } from '@leerzicht/contract';
import { inList, schoolIdColumn, timestamptz } from './columns';
import { schools } from './schools';
import { subjects } from './catalog';
import { pupils, yearClasses } from './groups';
import { users } from './users';

/** A category of a template's content: name, layer and children; free-form by design (templates evolve). */
export interface TemplateCategory {
  name: string;
  layer: (typeof NOTE_LAYERS)[number];
  children?: TemplateCategory[];
}

/**
 * Group plan templates. System templates (is_system, school_id NULL) are provider-owned and shared by every
 * school: they are the only rows in the school-owned plan tables without a school.
 */
export const groupPlanTemplates = pgTable(
  'group_plan_templates',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').references(() => schools.id, { onDelete: 'cascade' }),
    isSystem: boolean('is_system').notNull().default(false),
    isPublished: boolean('is_published').notNull().default(false),
    name: text('name').notNull(),
    allowedSubjects: integer('allowed_subjects')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    allowedGrades: integer('allowed_grades')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    dateCreated: timestamptz('date_created').notNull().defaultNow(),
    dateChanged: timestamptz('date_changed').notNull().defaultNow(),
    content: jsonb('content')
      .$type<{ categories: TemplateCategory[] }>()
      .notNull()
      .default({ categories: [] }),
  },
  (t) => [
    index('group_plan_templates_school_id_idx').on(t.schoolId),
    check(
      'group_plan_templates_owner_check',
      sql`(${t.isSystem} and ${t.schoolId} is null) or (not ${t.isSystem} and ${t.schoolId} is not null)`,
    ),
  ],
);

/** A group plan for one group and subject; template_id is the spec's group_plan_id (the template it was cloned from). */
export const groupPlans = pgTable(
  'group_plans',
  {
    id: serial('id').primaryKey(),
    schoolId: schoolIdColumn(),
    name: text('name').notNull(),
    subjectId: integer('subject_id')
      .notNull()
      .references(() => subjects.id),
    yearClassId: integer('year_class_id')
      .notNull()
      .references(() => yearClasses.id, { onDelete: 'cascade' }),
    templateId: integer('template_id').references(() => groupPlanTemplates.id, { onDelete: 'set null' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    evaluation: text('evaluation').notNull().default(''),
    dateCreated: timestamptz('date_created').notNull().defaultNow(),
    dateChanged: timestamptz('date_changed').notNull().defaultNow(),
  },
  (t) => [
    index('group_plans_year_class_subject_idx').on(t.yearClassId, t.subjectId),
    index('group_plans_school_id_idx').on(t.schoolId),
    check('group_plans_evaluation_check', sql`char_length(${t.evaluation}) <= 5000`),
  ],
);

/** A (nested) note category of a group plan, in one of the layers GROUP, INSTRUCTION, PUPIL. */
export const noteCategories = pgTable(
  'note_categories',
  {
    id: serial('id').primaryKey(),
    schoolId: schoolIdColumn(),
    name: text('name').notNull(),
    parentNoteCategoryId: integer('parent_note_category_id').references(
      (): AnyPgColumn => noteCategories.id,
      {
        onDelete: 'cascade',
      },
    ),
    position: integer('position').notNull().default(0),
    layer: text('layer', { enum: NOTE_LAYERS }).notNull(),
    groupPlanId: integer('group_plan_id').references(() => groupPlans.id, { onDelete: 'cascade' }),
    isArchived: boolean('is_archived').notNull().default(false),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    dateCreated: timestamptz('date_created').notNull().defaultNow(),
    dateChanged: timestamptz('date_changed').notNull().defaultNow(),
  },
  (t) => [
    index('note_categories_group_plan_id_idx').on(t.groupPlanId),
    index('note_categories_school_id_idx').on(t.schoolId),
    index('note_categories_parent_idx').on(t.parentNoteCategoryId),
    check('note_categories_layer_check', inList(t.layer, NOTE_LAYERS)),
  ],
);

export const groupPlanNotes = pgTable(
  'group_plan_notes',
  {
    id: serial('id').primaryKey(),
    schoolId: schoolIdColumn(),
    noteCategoryId: integer('note_category_id')
      .notNull()
      .references(() => noteCategories.id, { onDelete: 'cascade' }),
    pupilId: integer('pupil_id').references(() => pupils.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    dateCreated: timestamptz('date_created').notNull().defaultNow(),
    dateChanged: timestamptz('date_changed').notNull().defaultNow(),
    dateArchived: timestamptz('date_archived'),
  },
  (t) => [
    index('group_plan_notes_note_category_id_idx').on(t.noteCategoryId),
    index('group_plan_notes_school_pupil_idx').on(t.schoolId, t.pupilId),
  ],
);

/** Places a pupil in a PUPIL/INSTRUCTION-layer note category of a plan. */
export const pupilNoteCategoryLinks = pgTable(
  'pupil_note_category_links',
  {
    id: serial('id').primaryKey(),
    schoolId: schoolIdColumn(),
    pupilId: integer('pupil_id')
      .notNull()
      .references(() => pupils.id, { onDelete: 'cascade' }),
    noteCategoryId: integer('note_category_id')
      .notNull()
      .references(() => noteCategories.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    dateCreated: timestamptz('date_created').notNull().defaultNow(),
    dateChanged: timestamptz('date_changed').notNull().defaultNow(),
  },
  (t) => [
    unique('pupil_note_category_links_pupil_category_key').on(t.pupilId, t.noteCategoryId),
    index('pupil_note_category_links_note_category_id_idx').on(t.noteCategoryId),
  ],
);
