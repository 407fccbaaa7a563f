import {
  schoolYearOf,
  type ClientErrorReport,
  type HiddenNotification,
  type HideNotificationRequest,
  type SessionSchoolYear,
} from '@leerzicht/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import type { SchoolAccess } from '../../platform/access/index';
import { badRequest } from '../../platform/http-errors';
import { reserveAttempt, type AttemptLimit } from '../../platform/rate-limit';
import type { ActiveSession } from '../../platform/sessions';
import {
  insertClientErrorReport,
  insertHiddenNotification,
  listHiddenNotifications,
  setSessionSchoolYear,
} from './repository';

/** A browser in a crash loop must not flood the log: per address at most this many reports. */
export const CLIENT_ERROR_LIMIT: AttemptLimit = {
  name: 'client-error:address',
  max: 30,
  windowMs: 15 * 60_000,
};

const EMAIL = /[\w.+-]+@[\w-]+(\.[\w-]+)+/g;
const QUERY = /\?[^\s)'":]*/g;

/** Removes what could identify a person: e-mail addresses and query strings (which can hold names). */
export function scrub(text: string): string {
  return text.replace(EMAIL, '[email]').replace(QUERY, '');
}

export async function reportClientError(
  ctx: AppContext,
  report: ClientErrorReport,
  origin: { ip: string; log: FastifyBaseLogger },
): Promise<{ reportId: string }> {
  await reserveAttempt(ctx.db, [{ limit: CLIENT_ERROR_LIMIT, subject: origin.ip }], ctx.now());
  const entry = {
    id: report.reportId,
    message: scrub(report.message),
    stack: report.stack ? scrub(report.stack) : null,
    url: scrub(report.path),
  };
  await insertClientErrorReport(ctx.db, entry);
  // Message, path and stack can name pupils or parents, which no scrubbing finds reliably: they stay in
  // client_error_reports (read there by the report id) and the log carries the id alone.
  origin.log.warn({ reportId: entry.id }, 'client error report');
  return { reportId: report.reportId };
}

export function getHiddenNotifications(
  ctx: AppContext,
  session: ActiveSession,
): Promise<HiddenNotification[]> {
  return listHiddenNotifications(ctx.db, session.userId);
}

/** Hides a notice of the school the route's policy allowed, for this user. */
export async function hideNotification(
  ctx: AppContext,
  access: SchoolAccess,
  request: HideNotificationRequest,
): Promise<HiddenNotification> {
  const notification: HiddenNotification = {
    kind: request.kind,
    schoolId: access.schoolId,
    schoolYear: request.kind === 'new_school_year' ? (request.schoolYear ?? null) : null,
  };
  await insertHiddenNotification(ctx.db, access.userId, notification);
  return notification;
}

/** The school year this session looks at; a year after the current one does not exist yet. */
export async function changeSessionSchoolYear(
  ctx: AppContext,
  session: ActiveSession,
  request: SessionSchoolYear,
): Promise<SessionSchoolYear> {
  const latest = schoolYearOf(ctx.now());
  if (request.currentSchoolYear > latest) {
    throw badRequest('Invalid input.', { currentSchoolYear: [`The school year cannot be after ${latest}.`] });
  }
  await setSessionSchoolYear(ctx.db, session.sessionId, session.userId, request.currentSchoolYear);
  return { currentSchoolYear: request.currentSchoolYear };
}
