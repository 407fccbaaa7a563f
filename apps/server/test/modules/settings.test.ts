import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_USER_SETTINGS, userSettingsSchema } from '@leerzicht/contract';
import { userSettings } from '../../src/db/schema/index';
import { api, authed, createTestApp, type TestApp } from '../helpers/app';
import { createMember } from '../helpers/auth';
import { signIn } from '../helpers/sign-in';

describe('user settings', () => {
  let t: TestApp;

  const signedIn = async () => {
    const { user } = await createMember(t.database.db);
    return { user, token: await signIn(t, user) };
  };
  const call = (token: string, method: 'GET' | 'POST' | 'PUT', path: string, payload?: object) =>
    t.app.inject(authed(token, { method, url: api(path), ...(payload ? { payload } : {}) }));
  const storedRow = async (userId: number) =>
    (await t.database.db.select().from(userSettings).where(eq(userSettings.userId, userId)))[0] ?? null;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('reads the defaults and creates them when the row is missing', async () => {
    const { user, token } = await signedIn();
    await t.database.db.delete(userSettings).where(eq(userSettings.userId, user.id));
    const response = await call(token, 'GET', '/user-settings/');
    expect(response.statusCode).toBe(200);
    expect(userSettingsSchema.parse(response.json())).toEqual(DEFAULT_USER_SETTINGS);
    expect(await storedRow(user.id)).toMatchObject({ showNationalAverage: true, aggregationType: 'year' });
  });

  it('creates settings with the given fields over the defaults', async () => {
    const { user, token } = await signedIn();
    await t.database.db.delete(userSettings).where(eq(userSettings.userId, user.id));
    const response = await call(token, 'POST', '/user-settings/create/', {
      showBarAverage: false,
      preferredTestsView: 'table',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      ...DEFAULT_USER_SETTINGS,
      showBarAverage: false,
      preferredTestsView: 'table',
    });
    expect(await storedRow(user.id)).toMatchObject({ showBarAverage: false, preferredTestsView: 'table' });
  });

  it('updates the given fields and keeps the others', async () => {
    const { user, token } = await signedIn();
    const first = await call(token, 'PUT', '/user-settings/update/', {
      aggregationType: 'moment',
      showNationalAverage: false,
    });
    expect(first.json()).toEqual({
      ...DEFAULT_USER_SETTINGS,
      aggregationType: 'moment',
      showNationalAverage: false,
    });
    const second = await call(token, 'PUT', '/user-settings/update/', { preferredTestsView: 'chart' });
    expect(second.json()).toEqual({
      ...DEFAULT_USER_SETTINGS,
      aggregationType: 'moment',
      showNationalAverage: false,
      preferredTestsView: 'chart',
    });
    const cleared = await call(token, 'PUT', '/user-settings/update/', { preferredTestsView: null });
    expect(cleared.json()).toMatchObject({ preferredTestsView: null });
    expect((await call(token, 'GET', '/user-settings/')).json()).toEqual(cleared.json());
    expect(await storedRow(user.id)).toMatchObject({ aggregationType: 'moment' });
  });

  it('gives per-field errors for bad values and changes nothing', async () => {
    const { user, token } = await signedIn();
    const before = await storedRow(user.id);
    for (const method of ['POST', 'PUT'] as const) {
      const path = method === 'POST' ? '/user-settings/create/' : '/user-settings/update/';
      const response = await call(token, method, path, {
        showNationalAverage: 'yes',
        aggregationType: 'week',
        preferredTestsView: 'x'.repeat(101),
        verdictMeasure: 'abilityScore',
      });
      expect(response.statusCode).toBe(400);
      const { errors } = response.json() as { errors: Record<string, string[]> };
      expect(Object.keys(errors).sort()).toEqual([
        'aggregationType',
        'preferredTestsView',
        'showNationalAverage',
        'verdictMeasure',
      ]);
    }
    expect(await storedRow(user.id)).toEqual(before);
  });

  it('stores the measure that colours results (level by default, or percentile)', async () => {
    const { token } = await signedIn();
    expect((await call(token, 'GET', '/user-settings/')).json()).toMatchObject({
      verdictMeasure: 'levelValue',
    });
    const saved = await call(token, 'PUT', '/user-settings/update/', { verdictMeasure: 'percentile' });
    expect(saved.json()).toMatchObject({ verdictMeasure: 'percentile', showNationalAverage: true });
    expect((await call(token, 'GET', '/user-settings/')).json()).toMatchObject({
      verdictMeasure: 'percentile',
    });
  });

  it("keeps each user's settings apart", async () => {
    const first = await signedIn();
    const second = await signedIn();
    await call(first.token, 'PUT', '/user-settings/update/', { showBarAverage: false });
    expect((await call(second.token, 'GET', '/user-settings/')).json()).toEqual(DEFAULT_USER_SETTINGS);
  });

  it('answers 401 without a session', async () => {
    for (const [method, path] of [
      ['GET', '/user-settings/'],
      ['POST', '/user-settings/create/'],
      ['PUT', '/user-settings/update/'],
    ] as const) {
      const response = await t.app.inject({
        method,
        url: api(path),
        payload: method === 'GET' ? undefined : {},
      });
      expect(response.statusCode).toBe(401);
    }
  });
});
