import { compareMoments, type Moment, type YearClassResult } from '@leerzicht/contract';

/*
 * What a new group note can be about: the national test moments and the method tests the group's pupils took, as
 * the group result lists them (newest first).
 */

export interface MomentTarget extends Moment {
  key: string;
  subjectId: number;
}

export interface MethodTestTarget {
  key: string;
  methodTestId: number;
  name: string;
  subjectId: number;
  calendarYear: number;
}

export function momentTargets(result: YearClassResult): MomentTarget[] {
  const byKey = new Map<string, MomentTarget>();
  for (const score of result.pupils.flatMap((pupil) => pupil.scores)) {
    const key = `${score.subjectId}.${score.calendarYear}.${score.yearTime}`;
    if (!byKey.has(key))
      byKey.set(key, {
        key,
        subjectId: score.subjectId,
        calendarYear: score.calendarYear,
        yearTime: score.yearTime,
      });
  }
  return [...byKey.values()].sort((a, b) => compareMoments(b, a) || a.subjectId - b.subjectId);
}

export function methodTestTargets(result: YearClassResult): MethodTestTarget[] {
  const byKey = new Map<string, MethodTestTarget & { date: string }>();
  for (const score of result.pupils.flatMap((pupil) => pupil.methodScores)) {
    const key = `${score.methodTestId}.${score.calendarYear}`;
    const known = byKey.get(key);
    if (!known || known.date < score.testDate)
      byKey.set(key, {
        key,
        methodTestId: score.methodTestId,
        name: `${score.methodName} · ${score.methodTestName}`,
        subjectId: score.subjectId,
        calendarYear: score.calendarYear,
        date: score.testDate,
      });
  }
  return [...byKey.values()]
    .sort((a, b) => b.date.localeCompare(a.date) || a.name.localeCompare(b.name))
    .map(({ date: _date, ...target }) => target);
}
