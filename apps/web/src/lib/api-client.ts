import { z } from 'zod';
import { ApiError } from './api-error';
import { toQueryString, type QueryParams } from './query-string';
import { storage } from './storage';

export const API_BASE = '/api/1.0';
export const DEFAULT_PAGE_LIMIT = 100;
export const LOGIN_PATH = '/auth/login';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  query?: QueryParams;
  /** Sent as JSON; a FormData body is sent as a form. */
  body?: unknown;
  /** Paths end with a slash unless this is false. */
  trailingSlash?: boolean;
  signal?: AbortSignal;
}

export interface ApiClientConfig {
  baseUrl?: string;
  /** Defaults to the global fetch, looked up at call time. */
  fetch?: typeof fetch;
  getToken?: () => string | null;
  /** Runs on a 401 from any call but the login itself. */
  onUnauthorized?: () => void;
  /** Demo and impersonated sessions: writes other than login and printouts are not sent. */
  isReadOnlySession?: () => boolean;
}

/** The session flags stored after the profile loaded. */
export function isStoredReadOnlySession(): boolean {
  return storage.isDemo() || storage.isImpersonated();
}

/** Writes a read-only session still sends: logging in and out, and printouts. */
function isAllowedReadOnlyWrite(path: string): boolean {
  const pathname = (path.split('?', 1)[0] ?? '').replace(/\/+$/, '');
  return isLoginCall(path) || /(^|\/)logout$/.test(pathname) || pathname.includes('/print');
}

/** The default 401 handling: forget the session, then load the login page afresh. */
export function redirectToLogin(): void {
  storage.clearSession();
  window.location.assign(LOGIN_PATH);
}

function currentOrigin(): string | null {
  return typeof window === 'undefined' ? null : window.location.origin;
}

function isAbsoluteUrl(path: string): boolean {
  return /^[a-z][a-z\d+.-]*:\/\//i.test(path);
}

function buildUrl(baseUrl: string, path: string, options: RequestOptions): string {
  const full = isAbsoluteUrl(path) ? path : `${baseUrl}${path.startsWith('/') ? '' : '/'}${path}`;
  const [pathPart = '', existingQuery = ''] = full.split('?', 2);
  const withSlash = options.trailingSlash !== false && !pathPart.endsWith('/') ? `${pathPart}/` : pathPart;
  const query = [existingQuery, toQueryString(options.query)].filter((part) => part.length > 0).join('&');
  return query ? `${withSlash}?${query}` : withSlash;
}

function isInternal(path: string): boolean {
  if (!isAbsoluteUrl(path)) return true;
  return new URL(path).origin === currentOrigin();
}

function isLoginCall(path: string): boolean {
  const pathname = (path.split('?', 1)[0] ?? '').replace(/\/+$/, '');
  return pathname === '/login' || pathname === 'login' || pathname.endsWith(`${API_BASE}/login`);
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text.length === 0) return undefined;
  const contentType = response.headers.get('Content-Type') ?? '';
  if (!contentType.includes('json')) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export function createApiClient(config: ApiClientConfig = {}) {
  const baseUrl = config.baseUrl ?? API_BASE;
  const getToken = config.getToken ?? storage.getToken;
  const onUnauthorized = config.onUnauthorized ?? redirectToLogin;
  const isReadOnlySession = config.isReadOnlySession ?? isStoredReadOnlySession;

  /** True when this write must not be sent: the caller then gets its own body back, unchanged. */
  function isSuppressedWrite(method: HttpMethod, path: string): boolean {
    return method !== 'GET' && isReadOnlySession() && !isAllowedReadOnlyWrite(path);
  }

  async function request(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<unknown> {
    if (isSuppressedWrite(method, path)) return options.body;
    const headers: Record<string, string> = { Accept: 'application/json' };
    let body: BodyInit | undefined;
    if (options.body instanceof FormData) {
      body = options.body;
    } else if (options.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    const token = getToken();
    if (token && isInternal(path)) headers.Authorization = `JWT ${token}`;

    const fetchImpl = config.fetch ?? globalThis.fetch;
    const response = await fetchImpl(buildUrl(baseUrl, path, options), {
      method,
      headers,
      body,
      signal: options.signal,
    });
    const data = await readBody(response);
    if (!response.ok) {
      if (response.status === 401 && !isLoginCall(path)) onUnauthorized();
      throw new ApiError(response.status, response.statusText, data);
    }
    return data;
  }

  async function get<T>(path: string, schema: z.ZodType<T>, options?: RequestOptions): Promise<T> {
    return schema.parse(await request('GET', path, options));
  }

  function write(method: 'POST' | 'PUT' | 'PATCH') {
    return async <T>(
      path: string,
      body: unknown,
      schema: z.ZodType<T>,
      options?: RequestOptions,
    ): Promise<T> => {
      // Spec section 4: a read-only session's write is not sent and "returns the body unchanged".
      if (isSuppressedWrite(method, path)) return body as T;
      return schema.parse(await request(method, path, { ...options, body }));
    };
  }

  /** Reads `{count, results}` pages by offset in steps of `limit` and returns all rows. */
  async function getAllPages<T>(
    path: string,
    row: z.ZodType<T>,
    query: QueryParams = {},
    limit = DEFAULT_PAGE_LIMIT,
  ): Promise<T[]> {
    const page = z.object({ count: z.number().int().nonnegative(), results: z.array(row) });
    const first = await get(path, page, { query: { ...query, limit, offset: 0 } });
    const offsets: number[] = [];
    for (let offset = limit; offset < first.count; offset += limit) offsets.push(offset);
    const rest = await Promise.all(
      offsets.map((offset) => get(path, page, { query: { ...query, limit, offset } })),
    );
    return [first, ...rest].flatMap((result) => result.results);
  }

  return {
    request,
    get,
    post: write('POST'),
    put: write('PUT'),
    patch: write('PATCH'),
    delete: async (path: string, options?: RequestOptions): Promise<void> => {
      if (isSuppressedWrite('DELETE', path)) return;
      await request('DELETE', path, options);
    },
    getAllPages,
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** The client every feature uses. */
export const apiClient = createApiClient();
