import type { FastifyInstance } from 'fastify';
import { shellEndpoints as endpoints } from '@leerzicht/contract';
import type { AppContext } from '../../context';
import { authorizeSchool } from '../../platform/access/index';
import { anySession, publicRoute, route, signedIn } from '../../platform/routing/index';
import { canHideNotice } from './policy';
import {
  changeSessionSchoolYear,
  getHiddenNotifications,
  hideNotification,
  reportClientError,
} from './service';

/** What the app shell needs: build version, client error reports, hidden notices, the session's school year. */
export async function shellRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const tags = ['shell'];
  const own = { tags, access: { auth: 'session', pupilData: 'none' }, policy: anySession } as const;
  const open = { tags, access: { auth: 'public', pupilData: 'none' }, policy: publicRoute } as const;

  route(app, endpoints.version, open, () => ({ version: ctx.buildVersion }));
  // Public: errors also happen before sign-in, and read-only sessions must still be able to report.
  route(app, endpoints.reportClientError, { ...open, bodyLimit: 32 * 1024 }, (call) =>
    reportClientError(ctx, call.input.body, { ip: call.request.ip, log: call.request.log }),
  );
  route(app, endpoints.hiddenNotifications, own, (_call, session) => getHiddenNotifications(ctx, session));
  route(
    app,
    endpoints.hideNotification,
    {
      ...own,
      policy: (call) => authorizeSchool(ctx.db, signedIn(call), call.input.body.schoolId, canHideNotice),
    },
    (call, access) => hideNotification(ctx, access, call.input.body),
  );
  route(app, endpoints.setSchoolYear, own, (call, session) =>
    changeSessionSchoolYear(ctx, session, call.input.body),
  );
}
