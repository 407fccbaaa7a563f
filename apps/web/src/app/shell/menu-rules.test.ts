import { describe, expect, it } from 'vitest';
import { asProviderStaff, memberOf, profile, type ProfileSchool } from '../../test/fixtures';
import { menuItems, type MenuGroup, type MenuItem } from './menu-rules';

const [first, second] = profile.schools;
if (!first || !second) throw new Error('fixture: two schools');
const regenboog = memberOf(first, 'teacher');
const kompas = memberOf(second, 'teacher');

/** What the menu is built from: the profile the server sends for a role (and for provider staff). */
interface Case {
  schoolCount: number;
  superuser: boolean;
  providerStaff: boolean;
  group: MenuGroup | null;
}

const base: Case = { schoolCount: 1, superuser: false, providerStaff: false, group: null };

/** The profile's schools, as the server sends them; the menu reads only their abilities. */
function profileSchools(schools: ProfileSchool[], providerStaff: boolean): ProfileSchool[] {
  const own = { ...profile, schools };
  return (providerStaff ? asProviderStaff(own) : own).schools;
}

function menu({ schoolCount, superuser, providerStaff, group }: Case): MenuItem[] {
  const schools = [memberOf(regenboog, superuser ? 'superuser' : 'teacher'), kompas];
  return menuItems({
    profile: { schools: profileSchools(schools.slice(0, schoolCount), providerStaff) },
    schoolId: 1,
    group,
  });
}

const keys = (items: MenuItem[]) => items.map((item) => item.key);
const groupChildren = (input: Case) => menu(input).find((item) => item.key === 'groups')?.children;
const admin = (input: Case) => menu(input).find((item) => item.key === 'admin');

describe('side menu rules', () => {
  it('shows School, Grades, Groups and Pupils to everyone, with their addresses', () => {
    const items = menu(base);
    expect(keys(items)).toEqual(['school', 'grades', 'groups', 'pupils']);
    expect(items.map((item) => item.to)).toEqual([
      '/app/schools/1',
      '/app/schools/1/years',
      '/app/schools/1/groups',
      '/app/schools/1/pupils',
    ]);
  });

  it('shows group sub-items only when a group is selected', () => {
    expect(groupChildren(base)).toBeUndefined();
    const children = groupChildren({ ...base, group: { id: 18, grade: 5, hasGoals: false } });
    expect(keys(children ?? [])).toEqual(['worksheet', 'results', 'notes']);
    expect(children?.map((item) => item.to)).toEqual([
      '/app/schools/1/groups/18/worksheet',
      '/app/schools/1/groups/18/results',
      '/app/schools/1/groups/18/notes',
    ]);
    // With a group selected, Groups leads to the group's own page.
    expect(
      menu({ ...base, group: { id: 18, grade: 5, hasGoals: false } }).find((i) => i.key === 'groups')?.to,
    ).toBe('/app/schools/1/groups/18');
  });

  it('shows Results only from grade 3', () => {
    expect(keys(groupChildren({ ...base, group: { id: 2, grade: 2, hasGoals: true } }) ?? [])).toEqual([
      'worksheet',
      'notes',
    ]);
    expect(keys(groupChildren({ ...base, group: { id: 3, grade: 3, hasGoals: false } }) ?? [])).toContain(
      'results',
    );
  });

  it('shows Test overview, marked beta, only from grade 3 and only for a group with goals', () => {
    const goals = (group: MenuGroup) => groupChildren({ ...base, group })?.find((i) => i.key === 'goals');
    expect(goals({ id: 3, grade: 3, hasGoals: true })).toEqual({
      key: 'goals',
      label: { id: 'menu.testOverview' },
      to: '/app/schools/1/groups/3/goals',
      beta: true,
    });
    expect(keys(groupChildren({ ...base, group: { id: 8, grade: 8, hasGoals: true } }) ?? [])).toEqual([
      'worksheet',
      'results',
      'notes',
      'goals',
    ]);
    expect(goals({ id: 8, grade: 8, hasGoals: false })).toBeUndefined();
    expect(goals({ id: 2, grade: 2, hasGoals: true })).toBeUndefined();
    // A group of another school year: its grade is unknown, so no test overview.
    expect(goals({ id: 9, grade: null, hasGoals: true })).toBeUndefined();
  });

  it('shows worksheet and notes for a group of another school year (grade unknown)', () => {
    expect(keys(groupChildren({ ...base, group: { id: 9, grade: null, hasGoals: true } }) ?? [])).toEqual([
      'worksheet',
      'notes',
    ]);
  });

  it('shows Management only to superusers of the school: Users, Plans, Pupils, School data', () => {
    expect(admin(base)).toBeUndefined();
    const management = admin({ ...base, superuser: true });
    expect(keys(management?.children ?? [])).toEqual([
      'adminUsers',
      'adminPlans',
      'adminPupils',
      'adminData',
    ]);
    expect(management?.children?.map((item) => item.to)).toEqual([
      '/app/schools/1/admin/permissions',
      '/app/schools/1/admin/templates',
      '/app/schools/1/admin/pupils',
      '/app/schools/1/admin/data',
    ]);
  });

  it('offers Pupils to discuss under School to superusers and sencos, not to teachers', () => {
    const schoolItem = (school: ProfileSchool) =>
      menuItems({ profile: { schools: [school] }, schoolId: 1, group: null }).find(
        (entry) => entry.key === 'school',
      );
    expect(schoolItem(regenboog)?.children).toBeUndefined();
    for (const school of [memberOf(regenboog, 'superuser'), memberOf(regenboog, 'senco')])
      expect(schoolItem(school)?.children).toEqual([
        { key: 'discuss', label: { id: 'menu.discuss' }, to: '/app/schools/1/discuss' },
      ]);
  });

  it('adds Upload for superusers whose e-mail is in the provider domain', () => {
    const management = admin({ ...base, superuser: true, providerStaff: true });
    expect(keys(management?.children ?? [])).toContain('adminUpload');
    expect(admin({ ...base, providerStaff: true })).toBeUndefined();
  });

  it('adds a school-name entry to the school list when the user has several schools', () => {
    expect(keys(menu(base))).not.toContain('schoolList');
    const [first] = menu({ ...base, schoolCount: 2 });
    expect(first).toEqual({ key: 'schoolList', label: { text: 'OBS De Regenboog' }, to: '/app/schools' });
  });

  it('reads the permissions of the selected school from the profile, not those of another school', () => {
    const superuserElsewhere = memberOf(kompas, 'superuser');
    const items = menuItems({
      profile: { schools: profileSchools([regenboog, superuserElsewhere], true) },
      schoolId: 1,
      group: null,
    });
    expect(keys(items)).not.toContain('admin');
    expect(admin({ ...base, superuser: true })).toBeDefined();
  });
});
