import type { Homepage } from '@leerzicht/contract';

export const SCHOOLS_ROUTE = '/app/schools';

/** The route of the homepage named in the profile (page, schoolId, groupId); the schools list by default. */
export function homepageRoute(homepage: Homepage | null | undefined): string {
  if (!homepage) return SCHOOLS_ROUTE;
  const { page, schoolId, groupId } = homepage;
  if (schoolId === null) return SCHOOLS_ROUTE;
  const school = `${SCHOOLS_ROUTE}/${schoolId}`;
  switch (page) {
    case 'school':
      return school;
    case 'groups':
      return `${school}/groups`;
    case 'group-worksheet':
      return groupId === null ? `${school}/groups` : `${school}/groups/${groupId}/worksheet`;
    case 'pupils':
      return `${school}/pupils`;
    case 'schools':
    default:
      return SCHOOLS_ROUTE;
  }
}

/** Only a path inside this app is a safe place to return to after login. */
export function safeReturnPath(path: string | null): string | null {
  if (!path || !path.startsWith('/') || path.startsWith('//') || path.startsWith('/auth')) return null;
  return path;
}
