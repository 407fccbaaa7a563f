import type { Profile, School } from '@leerzicht/contract';
import { jsonResponse } from './fake-api';
import { profile, school } from './fixtures';

export const kompas: School = {
  ...school,
  id: 2,
  name: 'CBS Het Kompas',
  brinCode: '34CD',
  isConnectionActive: false,
};

export const oneSchoolProfile: Profile = { ...profile, schools: profile.schools.slice(0, 1) };

/** The replies the signed-in shell asks for: profile, school(s), hidden notices. */
export function shellReplies(
  options: { profile?: Profile; schools?: School[]; hidden?: unknown[] } = {},
): Record<string, Response> {
  const replies: Record<string, Response> = {
    'GET /api/1.0/profile/': jsonResponse(options.profile ?? profile),
    'GET /api/1.0/hidden-notifications/': jsonResponse(options.hidden ?? []),
  };
  for (const item of options.schools ?? [school, kompas]) {
    replies[`GET /api/1.0/schools/${item.id}/`] = jsonResponse(item);
  }
  return replies;
}
