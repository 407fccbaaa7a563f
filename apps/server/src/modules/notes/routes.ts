import type { FastifyInstance } from 'fastify';
import { noteEndpoints as endpoints } from '@leerzicht/contract';
import type { AppContext } from '../../context';
import { authorizeSchool } from '../../platform/access/index';
import { route, signedIn } from '../../platform/routing/index';
import { authorizeNoteEdit, authorizePupilNotes } from './access';
import {
  changePupilNote,
  createPupilNote,
  listCategoryOptions,
  listPupilNotes,
  removePupilNote,
} from './service';

/**
 * Pupil notes. Another school, a pupil outside a teacher's groups and someone else's confidential note answer 404;
 * restricted users 403; a colleague's note may be read but not changed (403). Notes are pupil data (audited).
 */
export async function noteRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const tags = ['notes'];
  const reads = { tags, access: { auth: 'session', pupilData: 'read' } } as const;
  const writes = { tags, access: { auth: 'session', pupilData: 'write' } } as const;

  route(
    app,
    endpoints.list,
    { ...reads, policy: (call) => authorizePupilNotes(ctx, signedIn(call), call.input.query.pupil_id) },
    (call, access) => listPupilNotes(ctx, access, call.input.query),
  );
  route(
    app,
    endpoints.create,
    { ...writes, policy: (call) => authorizePupilNotes(ctx, signedIn(call), call.input.body.pupilId) },
    (call, access) => createPupilNote(ctx, access, call.input.body),
  );
  route(
    app,
    endpoints.update,
    { ...writes, policy: (call) => authorizeNoteEdit(ctx, signedIn(call), call.input.params.id) },
    (call, allowed) => changePupilNote(ctx, allowed, call.input.body),
  );
  route(
    app,
    endpoints.remove,
    { ...writes, policy: (call) => authorizeNoteEdit(ctx, signedIn(call), call.input.params.id) },
    async (_call, allowed) => {
      await removePupilNote(ctx, allowed);
      return undefined;
    },
  );
  route(
    app,
    endpoints.categories,
    {
      tags,
      access: { auth: 'session', pupilData: 'none' },
      policy: (call) => authorizeSchool(ctx.db, signedIn(call), call.input.query.school_id),
    },
    (_call, access) => listCategoryOptions(ctx, access.schoolId),
  );
}
