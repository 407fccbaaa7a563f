import {
  sortMoments,
  NATIONAL_AVERAGE,
  SCORE_RANGES,
  type AggregationType,
  type Exam,
  type ResultAggregate,
  type SchoolAmbition,
  type SchoolHistory,
  type UserSettings,
} from '@leerzicht/contract';
import type { ChartRow, ChartSeries, ChartSpec } from '../../../components/charts/chart-types';
import { CHART_COLOURS } from './colours';
import { shortMomentLabel, yearLabel } from './format';

export interface SchoolChartLabels {
  school: string;
  national: string;
  ambition: string;
}

/** The school's aggregate of a subject at an exam, or null when the exam has none. */
export function schoolAggregate(exam: Exam, subjectId: number): ResultAggregate | null {
  return exam.results.find((result) => result.subjectId === subjectId)?.school ?? null;
}

/** Mean of means weighted by the pupil counts (one decimal); null when nothing counts. */
export function weightedMean(parts: readonly { mean: number | null; count: number }[]): number | null {
  let sum = 0;
  let count = 0;
  for (const part of parts) {
    if (part.mean === null || part.count === 0) continue;
    sum += part.mean * part.count;
    count += part.count;
  }
  return count === 0 ? null : Math.round((sum / count) * 10) / 10;
}

export interface SchoolPoint {
  category: string;
  meanPercentile: number | null;
  pupilCount: number;
}

/** The school's mean percentile of a subject per exam, or per school year (weighted by the pupils counted). */
export function schoolPoints(
  history: SchoolHistory,
  subjectId: number,
  aggregation: AggregationType,
): SchoolPoint[] {
  const withResults = sortMoments(history.exams).flatMap((exam) => {
    const aggregate = schoolAggregate(exam, subjectId);
    return aggregate && aggregate.pupilCount > 0 ? [{ exam, aggregate }] : [];
  });
  if (aggregation === 'moment') {
    return withResults.map(({ exam, aggregate }) => ({
      category: shortMomentLabel(exam),
      meanPercentile: aggregate.meanPercentile,
      pupilCount: aggregate.pupilCount,
    }));
  }
  const years = new Map<number, { mean: number | null; count: number }[]>();
  for (const { exam, aggregate } of withResults) {
    const parts = years.get(exam.calendarYear) ?? [];
    parts.push({ mean: aggregate.meanPercentile, count: aggregate.pupilCount });
    years.set(exam.calendarYear, parts);
  }
  return [...years.entries()]
    .sort(([a], [b]) => a - b)
    .map(([calendarYear, parts]) => ({
      category: yearLabel(calendarYear),
      meanPercentile: weightedMean(parts),
      pupilCount: parts.reduce((total, part) => total + part.count, 0),
    }));
}

/**
 * The chart of one subject on the school page: the school's mean percentile (a line, or bars with the
 * `showBarAverage` setting), the national average (percentile 50) with `showNationalAverage`, the ambition band.
 */
export function schoolSubjectChart(
  history: SchoolHistory,
  subjectId: number,
  settings: UserSettings,
  labels: SchoolChartLabels,
  ambition: SchoolAmbition | undefined,
): ChartSpec {
  const points = schoolPoints(history, subjectId, settings.aggregationType);
  const series: ChartSeries[] = [
    {
      key: 'school',
      label: labels.school,
      kind: settings.showBarAverage ? 'bar' : 'line',
      color: CHART_COLOURS.school,
    },
  ];
  if (settings.showNationalAverage) {
    series.push({ key: 'national', label: labels.national, kind: 'dashed', color: CHART_COLOURS.national });
  }
  const rows: ChartRow[] = points.map((point) => ({
    category: point.category,
    values: { school: point.meanPercentile, national: NATIONAL_AVERAGE.percentile },
  }));
  return {
    rows,
    series,
    bands: ambition
      ? [
          {
            low: ambition.lowScore,
            high: ambition.highScore,
            label: labels.ambition,
            color: CHART_COLOURS.ambition,
          },
        ]
      : undefined,
    yDomain: [SCORE_RANGES.percentile.min, SCORE_RANGES.percentile.max],
  };
}
