import { z } from 'zod';
import { EVALUATION_MAX, HIGHEST_GRADE, NOTE_LAYERS, type NoteLayer } from '../constants';
import { idParam, idSchema, intParam, multilineText, text } from './common';

/*
 * Group plans (spec sections 3, 5, 6 and 7, "Group plans and notes"). A template (a school's own, or a system
 * template of the provider's staff shared by every school) holds a tree of note categories; a group plan of a group
 * and subject starts empty, from a template (its tree becomes the plan's note categories) or from an earlier plan
 * (a deep copy). Field names as the specification writes them: snake_case where it names them, else camelCase.
 */

/** Templates hold the group and instruction layers; pupil categories are made per plan. */
export const TEMPLATE_LAYERS = ['GROUP', 'INSTRUCTION'] as const satisfies readonly NoteLayer[];
export type TemplateLayer = (typeof TEMPLATE_LAYERS)[number];
/** Levels of a template's tree: a root and at most three levels below it. */
export const TEMPLATE_MAX_DEPTH = 4;
/** Categories in one template, at every level together. */
export const TEMPLATE_MAX_CATEGORIES = 200;
export const TEMPLATE_CATEGORY_NAME_MAX = 100;
/** Names of templates and plans. */
export const GROUP_PLAN_NAME_MAX = 200;
/** `GET /recent_plans`: at most this many, newest first. */
export const RECENT_PLANS_MAX = 10;
/** What `include[]` of the template list may ask for: the category tree. */
export const TEMPLATE_INCLUDES = ['content'] as const;
/** What `include[]` of the recent plans may ask for: each plan's category tree. */
export const RECENT_PLAN_INCLUDES = ['categories'] as const;
/** Fields the template list can be ordered on (`ordering=name`, `ordering=-date_changed,name`). */
export const TEMPLATE_ORDERINGS = ['name', 'date_changed', 'is_published', 'is_system', 'id'] as const;
export type TemplateOrderingField = (typeof TEMPLATE_ORDERINGS)[number];

/** Messages of the per-field errors, so the web app can show them in its own words. */
export const GROUP_PLAN_ERRORS = {
  required: 'Field is required',
  evaluation: `An evaluation can have at most ${EVALUATION_MAX} characters`,
  tooDeep: `Categories can be nested at most ${TEMPLATE_MAX_DEPTH} levels deep.`,
  tooMany: `A template can have at most ${TEMPLATE_MAX_CATEGORIES} categories.`,
  nothingToChange: 'Give at least one field to change.',
  systemWithSchool: 'A system template belongs to no school.',
  unknownSubject: 'This subject does not exist.',
  unknownTemplate: 'This template does not exist or is not available to this school.',
  templateSubject: 'This template is not meant for this subject.',
  templateGrade: "This template is not meant for the group's grade.",
  unknownPlan: 'This plan does not exist at the school of the group.',
  planSubject: 'This plan is of another subject.',
  oneSource: 'Start from a template or from an earlier plan, not both.',
  endBeforeStart: 'The end date cannot be before the start date.',
  date: 'Enter a date from 1900-01-01 to 2999-12-31.',
  filterRequired: 'Give school_id or yearclass_id.',
  ordering: `Order on ${TEMPLATE_ORDERINGS.join(', ')}, comma-separated, each with - for descending.`,
} as const;

const required = { error: GROUP_PLAN_ERRORS.required };
const planName = text(required).trim().min(1, GROUP_PLAN_ERRORS.required).max(GROUP_PLAN_NAME_MAX);
const gradeSchema = z.number().int().min(1).max(HIGHEST_GRADE);

/**
 * A bracket array of the query string (`include[]=a&include[]=b`, read as a list) of the given values; a single
 * `include=a` is read as a list of one.
 */
function includeParam<const V extends readonly [string, ...string[]]>(values: V) {
  const value = z.enum(values);
  return z
    .union([value, z.array(value).max(values.length * 2)])
    .transform((given) => [...new Set(Array.isArray(given) ? given : [given])]);
}

