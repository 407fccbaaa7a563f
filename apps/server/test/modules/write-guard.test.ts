import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX } from '../../src/app';
import { registerAuthentication } from '../../src/platform/authentication';
import { registerErrorHandler } from '../../src/platform/error-handler';
import { READ_ONLY_SESSION_DETAIL, registerWriteGuard } from '../../src/platform/write-guard';
import { api, authed, createTestApp, loginToken, type TestApp } from '../helpers/app';
import { createMember } from '../helpers/auth';
import { TEST_PASSWORD, addMember } from '../helpers/factories';

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
    demoToken = await loginToken(t.app, demo.user.username, TEST_PASSWORD);
    const normal = await createMember(db);
    normalToken = await loginToken(t.app, normal.user.username, TEST_PASSWORD);
    schoolId = normal.school.id;
    await addMember(db, schoolId, demo.user.id, { isSchoolSuperuser: true });
    const staff = await createMember(db, { email: `staff-${Date.now()}@${PROVIDER_DOMAIN}` });
    const staffToken = await loginToken(t.app, staff.user.username, TEST_PASSWORD);
    const started = await call(staffToken, 'POST', '/impersonate/', { userId: normal.user.id, schoolId });
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

  it('covers routes registered later and lets printouts through', async () => {
    const app = Fastify();
    registerErrorHandler(app);
    registerAuthentication(app, t.ctx);
    registerWriteGuard(app, t.ctx, API_PREFIX);
    await app.register(
      async (scoped) => {
        scoped.post('/groups/:id/print/', async () => ({ printed: true }));
        scoped.delete('/notes/:id/', async () => ({ deleted: true }));
      },
      { prefix: API_PREFIX },
    );
    await app.ready();
    const print = await app.inject(
      authed(demoToken, { method: 'POST', url: api('/groups/3/print/'), payload: {} }),
    );
    expect(print.statusCode).toBe(200);
    const remove = await app.inject(authed(demoToken, { method: 'DELETE', url: api('/notes/3/') }));
    expect(remove.statusCode).toBe(403);
    const ordinary = await app.inject(authed(normalToken, { method: 'DELETE', url: api('/notes/3/') }));
    expect(ordinary.statusCode).toBe(200);
    await app.close();
  });
});
