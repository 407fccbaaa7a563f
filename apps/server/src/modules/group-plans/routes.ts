import type { FastifyInstance } from 'fastify';
import { groupPlanEndpoints as plans, groupPlanTemplateEndpoints as templates } from '@leerzicht/contract';
import type { AppContext } from '../../context';
import { route, signedIn } from '../../platform/routing/index';
import {
  authorizeGroupPlans,
  authorizePlan,
  authorizeRecentPlans,
  authorizeTemplateCreate,
  authorizeTemplateEdit,
  authorizeTemplateList,
} from './access';
import { authorizePlanCreate } from './plan-create-access';
import { changeGroupPlan, createGroupPlan, listGroupPlans, removeGroupPlan } from './plan-service';
import { recentPlans } from './recent-plans';
import { changeTemplate, createTemplate, listTemplates, removeTemplate } from './template-service';

/**
 * Group plan templates and group plans. Templates hold no pupil data (their changes are audited as template
 * changes): system ones are provider staff's, a school's are its superusers'; unpublished ones are seen only by
 * those who manage them. Plans are pupil data (audited): a group outside a teacher's groups and another school
 * answer 404, restricted users 403. Demo and impersonated sessions write nothing (the endpoints' write rule).
 */
export async function groupPlanRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const tags = ['group plans'];
  const templateAccess = { tags, access: { auth: 'session', pupilData: 'none' } } as const;
  const reads = { tags, access: { auth: 'session', pupilData: 'read' } } as const;
  const writes = { tags, access: { auth: 'session', pupilData: 'write' } } as const;

  route(
    app,
    templates.list,
    {
      ...templateAccess,
      policy: (call) => authorizeTemplateList(ctx, signedIn(call), call.input.query.school_id),
    },
    (call, viewer) => listTemplates(ctx, viewer, call.input.query),
  );
  route(
    app,
    templates.create,
    { ...templateAccess, policy: (call) => authorizeTemplateCreate(ctx, signedIn(call), call.input.body) },
    (call, viewer) => createTemplate(ctx, signedIn(call), viewer, call.input.body),
  );
  route(
    app,
    templates.update,
    { ...templateAccess, policy: (call) => authorizeTemplateEdit(ctx, signedIn(call), call.input.params.id) },
    (call, allowed) => changeTemplate(ctx, signedIn(call), allowed, call.input.body),
  );
  route(
    app,
    templates.remove,
    { ...templateAccess, policy: (call) => authorizeTemplateEdit(ctx, signedIn(call), call.input.params.id) },
    async (call, allowed) => {
      await removeTemplate(ctx, signedIn(call), allowed);
      return undefined;
    },
  );

  route(
    app,
    plans.list,
    { ...reads, policy: (call) => authorizeGroupPlans(ctx, signedIn(call), call.input.query.yearclass_id) },
    (call, access) => listGroupPlans(ctx, access, call.input.query),
  );
  route(
    app,
    plans.create,
    { ...writes, policy: (call) => authorizePlanCreate(ctx, signedIn(call), call.input.body) },
    (call, allowed) => createGroupPlan(ctx, allowed, call.input.body),
  );
  route(
    app,
    plans.update,
    { ...writes, policy: (call) => authorizePlan(ctx, signedIn(call), call.input.params.id) },
    (call, allowed) => changeGroupPlan(ctx, allowed, call.input.body),
  );
  route(
    app,
    plans.remove,
    { ...writes, policy: (call) => authorizePlan(ctx, signedIn(call), call.input.params.id) },
    async (_call, allowed) => {
      await removeGroupPlan(ctx, allowed);
      return undefined;
    },
  );
  route(
    app,
    plans.recent,
    { ...reads, policy: (call) => authorizeRecentPlans(ctx, signedIn(call), call.input.query) },
    (call, access) => recentPlans(ctx, access, call.input.query),
  );
}
