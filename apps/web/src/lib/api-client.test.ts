import {
  accountEndpoints,
  authEndpoints,
  colleagueEndpoints,
  defineEndpoint,
  pupilEndpoints,
  pupilReportEndpoints,
  schoolEndpoints,
  supportEndpoints,
} from '@leerzicht/contract';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createApiClient } from './api-client';
import { ApiError } from './api-error';
import { blobText } from '../test/downloads';

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
  const headers: Record<string, string> = {};
  new Headers(init?.headers).forEach((value, name) => (headers[name] = value));
  return headers;
}

const anything = defineEndpoint({ method: 'GET', path: '/anything/', response: z.unknown() });

describe('api client', () => {
  it('sends the JWT header and JSON Accept when a token exists', async () => {
    const fetch = fakeFetch();
    const client = createApiClient({ fetch, getToken: () => 'abc' });
    await client.call(anything, {});
    const headers = headersOf(fetch.mock.calls[0]?.[1]);
    expect(headers.authorization).toBe('JWT abc');
    expect(headers.accept).toBe('application/json');
  });

  it('sends no Authorization header without a token or to another host', async () => {
    const fetch = fakeFetch();
    const withoutToken = createApiClient({ fetch, getToken: () => null });
    await withoutToken.call(anything, {});
    const external = createApiClient({
      fetch,
      getToken: () => 'abc',
      baseUrl: 'https://tickets.example.org',
    });
    await external.call(anything, {});
    expect(headersOf(fetch.mock.calls[0]?.[1]).authorization).toBeUndefined();
    expect(headersOf(fetch.mock.calls[1]?.[1]).authorization).toBeUndefined();
    expect(fetch.mock.calls[1]?.[0]).toBe('https://tickets.example.org/anything/');
  });

  it('fills the path parameters of the endpoint and keeps its path as the contract writes it', async () => {
    const fetch = fakeFetch(() => new Response(null, { status: 204 }));
    const client = createApiClient({ fetch, getToken: () => null });
    // Only the addresses matter here: answers their schemas refuse are ignored.
    const ignore = () => undefined;
    await client.call(pupilEndpoints.unpin, { params: { id: 9 } });
    await client
      .call(colleagueEndpoints.update, { body: { schoolId: 1, sencoId: 2, isSchoolSuperuser: true } })
      .catch(ignore);
    await client.call(authEndpoints.totpVerify, { params: { code: '123456' } }).catch(ignore);
    expect(fetch.mock.calls.map((call) => [call[1]?.method, call[0]])).toEqual([
      ['DELETE', '/api/1.0/pin_pupil/9/'],
      ['PATCH', '/api/1.0/school_sencos/update_by_senco_id_and_school_id'],
      ['GET', '/api/1.0/otp/totp/verify/123456'],
    ]);
  });

  it('refuses to call with a path parameter missing', async () => {
    const client = createApiClient({ fetch: fakeFetch(), getToken: () => null });
    const unchecked = defineEndpoint({ method: 'GET', path: '/x/:id/', response: z.unknown() });
    await expect(client.call(unchecked, {})).rejects.toThrow('Missing path parameter id');
  });

  it('writes the query with bracket arrays after the path', async () => {
    const fetch = fakeFetch();
    const client = createApiClient({ fetch, getToken: () => null });
    const templates = defineEndpoint({
      method: 'GET',
      path: '/group_plan_templates/',
      query: z.object({
        school_id: z.number(),
        include: z.array(z.string()),
        filter: z.object({ grade: z.number() }),
      }),
      response: z.unknown(),
    });
    await client.call(templates, { query: { school_id: 1, include: ['a', 'b'], filter: { grade: 3 } } });
    await client.call(schoolEndpoints.school, { params: { id: 4 }, query: {} }).catch(() => undefined);
    expect(fetch.mock.calls.map((call) => call[0])).toEqual([
      '/api/1.0/group_plan_templates/?school_id=1&include[]=a&include[]=b&filter[grade]=3',
      '/api/1.0/schools/4/',
    ]);
  });

  it('sends the body as JSON with the endpoint method and parses the answer with its schema', async () => {
    const fetch = fakeFetch(() => jsonResponse({ token: 't', extra: 'dropped' }));
    const client = createApiClient({ fetch, getToken: () => null });
    const result = await client.call(authEndpoints.login, { body: { username: 'a', password: 'b' } });
    expect(result).toEqual({ token: 't' });
    const init = fetch.mock.calls[0]?.[1];
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"username":"a","password":"b"}');
    expect(headersOf(init)['content-type']).toBe('application/json');
  });

  it('rejects an answer its response schema does not accept, and answers nothing for a 204', async () => {
    const client = createApiClient({ fetch: fakeFetch(() => jsonResponse({ id: 'x' })) });
    await expect(client.call(accountEndpoints.profile, {})).rejects.toBeInstanceOf(z.ZodError);
    const empty = createApiClient({ fetch: fakeFetch(() => new Response(null, { status: 204 })) });
    await expect(empty.call(pupilEndpoints.unpin, { params: { id: 3 } })).resolves.toBeUndefined();
  });

  it('throws an ApiError with status, status text and the parsed body', async () => {
    const body = { status: 404, detail: 'Not found.' };
    const client = createApiClient({ fetch: fakeFetch(() => jsonResponse(body, 404, 'Not Found')) });
    const error = await client
      .call(schoolEndpoints.school, { params: { id: 99 }, query: {} })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, statusText: 'Not Found', body });
  });

  it('keeps a non-JSON error body as text', async () => {
    const fetch = fakeFetch(() => new Response('Bad gateway', { status: 502, statusText: 'Bad Gateway' }));
    const client = createApiClient({ fetch });
    await expect(client.call(anything, {})).rejects.toMatchObject({ status: 502, body: 'Bad gateway' });
  });

  it('calls the 401 handler, but not for the login call itself', async () => {
    const onUnauthorized = vi.fn();
    const fetch = fakeFetch(() => jsonResponse({ status: 401, detail: 'Unauthorized' }, 401, 'Unauthorized'));
    const client = createApiClient({ fetch, onUnauthorized, getToken: () => 'old' });
    await expect(
      client.call(authEndpoints.login, { body: { username: 'a', password: 'b' } }),
    ).rejects.toBeInstanceOf(ApiError);
    expect(onUnauthorized).not.toHaveBeenCalled();
    await expect(client.call(accountEndpoints.profile, {})).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('ignores a 401 for a session the user has already left (logout), and sends the given token', async () => {
    const onUnauthorized = vi.fn();
    let stored: string | null = 'current';
    const fetch = fakeFetch(() => jsonResponse({ status: 401, detail: 'Unauthorized' }, 401, 'Unauthorized'));
    const client = createApiClient({ fetch, onUnauthorized, getToken: () => stored });
    stored = null;
    await expect(client.call(authEndpoints.logout, {}, { token: 'left' })).rejects.toMatchObject({
      status: 401,
    });
    expect(headersOf(fetch.mock.calls[0]?.[1])).toMatchObject({ authorization: 'JWT left' });
    expect(onUnauthorized).not.toHaveBeenCalled();
    stored = 'current';
    await expect(client.call(accountEndpoints.profile, {})).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });
});

