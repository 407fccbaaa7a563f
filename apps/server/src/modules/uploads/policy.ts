import type { SchoolAccess } from '../../platform/access/index';
import { isProviderStaff } from '../../platform/provider-staff';
import type { ActiveSession } from '../../platform/sessions';

/**
 * Uploads (spec 2 and 6: the Upload item of Management, only for users of the provider's own domain): the
 * provider's staff, in their own session (never an impersonated one), who are superusers of the school (Management
 * is the superusers' area). Everyone else is told nothing exists (404), members of the school included.
 */
export const canUpload = (
  session: Pick<ActiveSession, 'impersonatorId'>,
  user: { isProviderStaff: boolean; email: string } | null,
  access: SchoolAccess | null,
  providerDomain: string,
): boolean =>
  user !== null &&
  access !== null &&
  session.impersonatorId === null &&
  isProviderStaff(user, providerDomain) &&
  access.isSchoolSuperuser;
