import type { FastifyInstance } from 'fastify';
import { allNoteEndpoints as endpoints } from '@leerzicht/contract';
import type { AppContext } from '../../context';
import { route, signedIn } from '../../platform/routing/index';
import { listGroupNotes } from './all-notes-service';
import { authorizeAllNotes } from './year-class-note-access';

/**
 * The group notes page's list. A group outside a teacher's groups, another school or a school_id that is not the
 * group's answers 404; restricted users 403; confidential notes of others only for sencos and superusers. Audited.
 */
export async function allNoteRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  route(
    app,
    endpoints.list,
    {
      tags: ['notes'],
      access: { auth: 'session', pupilData: 'read' },
      policy: (call) => authorizeAllNotes(ctx, signedIn(call), call.input.query),
    },
    (call, access) => listGroupNotes(ctx, access, call.input.query),
  );
}
