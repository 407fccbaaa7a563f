import { vi } from 'vitest';

export interface FakeRequest {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body: unknown;
}

type Reply = Response | ((request: FakeRequest) => Response | Promise<Response>);

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/**
 * Replaces the network (global fetch) with a table of `METHOD /path/` replies; anything else answers 404.
 * Returns the fake so tests can inspect the requests made.
 */
export function fakeApi(replies: Record<string, Reply>) {
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), window.location.origin);
    const method = init.method ?? 'GET';
    const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    const request: FakeRequest = {
      method,
      url,
      headers: (init.headers ?? {}) as Record<string, string>,
      body,
    };
    const reply = replies[`${method} ${url.pathname}`];
    if (reply === undefined) return jsonResponse({ status: 404, detail: 'Not found.' }, 404);
    return typeof reply === 'function' ? reply(request) : reply.clone();
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/** Error boundaries log the errors they catch; tests that expect an error view keep the output clean. */
export function silenceExpectedErrors(): void {
  vi.spyOn(console, 'error').mockImplementation(() => {});
}
