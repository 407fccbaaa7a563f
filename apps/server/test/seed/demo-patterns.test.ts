import { describe, expect, it } from 'vitest';
import {
  DL_MAX,
  monthsOfEducation,
  SOCIAL_EMOTIONAL_DEFAULT_ASPECTS,
  type YearTime,
} from '@leerzicht/contract';
import { generateDemoData } from '../../src/seed/index';
import { lovsTestId, nationalTestId, PROVIDER_IDS, SUBJECT_IDS } from '../../src/seed/catalog';
import { SCHOOL_CLOSURES } from '../../src/seed/dates';
import { dleFor, normScore } from '../../src/seed/norms';

/*
 * The demo data a Dutch school recognises (issue 10), each pattern computed here from the generated rows: the
 * shares at the reference levels near the national figures, test dates on school days, one test version change,
 * groep 8 at B and M, the COVID moment X, exclusions with results, projections that are projections.
 */
const TODAY = new Date('2026-11-21T12:00:00Z');
const data = generateDemoData({ seed: 42, today: TODAY, providerDomain: 'leerzicht.example' });
const scores = data.nationalTestScores;
const excluded = new Set(data.pupils.filter((p) => p.citoIsExcluded).map((p) => p.id));
const percent = (part: number, whole: number) => (100 * part) / whole;

