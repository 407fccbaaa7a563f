import { describe, expect, it } from 'vitest';
import { menuItems, type MenuInput, type MenuItem } from './menu-rules';

const base: MenuInput = {
  schoolId: 1,
  schoolName: 'OBS De Regenboog',
  schoolCount: 1,
  isSchoolSuperuser: false,
  isProviderStaff: false,
  group: null,
};

const keys = (items: MenuItem[]) => items.map((item) => item.key);
const groupChildren = (input: MenuInput) => menuItems(input).find((item) => item.key === 'groups')?.children;
const admin = (input: MenuInput) => menuItems(input).find((item) => item.key === 'admin');

describe('side menu rules', () => {
  it('shows School, Grades, Groups and Pupils to everyone, with their addresses', () => {
    const items = menuItems(base);
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
    expect(children?.[0]?.to).toBe('/app/schools/1/groups/18/worksheet');
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

  it('shows Test overview, marked beta, only from grade 3 for a group with goals', () => {
    const withGoals = groupChildren({ ...base, group: { id: 8, grade: 8, hasGoals: true } }) ?? [];
    expect(keys(withGoals)).toEqual(['worksheet', 'results', 'notes', 'goals']);
    expect(withGoals.find((item) => item.key === 'goals')).toMatchObject({
      beta: true,
      to: '/app/schools/1/groups/8/goals',
    });
    expect(keys(groupChildren({ ...base, group: { id: 8, grade: 8, hasGoals: false } }) ?? [])).not.toContain(
      'goals',
    );
    expect(keys(groupChildren({ ...base, group: { id: 2, grade: 2, hasGoals: true } }) ?? [])).not.toContain(
      'goals',
    );
  });

  it('shows worksheet and notes for a group of another school year (grade unknown)', () => {
    expect(keys(groupChildren({ ...base, group: { id: 9, grade: null, hasGoals: true } }) ?? [])).toEqual([
      'worksheet',
      'notes',
    ]);
  });

  it('shows Management only to superusers of the school: Users, Plans, Pupils', () => {
    expect(admin(base)).toBeUndefined();
    const management = admin({ ...base, isSchoolSuperuser: true });
    expect(keys(management?.children ?? [])).toEqual(['adminUsers', 'adminPlans', 'adminPupils']);
    expect(management?.children?.map((item) => item.to)).toEqual([
      '/app/schools/1/admin/permissions',
      '/app/schools/1/admin/templates',
      '/app/schools/1/admin/pupils',
    ]);
  });

  it('adds Upload for superusers whose e-mail is in the provider domain', () => {
    const management = admin({ ...base, isSchoolSuperuser: true, isProviderStaff: true });
    expect(keys(management?.children ?? [])).toContain('adminUpload');
    expect(admin({ ...base, isProviderStaff: true })).toBeUndefined();
  });

  it('adds a school-name entry to the school list when the user has several schools', () => {
    expect(keys(menuItems(base))).not.toContain('schoolList');
    const [first] = menuItems({ ...base, schoolCount: 2 });
    expect(first).toEqual({ key: 'schoolList', label: { text: 'OBS De Regenboog' }, to: '/app/schools' });
  });
});
