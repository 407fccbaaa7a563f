import { describe, expect, it } from 'vitest';
import { homepageRoute, safeReturnPath } from './homepage-route';

describe('homepageRoute', () => {
  it.each([
    [{ page: 'schools', schoolId: null, groupId: null }, '/app/schools'],
    [{ page: 'school', schoolId: 3, groupId: null }, '/app/schools/3'],
    [{ page: 'groups', schoolId: 3, groupId: null }, '/app/schools/3/groups'],
    [{ page: 'group-worksheet', schoolId: 3, groupId: 41 }, '/app/schools/3/groups/41/worksheet'],
    [{ page: 'group-worksheet', schoolId: 3, groupId: null }, '/app/schools/3/groups'],
    [{ page: 'pupils', schoolId: 3, groupId: null }, '/app/schools/3/pupils'],
    [{ page: 'pupils', schoolId: null, groupId: null }, '/app/schools'],
  ] as const)('maps %o to %s', (homepage, route) => {
    expect(homepageRoute(homepage)).toBe(route);
  });

  it('defaults to the schools list', () => {
    expect(homepageRoute(null)).toBe('/app/schools');
  });
});

describe('safeReturnPath', () => {
  it('keeps app paths with their search and refuses others', () => {
    expect(safeReturnPath('/app/schools/1?tab=x')).toBe('/app/schools/1?tab=x');
    expect(safeReturnPath('//evil.example')).toBeNull();
    expect(safeReturnPath('https://evil.example')).toBeNull();
    expect(safeReturnPath('/auth/login')).toBeNull();
    expect(safeReturnPath(null)).toBeNull();
  });
});
