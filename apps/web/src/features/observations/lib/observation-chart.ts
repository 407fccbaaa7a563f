import type { PupilObservations } from '@leerzicht/contract';
import type { ChartSpec } from '../../../components/charts/chart-types';

const COLOURS = ['#1c7ed6', '#0ca678', '#f76707', '#ae3ec9', '#e8590c', '#495057', '#1098ad', '#d6336c'];

/** The pupil's ratings over time: one line per aspect (1-5) and the mean as a bold line. */
export function observationChart(
  data: PupilObservations,
  labels: { mean: string; aspect: (aspect: PupilObservations['aspects'][number]) => string },
): ChartSpec {
  const aspects = data.aspects.filter(
    (aspect) =>
      !aspect.isArchived ||
      data.observations.some((o) => o.ratings.some((rating) => rating.aspectId === aspect.id)),
  );
  return {
    rows: data.observations.map((observation) => ({
      category: observation.observedOn,
      values: {
        mean: observation.mean,
        ...Object.fromEntries(
          aspects.map((aspect) => [
            `aspect:${aspect.id}`,
            observation.ratings.find((rating) => rating.aspectId === aspect.id)?.rating ?? null,
          ]),
        ),
      },
    })),
    series: [
      { key: 'mean', label: labels.mean, kind: 'line', color: '#212529' },
      ...aspects.map((aspect, index) => ({
        key: `aspect:${aspect.id}`,
        label: labels.aspect(aspect),
        kind: 'dashed' as const,
        color: COLOURS[index % COLOURS.length] ?? '#868e96',
      })),
    ],
    yDomain: [1, 5],
    digits: 2,
  };
}
