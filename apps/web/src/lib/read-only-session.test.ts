import {
  accountEndpoints,
  authEndpoints,
  defineEndpoint,
  pupilEndpoints,
  settingsEndpoints,
  shellEndpoints,
} from '@leerzicht/contract';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createApiClient, isSuppressed } from './api-client';
import { STORAGE_KEYS } from './storage';

function okFetch() {
  return vi.fn((_input: RequestInfo | URL, _init?: RequestInit) =>
    Promise.resolve(
      new Response(JSON.stringify({ token: 't', detail: 'ok' }), {
        headers: { 'Content-Type': 'application/json' },
      }),
    ),
  );
}

// A printout: a POST that changes nothing, so the endpoint allows it in a read-only session.
const printout = defineEndpoint({
  method: 'POST',
  path: '/groups/:id/print/',
  write: 'read-only-allowed',
  params: z.object({ id: z.number() }),
  response: z.unknown(),
});

describe('the API client in a demo or impersonated session', () => {
  it('does not send a call the endpoint refuses for read-only sessions, and says so', async () => {
    const fetch = okFetch();
    const client = createApiClient({ fetch, getToken: () => 'demo', isReadOnlySession: () => true });
    const results = [
      await client.call(accountEndpoints.updateUser, { body: { language: 'en' } }),
      await client.call(shellEndpoints.hideNotification, {
        body: { kind: 'disconnected_school', schoolId: 1, schoolYear: null },
      }),
      await client.call(shellEndpoints.setSchoolYear, { body: { currentSchoolYear: 2024 } }),
      await client.call(settingsEndpoints.update, { body: { showNationalAverage: false } }),
      await client.call(pupilEndpoints.unpin, { params: { id: 3 } }),
      // A GET that changes the account is a write too.
      await client.call(authEndpoints.totpActivate, {}),
    ];
    expect(results).toEqual(Array.from(results, () => ({ suppressed: true })));
    expect(results.every(isSuppressed)).toBe(true);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('still reads, logs in and out, reports errors and prints', async () => {
    const fetch = okFetch();
    const client = createApiClient({ fetch, getToken: () => 'demo', isReadOnlySession: () => true });
    const read = defineEndpoint({ method: 'GET', path: '/profile/', response: z.unknown() });
    await client.call(read, {});
    const login = await client.call(authEndpoints.login, { body: { username: 'demo', password: 'x' } });
    await client.call(authEndpoints.logout, {});
    await client.call(printout, { params: { id: 4 } });
    expect(isSuppressed(login)).toBe(false);
    expect(fetch.mock.calls.map((call) => [call[1]?.method, call[0]])).toEqual([
      ['GET', '/api/1.0/profile/'],
      ['POST', '/api/1.0/login/'],
      ['POST', '/api/1.0/logout/'],
      ['POST', '/api/1.0/groups/4/print/'],
    ]);
  });

  it('goes by the endpoint, not by its address', async () => {
    const fetch = okFetch();
    const client = createApiClient({ fetch, getToken: () => 'demo', isReadOnlySession: () => true });
    const looksLikePrint = defineEndpoint({ method: 'POST', path: '/print/logout/', write: 'write' });
    await expect(client.call(looksLikePrint, {})).resolves.toEqual({ suppressed: true });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('reads the session flags the profile stored', async () => {
    const fetch = okFetch();
    const client = createApiClient({ fetch, getToken: () => 'x' });
    const hide = { body: { kind: 'new_school_year' as const, schoolId: 1, schoolYear: 2026 } };
    await client.call(shellEndpoints.hideNotification, hide).catch(() => undefined);
    expect(fetch).toHaveBeenCalledTimes(1);
    window.localStorage.setItem(STORAGE_KEYS.isImpersonated, 'true');
    await expect(client.call(shellEndpoints.hideNotification, hide)).resolves.toEqual({ suppressed: true });
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
