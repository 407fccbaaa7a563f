import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createApiClient } from './api-client';
import { STORAGE_KEYS } from './storage';

function okFetch() {
  return vi.fn((_input: RequestInfo | URL, _init?: RequestInit) =>
    Promise.resolve(
      new Response(JSON.stringify({ token: 't' }), { headers: { 'Content-Type': 'application/json' } }),
    ),
  );
}

describe('the API client in a demo or impersonated session', () => {
  it('sends no write but returns the request body unchanged', async () => {
    const fetch = okFetch();
    const client = createApiClient({ fetch, getToken: () => 'demo', isReadOnlySession: () => true });
    const body = { language: 'en' };
    await expect(client.patch('/rest-auth/user', body, z.object({ id: z.number() }))).resolves.toBe(body);
    await expect(client.post('/hidden-notifications', { a: 1 }, z.unknown())).resolves.toEqual({ a: 1 });
    await expect(client.put('/session/school-year', { b: 2 }, z.unknown())).resolves.toEqual({ b: 2 });
    await client.delete('/pin_pupil/3');
    await expect(client.request('POST', '/anything', { body: 'x' })).resolves.toBe('x');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('still reads, logs in, logs out and prints', async () => {
    const fetch = okFetch();
    const client = createApiClient({ fetch, getToken: () => 'demo', isReadOnlySession: () => true });
    await client.get('/profile', z.unknown());
    await client.post('/login', { username: 'demo', password: 'x' }, z.unknown());
    await client.post('/logout', {}, z.unknown());
    await client.post('/groups/4/print', {}, z.unknown());
    expect(fetch.mock.calls.map((call) => [call[1]?.method, call[0]])).toEqual([
      ['GET', '/api/1.0/profile/'],
      ['POST', '/api/1.0/login/'],
      ['POST', '/api/1.0/logout/'],
      ['POST', '/api/1.0/groups/4/print/'],
    ]);
  });

  it('reads the session flags the profile stored', async () => {
    const fetch = okFetch();
    const client = createApiClient({ fetch, getToken: () => 'x' });
    await client.post('/hidden-notifications', {}, z.unknown());
    expect(fetch).toHaveBeenCalledTimes(1);
    window.localStorage.setItem(STORAGE_KEYS.isImpersonated, 'true');
    await client.post('/hidden-notifications', {}, z.unknown());
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
