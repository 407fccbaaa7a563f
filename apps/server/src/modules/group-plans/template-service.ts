import {
  GROUP_PLAN_ERRORS,
  type GroupPlanTemplate,
  type groupPlanTemplateCreateSchema,
  type groupPlanTemplateQuerySchema,
  type groupPlanTemplateUpdateSchema,
} from '@leerzicht/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { writeAudit } from '../../platform/audit';
import { badRequest } from '../../platform/http-errors';
import type { ActiveSession } from '../../platform/sessions';
import { listSubjects } from '../catalog/index';
import type { AllowedTemplate } from './access';
import { toStoredContent } from './category-tree';
import { storedContent } from './stored-content';
import { userName } from './user-name';
import { canManageTemplate, canSeeTemplate, type TemplateViewer } from './policy';
import {
  deleteTemplate,
  findTemplateView,
  insertTemplate,
  listTemplateViews,
  updateTemplate,
  type TemplateView,
} from './template-repository';

/*
 * Templates are no pupil data: their routes are not audited as such, but every change is written to the audit
 * log as a template change (who, which template, whether a system one), in the transaction of the change.
 */

function toTemplate(row: TemplateView, viewer: TemplateViewer, withContent: boolean): GroupPlanTemplate {
  return {
    id: row.id,
    name: row.name,
    is_published: row.isPublished,
    is_system: row.isSystem,
    user_name: userName(row),
    date_changed: row.dateChanged.toISOString(),
    allowed_subjects: row.allowedSubjects,
    allowed_grades: row.allowedGrades,
    school_id: row.schoolId,
    canEdit: canManageTemplate(viewer, row),
    ...(withContent ? { content: storedContent(row) } : {}),
  };
}

/** The template as stored, for the answer: read in the write's transaction, so a failed read undoes the write. */
async function templateById(db: Db, id: number, viewer: TemplateViewer): Promise<GroupPlanTemplate> {
  const row = await findTemplateView(db, id);
  if (!row) throw new Error('group plan template not found after writing it');
  return toTemplate(row, viewer, true);
}

/** Sorted, without repeats. */
const distinct = (values: readonly number[]) => [...new Set(values)].sort((a, b) => a - b);

/** Every subject id must exist (400 on allowed_subjects). */
async function checkSubjects(ctx: AppContext, subjectIds: readonly number[] | undefined): Promise<void> {
  if (subjectIds === undefined || subjectIds.length === 0) return;
  const known = new Set((await listSubjects(ctx.db)).map((subject) => subject.id));
  if (subjectIds.some((id) => !known.has(id)))
    throw badRequest('Invalid input.', { allowed_subjects: [GROUP_PLAN_ERRORS.unknownSubject] });
}

/** The templates of the school the policy allowed that `viewer` sees. */
export async function listTemplates(
  ctx: AppContext,
  viewer: TemplateViewer,
  query: z.output<typeof groupPlanTemplateQuerySchema>,
): Promise<GroupPlanTemplate[]> {
  const rows = await listTemplateViews(ctx.db, {
    schoolId: query.school_id,
    subjectId: query.subject_id,
    grade: query.grade,
    isPublished: query.is_published === undefined ? undefined : query.is_published === 'true',
    ordering: query.ordering ?? [{ field: 'name', descending: false }],
  });
  const withContent = query.include?.includes('content') ?? false;
  return rows.filter((row) => canSeeTemplate(viewer, row)).map((row) => toTemplate(row, viewer, withContent));
}

type AuditAction = 'create' | 'update' | 'delete';

function auditTemplate(
  tx: Db,
  ctx: AppContext,
  session: ActiveSession,
  action: AuditAction,
  template: { id: number; schoolId: number | null; isSystem: boolean },
  fields: string[] = [],
) {
  return writeAudit(tx, {
    schoolId: template.schoolId,
    actorUserId: session.userId,
    impersonatorId: session.impersonatorId,
    action: `group_plan_template.${action}`,
    entity: 'group_plan_template',
    entityId: template.id,
    details: { isSystem: template.isSystem, fields },
    at: ctx.now(),
  });
}

/** A template as the policy allowed `viewer` to make; `session` is who the audit log names. */
export async function createTemplate(
  ctx: AppContext,
  session: ActiveSession,
  viewer: TemplateViewer,
  input: z.output<typeof groupPlanTemplateCreateSchema>,
): Promise<GroupPlanTemplate> {
  await checkSubjects(ctx, input.allowed_subjects);
  const now = ctx.now();
  const schoolId = input.is_system ? null : input.school_id;
  return ctx.db.transaction(async (tx) => {
    const created = await insertTemplate(tx, {
      schoolId,
      isSystem: input.is_system,
      isPublished: input.is_published,
      name: input.name,
      allowedSubjects: distinct(input.allowed_subjects),
      allowedGrades: distinct(input.allowed_grades),
      userId: session.userId,
      dateCreated: now,
      dateChanged: now,
      content: toStoredContent(input.content.categories),
    });
    await auditTemplate(tx, ctx, session, 'create', { id: created, schoolId, isSystem: input.is_system });
    return templateById(tx, created, viewer);
  });
}

export async function changeTemplate(
  ctx: AppContext,
  session: ActiveSession,
  { viewer, template }: AllowedTemplate,
  input: z.output<typeof groupPlanTemplateUpdateSchema>,
): Promise<GroupPlanTemplate> {
  const { id } = template;
  await checkSubjects(ctx, input.allowed_subjects);
  const changes = {
    ...(input.name === undefined ? {} : { name: input.name }),
    ...(input.is_published === undefined ? {} : { isPublished: input.is_published }),
    ...(input.allowed_subjects === undefined ? {} : { allowedSubjects: distinct(input.allowed_subjects) }),
    ...(input.allowed_grades === undefined ? {} : { allowedGrades: distinct(input.allowed_grades) }),
    ...(input.content === undefined ? {} : { content: toStoredContent(input.content.categories) }),
  };
  return ctx.db.transaction(async (tx) => {
    await updateTemplate(tx, id, { ...changes, userId: session.userId, dateChanged: ctx.now() });
    await auditTemplate(tx, ctx, session, 'update', template, Object.keys(changes));
    return templateById(tx, id, viewer);
  });
}

export async function removeTemplate(
  ctx: AppContext,
  session: ActiveSession,
  { template }: AllowedTemplate,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await deleteTemplate(tx, template.id);
    await auditTemplate(tx, ctx, session, 'delete', template);
  });
}
