import { idParamSchema } from '../api/common';
import {
  groupPlanCreateSchema,
  groupPlanListSchema,
  groupPlanQuerySchema,
  groupPlanSchema,
  groupPlanTemplateCreateSchema,
  groupPlanTemplateListSchema,
  groupPlanTemplateQuerySchema,
  groupPlanTemplateSchema,
  groupPlanTemplateUpdateSchema,
  groupPlanUpdateSchema,
  recentPlanListSchema,
  recentPlanQuerySchema,
} from '../api/group-plans';
import { defineEndpoint } from '../endpoint';

/** Group plan templates (spec section 7, "Group plans and notes"): the school's own and the system templates. */
export const groupPlanTemplateEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/group_plan_templates/',
    summary:
      "The school's templates and the system templates, filtered by subject, grade and published, ordered as asked",
    query: groupPlanTemplateQuerySchema,
    response: groupPlanTemplateListSchema,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/group_plan_templates/',
    summary: "A school's template (its superusers) or a system template (provider staff)",
    write: 'write',
    status: 201,
    body: groupPlanTemplateCreateSchema,
    response: groupPlanTemplateSchema,
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: '/group_plan_templates/:id/',
    summary: 'Changes, publishes or withdraws a template (those who manage it)',
    write: 'write',
    params: idParamSchema,
    body: groupPlanTemplateUpdateSchema,
    response: groupPlanTemplateSchema,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/group_plan_templates/:id/',
    summary: 'Deletes a template (plans made from it stay, without their template)',
    write: 'write',
    params: idParamSchema,
    status: 204,
  }),
};

/** Group plans of a group and subject, and the recent plans to continue from (spec section 7). */
export const groupPlanEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/group_plans/',
    summary: "A group's plans, of one subject if asked, newest first",
    query: groupPlanQuerySchema,
    response: groupPlanListSchema,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/group_plans/',
    summary: 'A new plan of a group and subject: empty, from a template or copied from an earlier plan',
    write: 'write',
    status: 201,
    body: groupPlanCreateSchema,
    response: groupPlanSchema,
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: '/group_plans/:id/',
    summary: "Changes a plan's name, period or evaluation",
    write: 'write',
    params: idParamSchema,
    body: groupPlanUpdateSchema,
    response: groupPlanSchema,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/group_plans/:id/',
    summary: 'Deletes a plan with its note categories, notes and placed pupils',
    write: 'write',
    params: idParamSchema,
    status: 204,
  }),
  recent: defineEndpoint({
    method: 'GET',
    path: '/recent_plans/',
    summary: 'The latest plans of the school or of a group (of a subject), newest first, at most 10',
    query: recentPlanQuerySchema,
    response: recentPlanListSchema,
  }),
};
