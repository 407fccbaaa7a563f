import { scoreBand, type ResultAggregate, type ScoreBand, type VerdictMeasure } from '@leerzicht/contract';

/** The verdict of an aggregate: its mean of the chosen measure against that measure's thresholds. */
export function aggregateVerdict(aggregate: ResultAggregate, measure: VerdictMeasure): ScoreBand | null {
  const value = measure === 'levelValue' ? aggregate.meanLevelValue : aggregate.meanPercentile;
  return value === null ? null : scoreBand(measure, value);
}
