import type { FastifyInstance } from 'fastify';
import {
  groupPlanNoteEndpoints as noteEndpoints,
  noteCategoryEndpoints as endpoints,
} from '@leerzicht/contract';
import type { AppContext } from '../../context';
import { route, signedIn } from '../../platform/routing/index';
import {
  authorizeCategoryCreate,
  authorizeCategoryQuery,
  authorizeCategoryWrite,
  authorizePlanNoteCreate,
  authorizePlanNoteEdit,
  authorizePlanNoteQuery,
} from './access';
import {
  changeGroupPlanNote,
  createGroupPlanNote,
  listGroupPlanNotes,
  removeGroupPlanNote,
} from './plan-note-service';
import { changeNoteCategory, createNoteCategory, listNoteCategories, removeNoteCategory } from './service';

/**
 * Note categories of group plans and of a school's own list. Another school and a plan of a group outside a
 * teacher's groups answer 404; restricted users 403; the school's own list is read by every member and changed
 * by superusers only (403). Categories carry the plan's notes and placed pupils: pupil data (audited).
 */
export async function noteCategoryRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const tags = ['notes'];
  const reads = { tags, access: { auth: 'session', pupilData: 'read' } } as const;
  const writes = { tags, access: { auth: 'session', pupilData: 'write' } } as const;

  route(
    app,
    endpoints.list,
    { ...reads, policy: (call) => authorizeCategoryQuery(ctx, signedIn(call), call.input.query) },
    (call, allowed) => listNoteCategories(ctx, allowed, call.input.query),
  );
  route(
    app,
    endpoints.create,
    { ...writes, policy: (call) => authorizeCategoryCreate(ctx, signedIn(call), call.input.body) },
    (call, allowed) => createNoteCategory(ctx, allowed, call.input.body),
  );
  route(
    app,
    endpoints.update,
    { ...writes, policy: (call) => authorizeCategoryWrite(ctx, signedIn(call), call.input.params.id) },
    (call, allowed) => changeNoteCategory(ctx, allowed, call.input.body),
  );
  // Delete rule (chosen): a category is deleted with its subcategories and the pupils placed in them, but
  // refused with 400 while it or a subcategory holds a note, archived or not. Notes are pupil data that a tree
  // edit must not take along; archiving hides a category with its notes instead.
  route(
    app,
    endpoints.remove,
    { ...writes, policy: (call) => authorizeCategoryWrite(ctx, signedIn(call), call.input.params.id) },
    async (_call, allowed) => {
      await removeNoteCategory(ctx, allowed);
      return undefined;
    },
  );
}

/**
 * Notes in the categories of group plans, as pupil notes: a category outside the user's plans 404, restricted
 * users 403, a colleague's note read but not changed (403). Pupil data (audited).
 */
export async function groupPlanNoteRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const tags = ['notes'];
  const reads = { tags, access: { auth: 'session', pupilData: 'read' } } as const;
  const writes = { tags, access: { auth: 'session', pupilData: 'write' } } as const;

  route(
    app,
    noteEndpoints.list,
    { ...reads, policy: (call) => authorizePlanNoteQuery(ctx, signedIn(call), call.input.query) },
    (call, access) => listGroupPlanNotes(ctx, access, call.input.query),
  );
  route(
    app,
    noteEndpoints.create,
    { ...writes, policy: (call) => authorizePlanNoteCreate(ctx, signedIn(call), call.input.body) },
    (call, allowed) => createGroupPlanNote(ctx, allowed, call.input.body),
  );
  route(
    app,
    noteEndpoints.update,
    { ...writes, policy: (call) => authorizePlanNoteEdit(ctx, signedIn(call), call.input.params.id) },
    (call, allowed) => changeGroupPlanNote(ctx, allowed, call.input.body),
  );
  route(
    app,
    noteEndpoints.remove,
    { ...writes, policy: (call) => authorizePlanNoteEdit(ctx, signedIn(call), call.input.params.id) },
    async (_call, allowed) => {
      await removeGroupPlanNote(ctx, allowed);
      return undefined;
    },
  );
}
