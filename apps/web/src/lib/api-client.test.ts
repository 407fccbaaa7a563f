import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createApiClient } from './api-client';
import { ApiError } from './api-error';

function jsonResponse(body: unknown, status = 200, statusText = 'OK'): Response {
  return new Response(JSON.stringify(body), {
    status,
    statusText,
    headers: { 'Content-Type': 'application/json' },
  });
}

function fakeFetch(respond: (url: string, init: RequestInit) => Response = () => jsonResponse({})) {
  return vi.fn((input: RequestInfo | URL, init: RequestInit = {}) =>
    Promise.resolve(respond(String(input), init)),
  );
}

function headersOf(init: RequestInit | undefined): Record<string, string> {
  return (init?.headers ?? {}) as Record<string, string>;
}

const anything = z.unknown();

describe('api client', () => {
  it('sends the JWT header and JSON Accept when a token exists', async () => {
    const fetch = fakeFetch();
    const client = createApiClient({ fetch, getToken: () => 'abc' });
    await client.get('/profile', anything);
    const headers = headersOf(fetch.mock.calls[0]?.[1]);
    expect(headers.Authorization).toBe('JWT abc');
    expect(headers.Accept).toBe('application/json');
  });

  it('sends no Authorization header without a token or to another host', async () => {
    const fetch = fakeFetch();
    const withoutToken = createApiClient({ fetch, getToken: () => null });
    await withoutToken.get('/health', anything);
    const external = createApiClient({ fetch, getToken: () => 'abc' });
    await external.get('https://tickets.example.org/submit', anything);
    expect(headersOf(fetch.mock.calls[0]?.[1]).Authorization).toBeUndefined();
    expect(headersOf(fetch.mock.calls[1]?.[1]).Authorization).toBeUndefined();
    expect(fetch.mock.calls[1]?.[0]).toBe('https://tickets.example.org/submit/');
  });

  it('adds the base path and a trailing slash, unless asked not to', async () => {
    const fetch = fakeFetch();
    const client = createApiClient({ fetch, getToken: () => null });
    await client.get('/schools/4', anything);
    await client.get('/schools/4/', anything);
    await client.get('/pin_pupil/9', anything, { trailingSlash: false });
    expect(fetch.mock.calls.map((call) => call[0])).toEqual([
      '/api/1.0/schools/4/',
      '/api/1.0/schools/4/',
      '/api/1.0/pin_pupil/9',
    ]);
  });

  it('writes query strings with bracket arrays after the slash', async () => {
    const fetch = fakeFetch();
    const client = createApiClient({ fetch, getToken: () => null });
    await client.get('/group_plan_templates', anything, {
      query: { school_id: 1, include: ['a', 'b'], filter: { grade: 3 } },
    });
    expect(fetch.mock.calls[0]?.[0]).toBe(
      '/api/1.0/group_plan_templates/?school_id=1&include[]=a&include[]=b&filter[grade]=3',
    );
  });

  it('sends write bodies as JSON with the method asked for', async () => {
    const fetch = fakeFetch(() => jsonResponse({ token: 't' }));
    const client = createApiClient({ fetch, getToken: () => null });
    const result = await client.post('/login', { username: 'a' }, z.object({ token: z.string() }));
    expect(result).toEqual({ token: 't' });
    const init = fetch.mock.calls[0]?.[1];
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"username":"a"}');
    expect(headersOf(init)['Content-Type']).toBe('application/json');
    await client.patch('/x/1', { a: 1 }, anything);
    await client.put('/x/1', { a: 1 }, anything);
    await client.delete('/x/1');
    expect(fetch.mock.calls.map((call) => call[1]?.method)).toEqual(['POST', 'PATCH', 'PUT', 'DELETE']);
  });

  it('throws an ApiError with status, status text and the parsed body', async () => {
    const body = { status: 404, detail: 'Not found.' };
    const client = createApiClient({ fetch: fakeFetch(() => jsonResponse(body, 404, 'Not Found')) });
    const error = await client.get('/schools/99', anything).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, statusText: 'Not Found', body });
  });

  it('keeps a non-JSON error body as text', async () => {
    const fetch = fakeFetch(() => new Response('Bad gateway', { status: 502, statusText: 'Bad Gateway' }));
    const client = createApiClient({ fetch });
    await expect(client.get('/x', anything)).rejects.toMatchObject({ status: 502, body: 'Bad gateway' });
  });

  it('fetches the remaining pages by offset and merges the rows', async () => {
    const fetch = fakeFetch((url) => {
      const offset = Number(new URL(url, 'http://localhost').searchParams.get('offset'));
      const rows = Array.from({ length: Math.min(100, 250 - offset) }, (_, index) => ({
        id: offset + index,
      }));
      return jsonResponse({ count: 250, results: rows });
    });
    const client = createApiClient({ fetch, getToken: () => null });
    const rows = await client.getAllPages('/pupils', z.object({ id: z.number() }), { school_id: 1 }, 100);
    expect(fetch.mock.calls.map((call) => call[0])).toEqual([
      '/api/1.0/pupils/?school_id=1&limit=100&offset=0',
      '/api/1.0/pupils/?school_id=1&limit=100&offset=100',
      '/api/1.0/pupils/?school_id=1&limit=100&offset=200',
    ]);
    expect(rows).toHaveLength(250);
    expect(rows.map((row) => row.id)).toEqual(Array.from({ length: 250 }, (_, index) => index));
  });

  it('calls the 401 handler, but not for the login call itself', async () => {
    const onUnauthorized = vi.fn();
    const fetch = fakeFetch(() => jsonResponse({ status: 401, detail: 'Unauthorized' }, 401, 'Unauthorized'));
    const client = createApiClient({ fetch, onUnauthorized, getToken: () => 'old' });
    await expect(client.post('/login/', {}, anything)).rejects.toBeInstanceOf(ApiError);
    expect(onUnauthorized).not.toHaveBeenCalled();
    await expect(client.get('/profile', anything)).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });
});
