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
    case 'GROWTH_STALLED':
      return intl.formatMessage(
        { id: reason.expectedGrowth === null ? 'discuss.sentence.growthNoNorm' : 'discuss.sentence.growth' },
        {
          subject,
          fromScore: number(reason.from.abilityScore),
          toScore: number(reason.to.abilityScore),
          from: moment(reason.from),
          to: moment(reason.to),
          growth: number(reason.growth),
          expected: reason.expectedGrowth === null ? '' : number(reason.expectedGrowth),
        },
      );
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
