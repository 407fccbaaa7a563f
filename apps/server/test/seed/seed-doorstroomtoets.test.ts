import { describe, expect, it } from 'vitest';
import { DOORSTROOMTOETS_DOMAINS, DOORSTROOMTOETS_TARGETS, schoolYearOf } from '@leerzicht/contract';
import { generateDemoData } from '../../src/seed/index';
import { REGENBOOG } from '../../src/seed/schools';

const TODAY = new Date('2026-11-21T12:00:00Z');
const options = { seed: 20_250_801, today: TODAY, providerDomain: 'leerzicht.example' };

describe("the demo's doorstroomtoets results", () => {
  const data = generateDemoData(options);
  const current = schoolYearOf(TODAY);

  it("cover De Regenboog's groep-8 pupils of the last three school years whose test is past", () => {
    const years = [...new Set(data.pupilDoorstroomtoets.map((row) => row.calendarYear))].sort();
    expect(years).toEqual([current - 3, current - 2, current - 1]);
    expect(new Set(data.pupilDoorstroomtoets.map((row) => row.schoolId))).toEqual(new Set([REGENBOOG.id]));
    for (const year of years) {
      const groep8 = new Set(
        data.yearClassPupils
          .filter((member) => member.grade === 8 && member.schoolId === REGENBOOG.id)
          .filter(
            (member) => data.yearClasses.find((g) => g.id === member.yearClassId)?.calendarYear === year,
          )
          .map((member) => member.pupilId),
      );
      const tested = data.pupilDoorstroomtoets.filter((row) => row.calendarYear === year);
      expect(tested.length, `${year}`).toBeGreaterThan(15);
      for (const row of tested) expect(groep8.has(row.pupilId), `${year}`).toBe(true);
      expect(new Set(tested.map((row) => row.pupilId)).size).toBe(tested.length);
    }
  });

  it('gives shares near the national picture per year (1F about 96%, 1S/2F about 56-60%)', () => {
    const excluded = new Set(data.pupils.filter((p) => p.citoIsExcluded).map((p) => p.id));
    for (const year of [current - 3, current - 2, current - 1]) {
      const counted = data.pupilDoorstroomtoets.filter(
        (r) => r.calendarYear === year && !excluded.has(r.pupilId),
      );
      const perDomain1F = DOORSTROOMTOETS_DOMAINS.map(
        (d) => (100 * counted.filter((r) => r[d] !== '<1F').length) / counted.length,
      );
      const perDomainTarget = DOORSTROOMTOETS_DOMAINS.map(
        (d) => (100 * counted.filter((r) => r[d] === DOORSTROOMTOETS_TARGETS[d]).length) / counted.length,
      );
      const avg = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
      expect(avg(perDomain1F), `${year}`).toBeGreaterThanOrEqual(92);
      expect(avg(perDomain1F), `${year}`).toBeLessThanOrEqual(100);
      expect(avg(perDomainTarget), `${year}`).toBeGreaterThanOrEqual(52);
      expect(avg(perDomainTarget), `${year}`).toBeLessThanOrEqual(64);
    }
  });

  it('is deterministic', () => {
    expect(generateDemoData(options).pupilDoorstroomtoets).toEqual(data.pupilDoorstroomtoets);
  });
});