/* ---------- templates ---------- */

/** A category of a template as it is written: a name, a layer and its children, at most TEMPLATE_MAX_DEPTH deep. */
export interface TemplateCategoryInput {
  name: string;
  layer: TemplateLayer;
  children?: TemplateCategoryInput[];
}

/**
 * The tree's levels spelled out (not a recursive schema), so that a request can never make validation recurse
 * deeper than the limit and the OpenAPI document describes every level. Children below the last level are
 * refused with the depth message.
 */
function templateCategoryAt(depth: number): z.ZodType<TemplateCategoryInput> {
  const children =
    depth >= TEMPLATE_MAX_DEPTH
      ? z
          .array(z.unknown())
          .max(0, GROUP_PLAN_ERRORS.tooDeep)
          .transform((): TemplateCategoryInput[] => [])
      : z.array(templateCategoryAt(depth + 1)).max(TEMPLATE_MAX_CATEGORIES, GROUP_PLAN_ERRORS.tooMany);
  return z.object({
    name: text(required).trim().min(1, GROUP_PLAN_ERRORS.required).max(TEMPLATE_CATEGORY_NAME_MAX),
    layer: z.enum(TEMPLATE_LAYERS),
    children: children.optional(),
  });
}

/** The number of categories of a tree, at every level. */
export function countTemplateCategories(categories: readonly { children?: readonly unknown[] }[]): number {
  let count = 0;
  const stack: { children?: readonly unknown[] }[] = [...categories];
  while (stack.length > 0) {
    const node = stack.pop();
    count += 1;
    for (const child of node?.children ?? []) {
      if (typeof child === 'object' && child !== null) stack.push(child);
    }
  }
  return count;
}

export const templateContentInputSchema = z
  .object({
    categories: z.array(templateCategoryAt(1)).max(TEMPLATE_MAX_CATEGORIES, GROUP_PLAN_ERRORS.tooMany),
  })
  .superRefine((value, context) => {
    if (countTemplateCategories(value.categories) > TEMPLATE_MAX_CATEGORIES)
      context.addIssue({ code: 'custom', path: ['categories'], message: GROUP_PLAN_ERRORS.tooMany });
  });
export type TemplateContentInput = z.input<typeof templateContentInputSchema>;

/** A category of a stored template as answered (stored templates may hold any layer; children always given). */
export interface TemplateCategoryView {
  name: string;
  layer: NoteLayer;
  children: TemplateCategoryView[];
}
export const templateCategorySchema: z.ZodType<TemplateCategoryView> = z.lazy(() =>
  z.object({
    name: z.string(),
    layer: z.enum(NOTE_LAYERS),
    children: z.array(templateCategorySchema),
  }),
);
export const templateContentSchema = z.object({ categories: z.array(templateCategorySchema) });
export type TemplateContent = z.infer<typeof templateContentSchema>;

export const groupPlanTemplateSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  is_published: z.boolean(),
  is_system: z.boolean(),
  /** Who last changed it; empty when the account no longer exists. */
  user_name: z.string(),
  date_changed: z.string(),
  /** Subject ids it may be used for; empty: every subject. */
  allowed_subjects: z.array(z.number().int()),
  /** Grades it may be used for; empty: every grade. */
  allowed_grades: z.array(z.number().int()),
  /** null for a system template. */
  school_id: z.number().int().nullable(),
  /** Whether the caller may change, publish and delete it (provider staff: system templates; superusers: the school's). */
  canEdit: z.boolean(),
  /** Only with `include[]=content`. */
  content: templateContentSchema.optional(),
});
export type GroupPlanTemplate = z.infer<typeof groupPlanTemplateSchema>;
export const groupPlanTemplateListSchema = z.array(groupPlanTemplateSchema);

