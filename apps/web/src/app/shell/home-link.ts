import { groupHome } from './built-pages';

export interface HomeInput {
  /** How many schools the user belongs to. */
  schoolCount: number;
  /** The selected school, or the only one. */
  schoolId: number | null;
  /** The groups this user sees in that school (none when no school is known). */
  groupIds: number[];
}

/**
 * Where the logo leads (section 2): the school list if there are no groups; the group worksheet (until it is built
 * the group page) with one school and one group; the groups list with one school; otherwise the school page.
 */
export function homeAddress({ schoolCount, schoolId, groupIds }: HomeInput): string {
  if (schoolId === null || groupIds.length === 0) return '/app/schools';
  const base = `/app/schools/${schoolId}`;
  const [only] = groupIds;
  if (schoolCount === 1 && groupIds.length === 1 && only !== undefined) return groupHome(schoolId, only);
  if (schoolCount === 1) return `${base}/groups`;
  return base;
}
