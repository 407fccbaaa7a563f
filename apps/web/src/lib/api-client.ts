import {
  authEndpoints,
  endpointPath,
  isRefusedForReadOnly,
  type EndpointDefinition,
  type EndpointInput,
  type EndpointOutput,
} from '@leerzicht/contract';
import { API_BASE } from './api-base';
import { ApiError, parseRetryAfter } from './api-error';
import { fileNameFromDisposition } from './content-disposition';
import { toQueryString, type QueryParams, type QueryValue } from './query-string';
import { storage } from './storage';

export { API_BASE };
export const LOGIN_PATH = '/auth/login';

/**
 * What a call resolves to when a read-only session (demo, impersonated) may not make it: nothing was sent and
 * nothing changed. Callers say so (the read-only notice) instead of showing an answer that never came.
 */
export interface Suppressed {
  readonly suppressed: true;
}

const SUPPRESSED: Suppressed = Object.freeze({ suppressed: true });

export function isSuppressed(value: unknown): value is Suppressed {
  return typeof value === 'object' && value !== null && 'suppressed' in value && value.suppressed === true;
}

/** isRefusedForReadOnly at the type level: only a call that can be held back can resolve to Suppressed. */
type MayBeSuppressed<E extends EndpointDefinition> = E['write'] extends 'write'
  ? true
  : E['method'] extends 'GET'
    ? false
    : E['write'] extends 'read-only-allowed'
      ? false
      : true;

export type CallResult<E extends EndpointDefinition> =
  MayBeSuppressed<E> extends true ? EndpointOutput<E> | Suppressed : EndpointOutput<E>;

export interface CallOptions {
  signal?: AbortSignal;
  /** The session to act for when it is no longer the stored one (logout sends it after forgetting it). */
  token?: string;
}

export interface DownloadOptions extends CallOptions {
  /** The name to save under when the answer names none in its Content-Disposition header. */
  fileName: string;
}

export interface ApiClientConfig {
  baseUrl?: string;
  /** Defaults to the global fetch, looked up at call time. */
  fetch?: typeof fetch;
  /** Hands a downloaded file to the browser to save; defaults to saveFile. */
  saveFile?: (file: Blob, fileName: string) => void;
  getToken?: () => string | null;
  /** Runs on a 401 from any call but the login itself. */
  onUnauthorized?: () => void;
  /** Demo and impersonated sessions: calls the endpoint marks as refused for them are not sent. */
  isReadOnlySession?: () => boolean;
}

/** The session flags stored after the profile loaded. */
export function isStoredReadOnlySession(): boolean {
  return storage.isDemo() || storage.isImpersonated();
}

/**
 * The default 401 handling: forget the session, then load the login page afresh. On the sign-in pages themselves
 * (login, invitation, reset) there is nothing to leave, and a reload there would cut off what the user is doing.
 */
export function redirectToLogin(): void {
  storage.clearSession();
  if (window.location.pathname.startsWith('/auth/')) return;
  window.location.assign(LOGIN_PATH);
}