describe('demo data patterns', () => {
  it.each([
    ['RW', '1S', 33, 52],
    ['TBL', '2F', 64, 82],
    ['SP', '2F', 53, 71],
  ] as const)('shares %s at 1F and at %s near the national figures', (subject, target, low, high) => {
    const rows = scores.filter(
      (s) =>
        s.subjectId === SUBJECT_IDS[subject] &&
        s.grade >= 7 &&
        s.referenceLevel !== null &&
        s.referenceLevel !== undefined &&
        !excluded.has(s.pupilId),
    );
    expect(rows.length).toBeGreaterThan(200);
    const at1F = percent(rows.filter((s) => s.referenceLevel !== '<1F').length, rows.length);
    const atTarget = percent(rows.filter((s) => s.referenceLevel === target).length, rows.length);
    expect(at1F).toBeGreaterThanOrEqual(94);
    expect(at1F).toBeLessThanOrEqual(99.5);
    expect(atTarget).toBeGreaterThanOrEqual(low);
    expect(atTarget).toBeLessThanOrEqual(high);
  });

  it('gives reference levels only to grades 7-8 and projections only from grade 5', () => {
    expect(scores.some((s) => s.grade < 7 && s.referenceLevel)).toBe(false);
    expect(scores.some((s) => s.grade < 5 && s.projectedReferenceLevel)).toBe(false);
    expect(scores.some((s) => s.referenceLevel === '<1F')).toBe(true);
  });

  it('projects the reference level from growth: not a copy of the attained level', () => {
    const both = scores.filter((s) => s.grade >= 7 && s.referenceLevel && s.projectedReferenceLevel);
    const differ = both.filter((s) => s.referenceLevel !== s.projectedReferenceLevel);
    expect(both.length).toBeGreaterThan(500);
    expect(percent(differ.length, both.length)).toBeGreaterThan(5);
    expect(percent(differ.length, both.length)).toBeLessThan(50);
  });

  it('tests on school days only, outside the school closures', () => {
    for (const s of scores) {
      const date = s.testDate ?? '';
      const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
      expect([0, 6], `${s.id} ${date}`).not.toContain(weekday);
      for (const [from, to] of SCHOOL_CLOSURES) expect(date >= from && date <= to, date).toBe(false);
    }
  });

  it('has begrijpend lezen from groep 4, groep 8 at B and M, and the COVID moment X after M in 2019', () => {
    expect(scores.some((s) => s.subjectId === SUBJECT_IDS.TBL && s.grade === 3)).toBe(false);
    expect(scores.some((s) => s.subjectId === SUBJECT_IDS.TBL && s.grade === 4)).toBe(true);
    const grade8Times = new Set(scores.filter((s) => s.grade === 8).map((s) => s.yearTime));
    expect([...grade8Times].sort()).toEqual(['B', 'M']);
    const x = scores.filter((s) => s.yearTime === 'X');
    expect(x.length).toBeGreaterThan(0);
    expect(new Set(x.map((s) => s.calendarYear))).toEqual(new Set([2019]));
    const lastM2019 = scores
      .filter((s) => s.calendarYear === 2019 && s.yearTime === 'M')
      .map((s) => s.testDate ?? '')
      .sort()
      .at(-1);
    expect(x.every((s) => (s.testDate ?? '') > (lastM2019 ?? '9'))).toBe(true);
    expect(scores.some((s) => s.calendarYear === 2019 && s.yearTime === 'E')).toBe(false);
  });

  it("changes CITO's test version at De Regenboog, with A-E levels on the older one only", () => {
    const rw = scores.filter((s) => s.schoolId === 1 && s.subjectId === SUBJECT_IDS.RW);
    const old = rw.filter((s) => s.nationalTestId === lovsTestId('RW'));
    const current = rw.filter((s) => s.nationalTestId === nationalTestId('CITO', 'RW'));
    expect(old.length).toBeGreaterThan(0);
    expect(current.length).toBeGreaterThan(0);
    expect(Math.max(...old.map((s) => s.calendarYear))).toBeLessThan(
      Math.min(...current.map((s) => s.calendarYear)),
    );
    expect(old.every((s) => s.alphabetical && !s.roman)).toBe(true);
    expect(current.every((s) => s.roman && !s.alphabetical)).toBe(true);
  });

  it('gives excluded pupils results', () => {
    expect(excluded.size).toBeGreaterThan(0);
    expect(scores.filter((s) => excluded.has(s.pupilId)).length).toBeGreaterThan(0);
  });

  it('shows functional levels and DLE outside the tables as such', () => {
    expect(scores.some((s) => s.grade === 3 && s.functionalLevel === '<M3')).toBe(true);
    expect(scores.some((s) => s.functionalLevel?.startsWith('>'))).toBe(true);
    expect(scores.every((s) => s.dle === null || s.dle === undefined || s.dle <= DL_MAX)).toBe(true);
    const above = scores.filter((s) => s.dleAboveScale);
    expect(above.length).toBeGreaterThan(0);
    expect(above.every((s) => s.dle === DL_MAX)).toBe(true);
  });

  it('gives a pupil exactly at the norm a lag of 0 at every moment', () => {
    for (const provider of ['CITO', 'DIA', 'IEP'] as const) {
      for (const subject of ['RW', 'SP', 'TBL', 'DMT', 'WST'] as const) {
        for (let grade = 3; grade <= 8; grade++) {
          for (const time of ['B', 'M', 'E'] satisfies YearTime[]) {
            const dl = monthsOfEducation(grade, time);
            const { dle, aboveScale } = dleFor(provider, subject, normScore(provider, subject, dl));
            expect(aboveScale).toBe(false);
            expect(dl - dle, `${provider} ${subject} ${time}${grade}`).toBe(0);
          }
        }
      }
    }
    expect(PROVIDER_IDS.CITO).toBe(1);
  });

  it('has social-emotional observations over two school years on the default aspects, some asking for attention', () => {
    const observations = data.socialEmotionalObservations;
    expect(new Set(observations.map((o) => o.calendarYear)).size).toBe(2);
    for (const o of observations)
      expect(Object.keys(o.ratings ?? {}).sort()).toEqual([...SOCIAL_EMOTIONAL_DEFAULT_ASPECTS].sort());
    const low = observations.filter((o) => Object.values(o.ratings ?? {}).some((rating) => rating <= 2));
    expect(low.length).toBeGreaterThan(0);
    const twice = new Set(
      observations.map((o) => o.pupilId).filter((id, index, all) => all.indexOf(id) !== index),
    );
    expect(twice.size).toBeGreaterThan(20);
  });
});
