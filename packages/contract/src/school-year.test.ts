import { describe, expect, it } from 'vitest';
import { schoolYearLabel, schoolYearOf } from './school-year';

describe('school years', () => {
  it('starts the school year in August', () => {
    expect(schoolYearOf(new Date(2026, 6, 31))).toBe(2025);
    expect(schoolYearOf(new Date(2026, 7, 1))).toBe(2026);
    expect(schoolYearOf(new Date(2027, 0, 15))).toBe(2026);
  });

  it('labels a school year by both calendar years', () => {
    expect(schoolYearLabel(2026)).toBe('2026-2027');
  });
});
