import { describe, expect, it } from 'vitest';
import { homeAddress } from './home-link';

describe('home link rules', () => {
  it('goes to the school list when there are no groups', () => {
    expect(homeAddress({ schoolCount: 1, schoolId: 1, groupIds: [] })).toBe('/app/schools');
    expect(homeAddress({ schoolCount: 2, schoolId: null, groupIds: [] })).toBe('/app/schools');
  });

  it('goes to the group worksheet with one school and one group', () => {
    expect(homeAddress({ schoolCount: 1, schoolId: 1, groupIds: [18] })).toBe(
      '/app/schools/1/groups/18/worksheet',
    );
  });

  it('goes to the groups list with one school only', () => {
    expect(homeAddress({ schoolCount: 1, schoolId: 1, groupIds: [18, 14] })).toBe('/app/schools/1/groups');
  });

  it('goes to the school page otherwise', () => {
    expect(homeAddress({ schoolCount: 2, schoolId: 2, groupIds: [18, 14] })).toBe('/app/schools/2');
    expect(homeAddress({ schoolCount: 2, schoolId: 2, groupIds: [18] })).toBe('/app/schools/2');
  });
});
