import type { ActiveSession } from '../sessions';

export const READ_ONLY_SESSION_DETAIL =
  'This is a read-only session (demo or impersonated): changes are not saved. Only printing, logging in and logging out are possible.';

/** Demo accounts and impersonated sessions only read. */
export function isReadOnlySession(session: ActiveSession): boolean {
  return session.isDemo || session.impersonatorId !== null;
}
