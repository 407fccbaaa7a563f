import { GROUP_PLAN_ERRORS, type groupPlanCreateSchema } from '@leerzicht/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { allowOr404, groupFor, type SchoolAccess } from '../../platform/access/index';
import { badRequest, notFound } from '../../platform/http-errors';
import type { ActiveSession } from '../../platform/sessions';
import { listSubjects } from '../catalog/index';
import { authorizeGroupPlans, templateViewer } from './access';
import { canSeeTemplate, canUsePlan, templateFits } from './policy';
import { findPlan, type PlanRow } from './plan-repository';
import { findTemplate, type TemplateRow } from './template-repository';

/*
 * `POST /group_plans/`: the group, and what the new plan starts from. A template the user does not see reads as
 * unknown (400, with the other field errors); an earlier plan of a group the teacher does not read is not theirs to
 * know of, let alone copy (404), decided once the fields are valid, as it always was.
 */

type FieldErrors = Record<string, string[]>;

/** The group a new plan is for, with what it starts from, as the policy allowed them. */
export interface AllowedPlanCreate {
  access: SchoolAccess;
  group: { id: number };
  template: TemplateRow | null;
  source: PlanRow | null;
}

/** The template to start from: one the user sees for the group's school, allowed for the subject and grade. */
async function checkTemplate(
  ctx: AppContext,
  session: ActiveSession,
  access: SchoolAccess,
  input: { templateId: number; subjectId: number; grade: number },
  errors: FieldErrors,
): Promise<TemplateRow | null> {
  const template = await findTemplate(ctx.db, input.templateId);
  const viewer = await templateViewer(ctx, session, access.schoolId);
  if (!template || !canSeeTemplate(viewer, template)) {
    errors.templateId = [GROUP_PLAN_ERRORS.unknownTemplate];
    return null;
  }
  const fits = templateFits(template, input.subjectId, input.grade);
  const messages = [
    ...(fits.subject ? [] : [GROUP_PLAN_ERRORS.templateSubject]),
    ...(fits.grade ? [] : [GROUP_PLAN_ERRORS.templateGrade]),
  ];
  if (messages.length > 0) errors.templateId = messages;
  return template;
}

/** The earlier plan to copy: of the group's school and of the same subject. */
async function checkSourcePlan(
  ctx: AppContext,
  access: SchoolAccess,
  input: { fromPlanId: number; subjectId: number },
  errors: FieldErrors,
): Promise<PlanRow | null> {
  const source = await findPlan(ctx.db, input.fromPlanId);
  if (!source || source.schoolId !== access.schoolId) {
    errors.fromPlanId = [GROUP_PLAN_ERRORS.unknownPlan];
    return null;
  }
  if (source.subjectId !== input.subjectId) errors.fromPlanId = [GROUP_PLAN_ERRORS.planSubject];
  return source;
}

/** The group's plans as authorizeGroupPlans, the fields' errors together (400), then the earlier plan (404). */
export async function authorizePlanCreate(
  ctx: AppContext,
  session: ActiveSession,
  input: z.output<typeof groupPlanCreateSchema>,
): Promise<AllowedPlanCreate> {
  const access = await authorizeGroupPlans(ctx, session, input.yearclass_id);
  // The check above looked the group up; this is the same request's copy.
  const group = await groupFor(ctx.db, session, input.yearclass_id);
  if (!group) throw notFound();
  const errors: FieldErrors = {};
  const subjects = await listSubjects(ctx.db);
  if (!subjects.some((subject) => subject.id === input.subject_id))
    errors.subject_id = [GROUP_PLAN_ERRORS.unknownSubject];
  const template =
    input.templateId === undefined
      ? null
      : await checkTemplate(
          ctx,
          session,
          access,
          { templateId: input.templateId, subjectId: input.subject_id, grade: group.grade },
          errors,
        );
  const source =
    input.fromPlanId === undefined
      ? null
      : await checkSourcePlan(
          ctx,
          access,
          { fromPlanId: input.fromPlanId, subjectId: input.subject_id },
          errors,
        );
  if (Object.keys(errors).length > 0) throw badRequest('Invalid input.', errors);
  if (source) allowOr404(canUsePlan(access, source));
  return { access, group, template, source };
}