/** Saves a file the way a link with `download` does: the browser's download, under `fileName`. */
export function saveFile(file: Blob, fileName: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

function isQueryValue(value: unknown): value is QueryValue {
  if (value === null || value === undefined || value instanceof Date) return true;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return true;
  if (Array.isArray(value)) return value.every(isQueryValue);
  return isQueryParams(value);
}

function isQueryParams(value: unknown): value is QueryParams {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every(isQueryValue)
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isInternal(url: string): boolean {
  if (!/^[a-z][a-z\d+.-]*:\/\//i.test(url)) return true;
  return typeof window !== 'undefined' && new URL(url).origin === window.location.origin;
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

/** The parts of an input as the client handles them once the types have checked the caller. */
interface SentInput {
  params?: unknown;
  query?: unknown;
  body?: unknown;
}

export function createApiClient(config: ApiClientConfig = {}) {
  const baseUrl = config.baseUrl ?? API_BASE;
  const getToken = config.getToken ?? storage.getToken;
  const onUnauthorized = config.onUnauthorized ?? redirectToLogin;
  const isReadOnlySession = config.isReadOnlySession ?? isStoredReadOnlySession;

  function urlOf(endpoint: EndpointDefinition, input: SentInput): string {
    const path = endpointPath(endpoint.path, isRecord(input.params) ? input.params : undefined);
    const query = toQueryString(isQueryParams(input.query) ? input.query : undefined);
    return `${baseUrl}${path}${query ? `?${query}` : ''}`;
  }

  /**
   * Calls one endpoint of the contract: fills the path from `input.params`, writes `input.query` with bracket
   * arrays, sends `input.body` and parses the answer with the endpoint's response schema (undefined for 204).
   * A call the endpoint marks as refused for read-only sessions is not sent in one: it resolves to Suppressed.
   */
  function call<E extends EndpointDefinition>(
    endpoint: E,
    input: EndpointInput<E>,
    options?: CallOptions,
  ): Promise<CallResult<E>>;
  async function call(
    endpoint: EndpointDefinition,
    input: SentInput,
    options: CallOptions = {},
  ): Promise<unknown> {
    if (isRefusedForReadOnly(endpoint) && isReadOnlySession()) return SUPPRESSED;
    const url = urlOf(endpoint, input);
    const headers: Record<string, string> = { Accept: 'application/json' };
    let body: BodyInit | undefined;
    if (input.body instanceof FormData) {
      body = input.body;
    } else if (input.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(input.body);
    }
    const token = options.token ?? getToken();
    if (token && isInternal(url)) headers.Authorization = `JWT ${token}`;

    const fetchImpl = config.fetch ?? globalThis.fetch;
    const response = await fetchImpl(url, { method: endpoint.method, headers, body, signal: options.signal });
    const data = await readBody(response);
    if (!response.ok) throw failure(endpoint, response, data, token);
    return endpoint.response ? endpoint.response.parse(data) : undefined;
  }

  /** The error of a refused answer; a 401 ends the session first. */
  function failure(endpoint: EndpointDefinition, response: Response, data: unknown, token: string | null) {
    // Only a 401 for the session still stored ends it: answers to requests of a session the user has just left
    // (logout) must not reload the page under the navigation the logout already made.
    const stillCurrent = token === null || token === getToken();
    if (response.status === 401 && endpoint.path !== authEndpoints.login.path && stillCurrent)
      onUnauthorized();
    const retryAfter = parseRetryAfter(response.headers.get('Retry-After'));
    return new ApiError(response.status, response.statusText, data, retryAfter);
  }

  /**
   * Downloads a file answer (a printout, an attachment) and saves it: the same path, query and session header as
   * `call`; a refused answer throws the ApiError `call` throws (a 401 ends the session), so callers show its
   * message as they show any other. The file is saved under the name the answer's Content-Disposition gives,
   * else `options.fileName`; resolves to the name used.
   */
  async function download<E extends EndpointDefinition & { method: 'GET' }>(
    endpoint: E,
    input: EndpointInput<E>,
    options: DownloadOptions,
  ): Promise<string> {
    const url = urlOf(endpoint, input);
    const headers: Record<string, string> = {};
    const token = options.token ?? getToken();
    if (token && isInternal(url)) headers.Authorization = `JWT ${token}`;
    const fetchImpl = config.fetch ?? globalThis.fetch;
    const response = await fetchImpl(url, { method: 'GET', headers, signal: options.signal });
    if (!response.ok) throw failure(endpoint, response, await readBody(response), token);
    const file = await response.blob();
    const fileName = fileNameFromDisposition(response.headers.get('Content-Disposition')) ?? options.fileName;
    (config.saveFile ?? saveFile)(file, fileName);
    return fileName;
  }

  return { call, download };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** The client every feature uses. */
export const api = createApiClient();
