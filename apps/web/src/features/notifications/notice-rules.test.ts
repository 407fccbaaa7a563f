import type { HiddenNotification } from '@leerzicht/contract';
import { describe, expect, it } from 'vitest';
import { isNewSchoolYearPeriod, shouldShowDisconnectedSchool, shouldShowNewSchoolYear } from './notice-rules';

const school = { id: 2, isConnectionActive: false, manageSchool: true };
const hiddenDisconnected: HiddenNotification = { kind: 'disconnected_school', schoolId: 2, schoolYear: null };

describe('disconnected-school notice', () => {
  it('shows when the connection is inactive and the user has not hidden it', () => {
    expect(shouldShowDisconnectedSchool(school, [])).toBe(true);
    expect(shouldShowDisconnectedSchool({ ...school, isConnectionActive: true }, [])).toBe(false);
  });

  it('stays hidden per school', () => {
    expect(shouldShowDisconnectedSchool(school, [hiddenDisconnected])).toBe(false);
    expect(shouldShowDisconnectedSchool({ ...school, id: 3 }, [hiddenDisconnected])).toBe(true);
  });
});

describe('new-school-year notice', () => {
  it('runs from the start of the school year (August) until 1 October', () => {
    expect(isNewSchoolYearPeriod(new Date(2026, 7, 1))).toBe(true);
    expect(isNewSchoolYearPeriod(new Date(2026, 8, 30, 23, 59))).toBe(true);
    expect(isNewSchoolYearPeriod(new Date(2026, 9, 1, 0, 0))).toBe(false);
    expect(isNewSchoolYearPeriod(new Date(2027, 6, 31))).toBe(false);
  });

  it('shows to superusers only', () => {
    const today = new Date(2026, 8, 15);
    expect(shouldShowNewSchoolYear(school, [], today)).toBe(true);
    expect(shouldShowNewSchoolYear({ ...school, manageSchool: false }, [], today)).toBe(false);
  });

  it('stays hidden for the school year it was hidden for, and returns the next year', () => {
    const hidden: HiddenNotification[] = [{ kind: 'new_school_year', schoolId: 2, schoolYear: 2026 }];
    expect(shouldShowNewSchoolYear(school, hidden, new Date(2026, 8, 15))).toBe(false);
    expect(shouldShowNewSchoolYear(school, hidden, new Date(2027, 7, 20))).toBe(true);
    expect(shouldShowNewSchoolYear({ ...school, id: 1 }, hidden, new Date(2026, 8, 15))).toBe(true);
  });
});
