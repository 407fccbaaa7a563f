import type { FastifyInstance } from 'fastify';
import { scoreNoteEndpoints as endpoints } from '@leerzicht/contract';
import type { AppContext } from '../../context';
import { route, signedIn } from '../../platform/routing/index';
import { authorizeScore, authorizeScoreNoteEdit, type ScoreKind } from './score-note-access';
import { changeScoreNote, createScoreNote, removeScoreNote } from './score-note-service';

/**
 * Notes on one test result. A score of another school or of a pupil outside a teacher's groups answers 404; a
 * colleague's note may not be changed (403); restricted users 403. Pupil data: audited.
 */
export async function scoreNoteRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const writes = { tags: ['notes'], access: { auth: 'session', pupilData: 'write' } } as const;
  const kinds: [ScoreKind, typeof endpoints.updateCito | typeof endpoints.updateMethod][] = [
    ['cito', endpoints.updateCito],
    ['method', endpoints.updateMethod],
  ];

  route(
    app,
    endpoints.createCito,
    {
      ...writes,
      policy: (call) => authorizeScore(ctx, signedIn(call), 'cito', call.input.body.citoTestScoreId),
    },
    (call, allowed) => createScoreNote(ctx, allowed, { kind: 'cito', ...call.input.body }),
  );
  route(
    app,
    endpoints.createMethod,
    {
      ...writes,
      policy: (call) => authorizeScore(ctx, signedIn(call), 'method', call.input.body.methodTestScoreId),
    },
    (call, allowed) => createScoreNote(ctx, allowed, { kind: 'method', ...call.input.body }),
  );
  for (const [kind, endpoint] of kinds) {
    route(
      app,
      endpoint,
      {
        ...writes,
        policy: (call) => authorizeScoreNoteEdit(ctx, signedIn(call), kind, call.input.params.id),
      },
      (call, allowed) => changeScoreNote(ctx, kind, allowed, call.input.body),
    );
  }
  for (const [kind, endpoint] of [
    ['cito', endpoints.removeCito],
    ['method', endpoints.removeMethod],
  ] as const) {
    route(
      app,
      endpoint,
      {
        ...writes,
        policy: (call) => authorizeScoreNoteEdit(ctx, signedIn(call), kind, call.input.params.id),
      },
      async (_call, allowed) => {
        await removeScoreNote(ctx, allowed);
        return undefined;
      },
    );
  }
}
