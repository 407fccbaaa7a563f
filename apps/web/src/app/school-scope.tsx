import { Outlet, useParams } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { SchoolNotices } from '../features/notifications/components/school-notices';
import { useSchoolQuery } from '../entities/school';
import { NotFoundError } from '../lib/api-error';

export function parseSchoolId(value: string | undefined): number {
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id <= 0) throw new NotFoundError(`No school ${value ?? ''}`);
  return id;
}

/**
 * Every /app/schools/:schoolId route: the school must be one of the user's (a 404 shows the not-found
 * view), and its notices (disconnected school, new school year) show on any of its pages.
 */
export function SchoolScope() {
  const schoolId = parseSchoolId(useParams().schoolId);
  const { data: school } = useSchoolQuery(schoolId);
  if (!school) return <PageLoader />;
  return (
    <>
      <SchoolNotices school={school} />
      <Outlet />
    </>
  );
}
