import type { FastifyInstance } from 'fastify';
import { yearClassNoteEndpoints as endpoints } from '@leerzicht/contract';
import type { AppContext } from '../../context';
import { route, signedIn } from '../../platform/routing/index';
import { authorizeGroupNoteEdit, authorizeGroupNotes } from './year-class-note-access';
import { changeYearClassNote, createYearClassNote, removeYearClassNote } from './year-class-note-service';

/**
 * A group's notes on a test moment or a method test. A group outside a teacher's groups or the user's schools
 * answers 404; a colleague's note may not be changed (403); restricted users 403. Pupil data: audited.
 */
export async function yearClassNoteRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const writes = { tags: ['notes'], access: { auth: 'session', pupilData: 'write' } } as const;
  route(
    app,
    endpoints.create,
    { ...writes, policy: (call) => authorizeGroupNotes(ctx, signedIn(call), call.input.body.yearClassId) },
    (call, access) => createYearClassNote(ctx, access, call.input.body),
  );
  route(
    app,
    endpoints.update,
    { ...writes, policy: (call) => authorizeGroupNoteEdit(ctx, signedIn(call), call.input.params.id) },
    (call, allowed) => changeYearClassNote(ctx, allowed, call.input.body),
  );
  route(
    app,
    endpoints.remove,
    { ...writes, policy: (call) => authorizeGroupNoteEdit(ctx, signedIn(call), call.input.params.id) },
    async (_call, allowed) => {
      await removeYearClassNote(ctx, allowed);
      return undefined;
    },
  );
}
