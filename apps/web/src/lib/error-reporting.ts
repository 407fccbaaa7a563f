import { CLIENT_ERROR_LIMITS, type ClientErrorReport } from '@leerzicht/contract';
import { API_BASE } from './api-base';

/** Report ids of this page already sent (React may mount an error view twice in development). */
const sent = new Set<string>();
const MAX_REPORTS_PER_PAGE = 20;

/** A random UUID v4; crypto.randomUUID exists only on secure origins, getRandomValues everywhere. */
export function newReportId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function describe(error: unknown): { message: string; stack?: string } {
  if (error instanceof Error) return { message: `${error.name}: ${error.message}`, stack: error.stack };
  return { message: String(error) };
}

/**
 * Sends an error to the server under `reportId` (shown to the user, so support can find it). Only the path
 * (never the query string, which can hold names), the message and the stack are sent, without a token:
 * reporting is not a user's write, so it also works before sign-in and in read-only sessions.
 */
export function reportClientError(error: unknown, reportId: string = newReportId()): string {
  if (sent.has(reportId) || sent.size >= MAX_REPORTS_PER_PAGE) return reportId;
  sent.add(reportId);
  const { message, stack } = describe(error);
  const report: ClientErrorReport = {
    reportId,
    message: (message.trim() || 'Unknown error').slice(0, CLIENT_ERROR_LIMITS.message),
    path: window.location.pathname.slice(0, CLIENT_ERROR_LIMITS.path),
    stack: stack?.slice(0, CLIENT_ERROR_LIMITS.stack),
  };
  try {
    void globalThis
      .fetch(`${API_BASE}/client-errors/`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify(report),
        keepalive: true,
      })
      .catch(() => undefined);
  } catch {
    // Reporting must never break the page.
  }
  return reportId;
}

/** Reports errors nothing else caught (scripts outside React, rejected promises). */
export function installGlobalErrorReporting(): void {
  window.addEventListener('error', (event) => reportClientError(event.error ?? event.message));
  window.addEventListener('unhandledrejection', (event) => reportClientError(event.reason));
}
