import type { Senco } from '@leerzicht/contract';

export type ColleagueRole = 'superuser' | 'senco' | 'teacher';

/**
 * A colleague's (or an invitation's) role as the colleagues list reports it. This is data the Users page shows and
 * edits (the role label, the superuser switch, group permissions for teachers), not a decision about what the
 * signed-in user may do: that comes from the profile's abilities. The web's only reading of role fields, allowed
 * by name in eslint.config.js.
 */
export function colleagueRole(person: Pick<Senco, 'isSchoolSuperuser' | 'isSenco'>): ColleagueRole {
  if (person.isSchoolSuperuser) return 'superuser';
  return person.isSenco ? 'senco' : 'teacher';
}
