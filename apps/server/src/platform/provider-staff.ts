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

export function isProviderEmail(email: string, providerDomain: string): boolean {
  return email.toLowerCase().endsWith(`@${providerDomain.toLowerCase()}`);
}
