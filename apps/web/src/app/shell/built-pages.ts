/*
 * The group sub-pages whose screens exist. The menu, the logo and the group selector lead only to these, so that no
 * link of the app ends in "page not found". Add a page here when it is routed.
 */
export type GroupPage =
  'worksheet' | 'results' | 'notes' | 'goals' | 'social-emotional' | 'instruction-groups';

const BUILT: ReadonlySet<GroupPage> = new Set([
  'worksheet',
  'results',
  'notes',
  'goals',
  'social-emotional',
  'instruction-groups',
]);

export const isBuilt = (page: GroupPage): boolean => BUILT.has(page);

/** Where "a group" leads when no sub-page is asked for: its worksheet once built, until then the group page. */
export const groupHome = (schoolId: number, groupId: number): string =>
  `/app/schools/${schoolId}/groups/${groupId}${isBuilt('worksheet') ? '/worksheet' : ''}`;
