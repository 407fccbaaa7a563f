import { endpointPath, isRefusedForReadOnly, type EndpointDefinition } from '@leerzicht/contract';
import { ApiError } from '../../../lib/api-error';
import { API_BASE, isStoredReadOnlySession, redirectToLogin, type Suppressed } from '../../../lib/api-client';
import { storage } from '../../../lib/storage';

const SUPPRESSED: Suppressed = Object.freeze({ suppressed: true });

/** Bytes sent of the file's request so far. */
export interface UploadProgress {
  loaded: number;
  total: number;
}

function readBody(xhr: XMLHttpRequest): unknown {
  const text = xhr.responseText;
  if (text === '') return undefined;
  if (!(xhr.getResponseHeader('Content-Type') ?? '').includes('json')) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * Sends a multipart form to an endpoint with XMLHttpRequest, the one browser API that reports upload progress
 * (fetch does not). Otherwise as `api.call`: the session's token, a 401 ends the session, refusals reject with an
 * ApiError carrying the answer's body, and a read-only session (demo, impersonated) sends nothing (Suppressed).
 * The answer's body comes back as it is: the caller parses it with the endpoint's response schema.
 */
export function sendForm(
  endpoint: EndpointDefinition,
  params: Record<string, unknown>,
  form: FormData,
  onProgress: (progress: UploadProgress) => void,
): Promise<unknown> {
  if (isRefusedForReadOnly(endpoint) && isStoredReadOnlySession()) return Promise.resolve(SUPPRESSED);
  const token = storage.getToken();
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(endpoint.method, `${API_BASE}${endpointPath(endpoint.path, params)}`);
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader('Authorization', `JWT ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress({ loaded: event.loaded, total: event.total });
    };
    xhr.onerror = () => reject(new TypeError('Network request failed'));
    xhr.onabort = () => reject(new DOMException('The upload was aborted', 'AbortError'));
    xhr.onload = () => {
      const body = readBody(xhr);
      if (xhr.status < 200 || xhr.status >= 300) {
        if (xhr.status === 401 && token === storage.getToken()) redirectToLogin();
        reject(new ApiError(xhr.status, xhr.statusText, body));
        return;
      }
      resolve(body);
    };
    xhr.send(form);
  });
}
