import { Outlet, useParams } from 'react-router';
import { useSchoolPermissions } from '../entities/school';
import { AccessDeniedError } from '../lib/api-error';
import { useCurrentProfile } from '../lib/current-profile';
import { parseSchoolId } from './school-scope';

/**
 * Management is for superusers of the school (Upload also for provider staff), as the profile says: others see
 * no access. Inside SchoolScope, so the school is known to be one of the user's.
 */
export function AdminGuard({ providerStaffOnly = false }: { providerStaffOnly?: boolean }) {
  const profile = useCurrentProfile();
  const permissions = useSchoolPermissions(parseSchoolId(useParams().schoolId));
  if (!permissions?.isSchoolSuperuser || (providerStaffOnly && !profile.isProviderStaff)) {
    throw new AccessDeniedError();
  }
  return <Outlet />;
}

/** Upload and Support tickets: provider staff who are superusers of the school. */
export function ProviderStaffGuard() {
  return <AdminGuard providerStaffOnly />;
}
