import { Outlet, useParams } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { useSchoolQuery } from '../lib/school-query';
import { AccessDeniedError } from '../lib/api-error';
import { useCurrentProfile } from '../lib/current-profile';
import { parseSchoolId } from './school-scope';

/** Management is for superusers of the school (Upload also needs a provider-domain e-mail): others see no access. */
export function AdminGuard({ providerStaffOnly = false }: { providerStaffOnly?: boolean }) {
  const profile = useCurrentProfile();
  const { data: school } = useSchoolQuery(parseSchoolId(useParams().schoolId));
  if (!school) return <PageLoader />;
  if (!school.isSchoolSuperuser || (providerStaffOnly && !profile.isProviderStaff)) {
    throw new AccessDeniedError();
  }
  return <Outlet />;
}