describe('api client download', () => {
  const pdf = (headers: Record<string, string> = {}) =>
    new Response('%PDF-1.7', {
      headers: { 'Content-Type': 'application/pdf', ...headers },
    });

  it('fetches the endpoint with the session header and saves the file under the name the answer gives', async () => {
    const fetch = fakeFetch(() => pdf({ 'Content-Disposition': 'attachment; filename="rapport-sara.pdf"' }));
    const saveFile = vi.fn<(file: Blob, fileName: string) => void>();
    const client = createApiClient({ fetch, saveFile, getToken: () => 'abc' });
    const name = await client.download(
      pupilReportEndpoints.report,
      { params: { id: 7 }, query: { school_id: 1, lang: 'en', calendar_year: 2025 } },
      { fileName: 'report-7.pdf' },
    );
    expect(name).toBe('rapport-sara.pdf');
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/1.0/pupils/7/report/?school_id=1&lang=en&calendar_year=2025');
    expect(fetch.mock.calls[0]?.[1]?.method).toBe('GET');
    expect(headersOf(fetch.mock.calls[0]?.[1]).authorization).toBe('JWT abc');
    expect(saveFile).toHaveBeenCalledTimes(1);
    const [file, savedAs] = saveFile.mock.calls[0] ?? [];
    expect(savedAs).toBe('rapport-sara.pdf');
    expect(file?.type).toBe('application/pdf');
    expect(file && (await blobText(file))).toBe('%PDF-1.7');
  });

  it("reads an encoded name (filename*) and falls back to the caller's name without one", async () => {
    let disposition: string | null = "attachment; filename*=UTF-8''verslag%20%C3%A9%C3%A9n.png";
    const fetch = fakeFetch(() => pdf(disposition === null ? {} : { 'Content-Disposition': disposition }));
    const saveFile = vi.fn<(file: Blob, fileName: string) => void>();
    const client = createApiClient({ fetch, saveFile, getToken: () => null });
    const attachment = { params: { id: 3, attachmentId: 8 } };
    expect(await client.download(supportEndpoints.attachment, attachment, { fileName: 'scherm.png' })).toBe(
      'verslag één.png',
    );
    disposition = null;
    expect(await client.download(supportEndpoints.attachment, attachment, { fileName: 'scherm.png' })).toBe(
      'scherm.png',
    );
    expect(saveFile.mock.calls.map((call) => call[1])).toEqual(['verslag één.png', 'scherm.png']);
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/1.0/support/tickets/3/attachments/8/');
    expect(headersOf(fetch.mock.calls[0]?.[1]).authorization).toBeUndefined();
  });

  it('throws the ApiError of a refused answer, saving nothing; a 401 ends the session', async () => {
    const onUnauthorized = vi.fn();
    const saveFile = vi.fn<(file: Blob, fileName: string) => void>();
    let answer = jsonResponse({ status: 404, detail: 'Not found.' }, 404, 'Not Found');
    const fetch = fakeFetch(() => answer);
    const client = createApiClient({ fetch, saveFile, onUnauthorized, getToken: () => 'abc' });
    const attachment = { params: { id: 3, attachmentId: 8 } };
    await expect(
      client.download(supportEndpoints.attachment, attachment, { fileName: 'x.png' }),
    ).rejects.toMatchObject({ status: 404, body: { status: 404, detail: 'Not found.' } });
    expect(onUnauthorized).not.toHaveBeenCalled();
    answer = jsonResponse({ status: 401, detail: 'Unauthorized' }, 401, 'Unauthorized');
    const error = await client
      .download(supportEndpoints.attachment, attachment, { fileName: 'x.png' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(saveFile).not.toHaveBeenCalled();
  });
});