const orderingPattern = new RegExp(
  `^-?(${TEMPLATE_ORDERINGS.join('|')})(,-?(${TEMPLATE_ORDERINGS.join('|')})){0,4}$`,
);

/**
 * `GET /group_plan_templates/?school_id=&include[]=&ordering=&subject_id=&is_published=&grade=`: the school's
 * templates and the system templates. `subject_id` and `grade` keep the templates allowed for them (an empty
 * allowed list allows all); unpublished ones only for those who manage them. Ordered by name unless asked.
 */
export const groupPlanTemplateQuerySchema = z.object({
  school_id: idParam,
  include: includeParam(TEMPLATE_INCLUDES).optional(),
  ordering: text()
    .regex(orderingPattern, GROUP_PLAN_ERRORS.ordering)
    .transform((value) =>
      value.split(',').flatMap((part) => {
        const field = TEMPLATE_ORDERINGS.find((name) => name === part.replace(/^-/, ''));
        return field ? [{ field, descending: part.startsWith('-') }] : [];
      }),
    )
    .optional(),
  subject_id: idParam.optional(),
  is_published: z.enum(['true', 'false']).optional(),
  grade: intParam(1, HIGHEST_GRADE).optional(),
});
export type GroupPlanTemplateQuery = z.input<typeof groupPlanTemplateQuerySchema>;

const allowedSubjects = z.array(idSchema).max(50);
const allowedGrades = z.array(gradeSchema).max(HIGHEST_GRADE);

/**
 * `POST /group_plan_templates/`: a school's template (`school_id`, by its superusers) or a system template
 * (`is_system`, no school, by provider staff).
 */
export const groupPlanTemplateCreateSchema = z
  .object({
    name: planName,
    school_id: idSchema.nullable().optional().default(null),
    is_system: z.boolean().optional().default(false),
    is_published: z.boolean().optional().default(false),
    allowed_subjects: allowedSubjects.optional().default([]),
    allowed_grades: allowedGrades.optional().default([]),
    content: templateContentInputSchema.optional().default({ categories: [] }),
  })
  .superRefine((value, context) => {
    if (value.is_system && value.school_id !== null)
      context.addIssue({ code: 'custom', path: ['school_id'], message: GROUP_PLAN_ERRORS.systemWithSchool });
    if (!value.is_system && value.school_id === null)
      context.addIssue({ code: 'custom', path: ['school_id'], message: GROUP_PLAN_ERRORS.required });
  });
export type GroupPlanTemplateCreate = z.input<typeof groupPlanTemplateCreateSchema>;

/** `PATCH /group_plan_templates/{id}/`: the given fields change (a template stays system or of its school). */
export const groupPlanTemplateUpdateSchema = z
  .object({
    name: planName.optional(),
    is_published: z.boolean().optional(),
    allowed_subjects: allowedSubjects.optional(),
    allowed_grades: allowedGrades.optional(),
    content: templateContentInputSchema.optional(),
  })
  .refine((value) => Object.values(value).some((field) => field !== undefined), {
    message: GROUP_PLAN_ERRORS.nothingToChange,
  });
export type GroupPlanTemplateUpdate = z.input<typeof groupPlanTemplateUpdateSchema>;

/* ---------- group plans ---------- */

const planDate = z.iso
  .date({ error: GROUP_PLAN_ERRORS.date, abort: true })
  .refine((value) => value >= '1900-01-01' && value <= '2999-12-31', GROUP_PLAN_ERRORS.date);

export const groupPlanSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  subject_id: z.number().int(),
  yearclass_id: z.number().int(),
  /**
   * The template the plan descends from: the one it was made from, or, for a copy of an earlier plan, that plan's
   * (a plan copied from a plan keeps its template line). null: started empty, or the template was deleted.
   */
  group_plan_id: z.number().int().nullable(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  evaluation: z.string(),
  /** Who made the plan; empty when the account no longer exists. */
  userName: z.string(),
  dateCreated: z.string(),
  dateChanged: z.string(),
});
export type GroupPlan = z.infer<typeof groupPlanSchema>;
export const groupPlanListSchema = z.array(groupPlanSchema);

