import type { ActiveSession } from '../../platform/sessions';
import { isProviderStaff } from '../../platform/provider-staff';

/*
 * The account module acts only on the signed-in user's own account, so its rules are about the account and the
 * session, not a school.
 */

/** Reset links go only to active, real accounts: the shared demo account's password is not the user's to change. */
export const canReceivePasswordReset = (user: { isActive: boolean; isDemo: boolean }): boolean =>
  user.isActive && !user.isDemo;

/** Impersonated sessions never carry the staff member's powers, nor the target's (targets are never staff). */
export const actsAsProviderStaff = (
  session: Pick<ActiveSession, 'impersonatorId'>,
  user: { isProviderStaff: boolean; email: string },
  providerDomain: string,
): boolean => session.impersonatorId === null && isProviderStaff(user, providerDomain);
