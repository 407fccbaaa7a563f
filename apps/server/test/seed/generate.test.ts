import { describe, expect, it } from 'vitest';
import { schoolYearOf } from '@leerzicht/contract';
import { generateDemoData } from '../../src/seed/index';

const TODAY = new Date('2026-11-21T12:00:00Z');
const options = { seed: 42, today: TODAY, providerDomain: 'leerzicht.example' };

describe('generateDemoData', () => {
  it('gives deep-equal rows for the same seed and date', () => {
    expect(generateDemoData(options)).toEqual(generateDemoData(options));
  });

  it('gives other rows for another seed', () => {
    const a = generateDemoData(options);
    const b = generateDemoData({ ...options, seed: 43 });
    expect(b.pupils).not.toEqual(a.pupils);
    expect(b.nationalTestScores).not.toEqual(a.nationalTestScores);
    // The fixed parts stay the same.
    expect(b.subjects).toEqual(a.subjects);
    expect(b.users).toEqual(a.users);
  });

  it('has groups in the current school year of the real date for every school', () => {
    const today = new Date();
    const data = generateDemoData({ ...options, today });
    const current = schoolYearOf(today);
    for (const school of data.schools) {
      const groups = data.yearClasses.filter((g) => g.schoolId === school.id && g.calendarYear === current);
      expect(groups.length, school.name).toBeGreaterThan(0);
    }
    expect(data.yearClasses.some((g) => g.calendarYear > current)).toBe(false);
  });

  it('has the school structure the demo promises', () => {
    const data = generateDemoData(options);
    const current = schoolYearOf(TODAY);
    const names = data.yearClasses
      .filter((g) => g.schoolId === 1 && g.calendarYear === current)
      .map((g) => g.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'Groep 1/2A',
        'Groep 3',
        'Groep 4A',
        'Groep 4B',
        'Groep 5',
        'Groep 6A',
        'Groep 6B',
        'Groep 7',
        'Groep 8',
      ]),
    );
    const years = new Set(data.yearClasses.filter((g) => g.schoolId === 1).map((g) => g.calendarYear));
    expect([...years].sort()).toEqual([0, 1, 2, 3, 4, 5, 6, 7].map((i) => current - 7 + i));
    expect(data.schools.map((s) => [s.brinCode, s.payingStatus, s.isConnectionActive])).toEqual([
      ['12AB', true, true],
      ['34CD', true, false],
      ['99ZZ', false, true],
    ]);
    const templates = data.groupPlanTemplates;
    expect(templates.filter((t) => t.isSystem && t.schoolId === null)).toHaveLength(2);
    expect(templates.filter((t) => !t.isSystem && t.schoolId === 1)).toHaveLength(1);
  });
});
