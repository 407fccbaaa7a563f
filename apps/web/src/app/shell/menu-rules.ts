import { GRADE_THRESHOLD, type Profile } from '@leerzicht/contract';
import { schoolAbilitiesOf } from '../../entities/school';
import type { MessageId } from '../../i18n/messages';
import { isBuilt } from './built-pages';

export interface MenuGroup {
  id: number;
  /** Null when the group is not among the groups of the chosen school year. */
  grade: number | null;
  hasGoals: boolean;
}

export interface MenuInput {
  /** The user's schools with what the user may do in each (their abilities), as the server sent them. */
  profile: Pick<Profile, 'schools'>;
  schoolId: number;
  /** The group in the URL, if any. */
  group: MenuGroup | null;
}

export interface MenuItem {
  key: string;
  /** A message id, or the literal text (the school name). */
  label: { id: MessageId } | { text: string };
  to: string;
  beta?: boolean;
  children?: MenuItem[];
}

const item = (key: string, id: MessageId, to: string, extra: Partial<MenuItem> = {}): MenuItem => ({
  key,
  label: { id },
  to,
  ...extra,
});

function groupItems(base: string, group: MenuGroup): MenuItem[] {
  const groupBase = `${base}/groups/${group.id}`;
  const upper = group.grade !== null && group.grade >= GRADE_THRESHOLD;
  const items: MenuItem[] = [];
  if (isBuilt('worksheet')) items.push(item('worksheet', 'menu.worksheet', `${groupBase}/worksheet`));
  if (upper) items.push(item('results', 'menu.results', `${groupBase}/results`));
  items.push(item('notes', 'menu.notes', `${groupBase}/notes`));
  if (upper && group.hasGoals && isBuilt('goals'))
    items.push(item('goals', 'menu.testOverview', `${groupBase}/goals`, { beta: true }));
  return items;
}

/** The side menu of section 2 for the selected school (and group). */
export function menuItems(input: MenuInput): MenuItem[] {
  const { profile } = input;
  const school = profile.schools.find((candidate) => candidate.id === input.schoolId);
  const abilities = schoolAbilitiesOf(profile, input.schoolId);
  const base = `/app/schools/${input.schoolId}`;
  const items: MenuItem[] = [];
  if (profile.schools.length > 1) {
    items.push({ key: 'schoolList', label: { text: school?.name ?? '' }, to: '/app/schools' });
  }
  // Pupils to discuss lies under the school's results, for those who read the whole school.
  items.push(
    item('school', 'menu.school', base, {
      children: abilities.readWholeSchool ? [item('discuss', 'menu.discuss', `${base}/discuss`)] : undefined,
    }),
  );
  items.push(item('grades', 'menu.grades', `${base}/years`));
  items.push(
    item('groups', 'menu.groups', input.group ? `${base}/groups/${input.group.id}` : `${base}/groups`, {
      children: input.group ? groupItems(base, input.group) : undefined,
    }),
  );
  items.push(item('pupils', 'menu.pupils', `${base}/pupils`));
  if (abilities.manageSchool) {
    const admin = [
      item('adminUsers', 'menu.admin.users', `${base}/admin/permissions`),
      item('adminPlans', 'menu.admin.plans', `${base}/admin/templates`),
      item('adminPupils', 'menu.admin.pupils', `${base}/admin/pupils`),
      item('adminData', 'menu.admin.data', `${base}/admin/data`),
    ];
    if (abilities.upload) admin.push(item('adminUpload', 'menu.admin.upload', `${base}/admin/upload`));
    items.push(item('admin', 'menu.admin', `${base}/admin/permissions`, { children: admin }));
  }
  return items;
}
