import type { Subject } from '@leerzicht/contract';
import { describe, expect, it } from 'vitest';
import { allowedGradeList, allowedSubjectNames } from './allowed-labels';

const subject = (id: number, nameNl: string, position: number): Subject => ({
  id,
  code: 'RW',
  name: nameNl,
  nameNl,
  nameEn: nameNl,
  position,
  isPreschool: false,
});

describe('allowed labels', () => {
  it('writes grades in order, runs of three or more as a range', () => {
    expect(allowedGradeList([])).toBeNull();
    expect(allowedGradeList([5, 3, 4])).toBe('3–5');
    expect(allowedGradeList([1, 2, 4, 6, 7, 8])).toBe('1, 2, 4, 6–8');
  });

  it('names the subjects in their own order; none means all', () => {
    const subjects = [subject(1, 'Rekenen', 2), subject(2, 'Spelling', 1)];
    expect(allowedSubjectNames([], subjects, (item) => item.nameNl)).toBeNull();
    expect(allowedSubjectNames([1, 2], subjects, (item) => item.nameNl)).toBe('Spelling, Rekenen');
  });
});
