import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX } from '../../src/app';
import { registerAuthentication } from '../../src/platform/authentication';
import { registerErrorHandler } from '../../src/platform/error-handler';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { defineEndpoint } from '@leerzicht/contract';
import {
  anySession,
  READ_ONLY_SESSION_DETAIL,
  registerRouteRules,
  route,
} from '../../src/platform/routing/index';
import { api, authed, createTestApp, type TestApp } from '../helpers/app';
import { createMember } from '../helpers/auth';
import { TEST_PASSWORD, addMember } from '../helpers/factories';
import { signIn } from '../helpers/sign-in';

const PROVIDER_DOMAIN = 'leerzicht.example';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

describe('write guard: demo and impersonated sessions only read', () => {
  let t: TestApp;
  let demoToken: string;
  let impersonatedToken: string;
  let normalToken: string;
  let schoolId: number;

  const call = (token: string, method: Method, path: string, payload?: object) =>
    t.app.inject(authed(token, { method, url: api(path), ...(payload ? { payload } : {}) }));

  beforeAll(async () => {
    t = await createTestApp({ env: { PROVIDER_DOMAIN } });
    const db = t.database.db;
    const demo = await createMember(db, { isDemo: true });
    demoToken = await signIn(t, demo.user);
    const normal = await createMember(db);
    normalToken = await signIn(t, normal.user);
    schoolId = normal.school.id;
    await addMember(db, schoolId, demo.user.id, { isSchoolSuperuser: true });
    const staff = await createMember(db, {
      email: `staff-${Date.now()}@${PROVIDER_DOMAIN}`,
      isProviderStaff: true,
    });
    const staffToken = await signIn(t, staff.user);
    const started = await call(staffToken, 'POST', '/impersonate/', {
      userId: normal.user.id,
      schoolId,
      reason: 'Ticket 1: the group page does not load',
    });
    impersonatedToken = (started.json() as { token: string }).token;
  });
  afterAll(() => t.close());

  const refusedWrites: [Method, string, object | undefined][] = [
    ['PATCH', '/rest-auth/user/', { firstName: 'Gewijzigd' }],
    ['PUT', '/user-settings/update/', { showBarAverage: false }],
    ['POST', '/user-settings/create/', {}],
    [
      'POST',
      '/rest-auth/password/change/',
      { oldPassword: TEST_PASSWORD, newPassword1: 'x', newPassword2: 'x' },
    ],
    ['POST', '/rest-auth/password/confirm/', { password: TEST_PASSWORD }],
    ['POST', '/person_invitation/', { schoolId: 1, emails: ['a@b.example'], isSchoolSuperuser: false }],
    ['DELETE', '/pin_pupil/1/', undefined],
  ];

  it.each(['demo', 'impersonated'] as const)('refuses every write of a %s session with 403', async (kind) => {
    const token = kind === 'demo' ? demoToken : impersonatedToken;
    for (const [method, path, payload] of refusedWrites) {
      const response = await call(token, method, path, payload);
      expect([method, path, response.statusCode]).toEqual([method, path, 403]);
      expect(response.json()).toMatchObject({ status: 403, detail: READ_ONLY_SESSION_DETAIL });
    }
  });

  it.each(['demo', 'impersonated'] as const)('lets a %s session read', async (kind) => {
    const token = kind === 'demo' ? demoToken : impersonatedToken;
    expect((await call(token, 'GET', '/profile/')).statusCode).toBe(200);
    expect((await call(token, 'GET', '/user-settings/')).statusCode).toBe(200);
    expect((await call(token, 'GET', `/schools/${schoolId}/`)).statusCode).toBe(200);
  });

  it('refuses the two-step calls that change state with GET', async () => {
    for (const path of ['/otp/totp/activate', '/otp/totp/verify/123456', '/otp/totp/deactivate/123456']) {
      const response = await call(demoToken, 'GET', path);
      expect([path, response.statusCode]).toEqual([path, 403]);
    }
    expect((await call(demoToken, 'GET', '/otp/totp/')).statusCode).toBe(200);
  });

  it('allows login and logout for read-only sessions', async () => {
    const login = await t.app.inject(
      authed(demoToken, {
        method: 'POST',
        url: api('/login/'),
        payload: { username: 'nobody', password: 'nothing' },
      }),
    );
    expect(login.statusCode).toBe(400);
    const logout = await call(impersonatedToken, 'POST', '/logout/');
    expect(logout.statusCode).toBe(200);
    expect((await call(impersonatedToken, 'GET', '/profile/')).statusCode).toBe(401);
  });

  it('leaves ordinary sessions and anonymous calls to the routes', async () => {
    expect(
      (await call(normalToken, 'PUT', '/user-settings/update/', { showBarAverage: false })).statusCode,
    ).toBe(200);
    const anonymous = await t.app.inject({ method: 'PUT', url: api('/user-settings/update/'), payload: {} });
    expect(anonymous.statusCode).toBe(401);
    expect((await call('not-a-token', 'PUT', '/user-settings/update/', {})).statusCode).toBe(401);
  });

  it('covers routes registered later by their declared write rule and lets printouts through', async () => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandler(app);
    registerAuthentication(app);
    registerRouteRules(app, t.ctx, API_PREFIX);
    const print = defineEndpoint({
      method: 'POST',
      path: '/groups/:id/print/',
      write: 'read-only-allowed',
      response: z.object({ printed: z.boolean() }),
    });
    const remove = defineEndpoint({ method: 'DELETE', path: '/notes/:id/', write: 'write', status: 204 });
    const access = { auth: 'session', pupilData: 'none' } as const;
    await app.register(
      async (scoped) => {
        route(scoped, print, { tags: [], access, policy: anySession }, () => ({ printed: true }));
        route(scoped, remove, { tags: [], access, policy: anySession }, () => undefined);
      },
      { prefix: API_PREFIX },
    );
    await app.ready();
    const printed = await app.inject(
      authed(demoToken, { method: 'POST', url: api('/groups/3/print/'), payload: {} }),
    );
    expect(printed.statusCode).toBe(200);
    const removed = await app.inject(authed(demoToken, { method: 'DELETE', url: api('/notes/3/') }));
    expect(removed.statusCode).toBe(403);
    expect(removed.json()).toMatchObject({ detail: READ_ONLY_SESSION_DETAIL });
    const ordinary = await app.inject(authed(normalToken, { method: 'DELETE', url: api('/notes/3/') }));
    expect(ordinary.statusCode).toBe(204);
    await app.close();
  });
});
