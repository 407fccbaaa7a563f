import type { ExclusionPupil } from '@leerzicht/contract';
import { describe, expect, it } from 'vitest';
import { visiblePupils } from './exclusion-list';

const pupil = (id: number, firstName: string, lastNamePrefix: string, lastName: string): ExclusionPupil => ({
  id,
  firstName,
  lastNamePrefix,
  lastName,
  yearclassId: 1,
  yearclassName: 'Groep 5',
  grade: 5,
  citoIsExcluded: false,
  reason: null,
  reasonText: null,
  changedBy: null,
  changedAt: null,
});

describe('visiblePupils', () => {
  const pupils = [
    pupil(1, 'Piet', '', 'Zwart'),
    pupil(2, 'Jan', 'van', 'Dijk'),
    pupil(3, 'Els', 'van der', 'Berg'),
    pupil(4, 'Anna', 'de', 'Boer'),
    pupil(5, 'Bram', '', 'Dijk'),
  ];

  it('sorts on the word after the particle, then the first name', () => {
    expect(visiblePupils(pupils, '').map((p) => p.id)).toEqual([3, 4, 5, 2, 1]);
  });

  it('finds every word of the search in the full name, in any case', () => {
    expect(visiblePupils(pupils, 'VAN').map((p) => p.id)).toEqual([3, 2]);
    expect(visiblePupils(pupils, 'dijk jan').map((p) => p.id)).toEqual([2]);
    expect(visiblePupils(pupils, 'niemand')).toEqual([]);
  });
});