/** `GET /group_plans/?yearclass_id=&subject_id=`: the group's plans (of the subject), newest first. */
export const groupPlanQuerySchema = z.object({
  yearclass_id: idParam,
  subject_id: idParam.optional(),
});
export type GroupPlanQuery = z.input<typeof groupPlanQuerySchema>;

/**
 * `POST /group_plans/`: a plan of a group and subject; empty, from a template (`templateId`: its tree becomes the
 * plan's note categories) or from an earlier plan of the school (`fromPlanId`: a deep, independent copy of its
 * categories, its notes that are not archived and the placements of pupils who are in the new group).
 */
export const groupPlanCreateSchema = z
  .object({
    name: planName,
    subject_id: idSchema,
    yearclass_id: idSchema,
    startDate: planDate.nullable().optional().default(null),
    endDate: planDate.nullable().optional().default(null),
    templateId: idSchema.optional(),
    fromPlanId: idSchema.optional(),
  })
  .superRefine((value, context) => {
    if (value.templateId !== undefined && value.fromPlanId !== undefined)
      context.addIssue({ code: 'custom', path: ['fromPlanId'], message: GROUP_PLAN_ERRORS.oneSource });
    if (value.startDate !== null && value.endDate !== null && value.endDate < value.startDate)
      context.addIssue({ code: 'custom', path: ['endDate'], message: GROUP_PLAN_ERRORS.endBeforeStart });
  });
export type GroupPlanCreate = z.input<typeof groupPlanCreateSchema>;

/** `PATCH /group_plans/{id}`: name, period (null clears a date) and evaluation. */
export const groupPlanUpdateSchema = z
  .object({
    name: planName.optional(),
    startDate: planDate.nullable().optional(),
    endDate: planDate.nullable().optional(),
    evaluation: multilineText().max(EVALUATION_MAX, GROUP_PLAN_ERRORS.evaluation).optional(),
  })
  .refine((value) => Object.values(value).some((field) => field !== undefined), {
    message: GROUP_PLAN_ERRORS.nothingToChange,
  });
export type GroupPlanUpdate = z.input<typeof groupPlanUpdateSchema>;

/* ---------- recent plans ---------- */

/** A note category of a plan as the recent plans show it (with `include[]=categories`), by position. */
export interface PlanCategory {
  id: number;
  name: string;
  layer: NoteLayer;
  isArchived: boolean;
  children: PlanCategory[];
}
export const planCategorySchema: z.ZodType<PlanCategory> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    name: z.string(),
    layer: z.enum(NOTE_LAYERS),
    isArchived: z.boolean(),
    children: z.array(planCategorySchema),
  }),
);

export const recentPlanSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Who made the plan; empty when the account no longer exists. */
  userName: z.string(),
  yearclassId: z.number().int(),
  yearclassName: z.string(),
  yearclassCalendarYear: z.number().int(),
  categories: z.array(planCategorySchema).optional(),
});
export type RecentPlan = z.infer<typeof recentPlanSchema>;
export const recentPlanListSchema = z.array(recentPlanSchema);

/**
 * `GET /recent_plans/?school_id=|yearclass_id=&subject_id=&include[]=categories`: the latest plans of the school
 * (those of a teacher's groups) or of one group, newest first, at most RECENT_PLANS_MAX: where to continue from.
 */
export const recentPlanQuerySchema = z
  .object({
    school_id: idParam.optional(),
    yearclass_id: idParam.optional(),
    subject_id: idParam.optional(),
    include: includeParam(RECENT_PLAN_INCLUDES).optional(),
  })
  .refine((value) => value.school_id !== undefined || value.yearclass_id !== undefined, {
    message: GROUP_PLAN_ERRORS.filterRequired,
  });
export type RecentPlanQuery = z.input<typeof recentPlanQuerySchema>;
