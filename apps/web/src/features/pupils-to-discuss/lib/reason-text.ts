import { momentLabel, type DiscussReason, type Subject, type YearTime } from '@leerzicht/contract';
import type { IntlShape } from 'react-intl';

/**
 * A reason as a sentence with its figures, e.g. "Rekenen-Wiskunde: van III naar V tussen M6 en E6". Moments are
 * written as the functional levels are (time and grade: "M6").
 */
export function reasonText(
  intl: IntlShape,
  reason: DiscussReason,
  subjectName: (subject: Pick<Subject, 'nameNl' | 'nameEn'>) => string,
  subjects: readonly Subject[],
): string {
  const found = subjects.find((subject) => subject.id === reason.subjectId);
  const subject = found ? subjectName(found) : String(reason.subjectId);
  const number = (value: number) => intl.formatNumber(value, { maximumFractionDigits: 2 });
  const moment = (at: { yearTime: YearTime; grade: number }) => momentLabel(at.yearTime, at.grade);
  switch (reason.code) {
    case 'GROWTH_STALLED': {
      const [earlier, later] = reason.steps;
      const withNorm = earlier.expectedGrowth !== null && later.expectedGrowth !== null;
      return intl.formatMessage(
        { id: withNorm ? 'discuss.sentence.growth' : 'discuss.sentence.growthNoNorm' },
        {
          subject,
          first: number(earlier.from.abilityScore),
          middle: number(earlier.to.abilityScore),
          last: number(later.to.abilityScore),
          m1: moment(earlier.from),
          m2: moment(earlier.to),
          m3: moment(later.to),
          g1: number(earlier.growth),
          g2: number(later.growth),
          e1: earlier.expectedGrowth === null ? '' : number(earlier.expectedGrowth),
          e2: later.expectedGrowth === null ? '' : number(later.expectedGrowth),
        },
      );
    }
    case 'LEVEL_DROP':
      return intl.formatMessage(
        { id: reason.comparedWith === 'PREVIOUS' ? 'discuss.sentence.drop' : 'discuss.sentence.dropBest' },
        {
          subject,
          fromLevel: reason.from.level,
          toLevel: reason.to.level,
          from: moment(reason.from),
          to: moment(reason.to),
        },
      );
    case 'METHOD_MISMATCH':
      return intl.formatMessage(
        {
          id:
            reason.direction === 'METHOD_HIGHER'
              ? 'discuss.sentence.methodHigher'
              : 'discuss.sentence.methodLower',
        },
        {
          subject,
          count: reason.letterCount,
          total: reason.methodCount,
          level: reason.national.level,
          moment: moment(reason.national),
        },
      );
  }
}
