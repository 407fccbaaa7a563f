/*
 * Sign-in rules about the account itself (the password, the code and the rate limits are checked in the service).
 */

/** Only active accounts sign in; a deactivated account answers as a wrong password would. */
export const canSignIn = (user: { isActive: boolean }): boolean => user.isActive;

/** An account with two-step login switched on and a stored secret needs the code after the password. */
export function needsSecondStep<U extends { totpActive: boolean; totpSecretEnc: string | null }>(
  user: U,
): user is U & { totpSecretEnc: string } {
  return user.totpActive && user.totpSecretEnc !== null;
}

/** Sign-in links go only to active, real accounts: the shared demo account's address is not the user's. */
export const canReceiveSignInLink = (user: { isActive: boolean; isDemo: boolean }): boolean =>
  user.isActive && !user.isDemo;
