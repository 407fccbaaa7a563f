/**
 * Provider staff (impersonation, uploads, system templates) is a role stored on the account and granted by
 * other staff or on the server's command line. The e-mail domain stays a second condition: an account whose
 * address leaves the provider's domain stops being staff, but an address alone never makes anyone staff.
 */
export function isProviderStaff(
  user: { isProviderStaff: boolean; email: string },
  providerDomain: string,
): boolean {
  return user.isProviderStaff && isProviderEmail(user.email, providerDomain);
}

/**
 * Whether the account is provider staff at this moment: active, with the role, and an address in the domain. The
 * start of an impersonation and every request of a running one ask this one question (platform/sessions.ts), so
 * whatever takes the status away (role revoked, address changed, account deactivated) ends the impersonation at
 * its next request, whether or not that change also revoked sessions.
 */
export function isActiveProviderStaff(
  user: { isActive: boolean; isProviderStaff: boolean; email: string },
  providerDomain: string,
): boolean {
  return user.isActive && isProviderStaff(user, providerDomain);
}

export function isProviderEmail(email: string, providerDomain: string): boolean {
  return email.toLowerCase().endsWith(`@${providerDomain.toLowerCase()}`);
}
