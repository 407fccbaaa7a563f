import type { SchoolInspection } from '@leerzicht/contract';
import type { ChartSpec } from '../../../components/charts/chart-types';
import { CHART_COLOURS } from '../../../entities/results';

export type SignalState = 'above' | 'below' | 'unknown';

/** Whether a share lies at or above the inspectorate's signaleringswaarde; unknown without a share or a value. */
export function signalState(share: number | null, signal: number | null): SignalState {
  if (share === null || signal === null) return 'unknown';
  return share >= signal ? 'above' : 'below';
}

export interface InspectionChartLabels {
  share1F: string;
  shareTarget: string;
  signal1F: string;
  signalTarget: string;
  subjectName: (subjectId: number) => string;
  combined: string;
}

/** Per subject and combined: the shares at 1F and 1S/2F as bars, with the two signaleringswaarden as lines. */
export function inspectionChart(inspection: SchoolInspection, labels: InspectionChartLabels): ChartSpec {
  return {
    rows: [
      ...inspection.subjects.map((subject) => ({
        category: labels.subjectName(subject.subjectId),
        values: { share1F: subject.share1F, shareTarget: subject.shareTarget },
      })),
      {
        category: labels.combined,
        values: { share1F: inspection.share1F, shareTarget: inspection.shareTarget },
      },
    ],
    series: [
      { key: 'share1F', label: labels.share1F, kind: 'bar', color: CHART_COLOURS.school },
      { key: 'shareTarget', label: labels.shareTarget, kind: 'bar', color: CHART_COLOURS.pupil },
    ],
    // Only the inspectorate's own values are drawn: without them there is no line (and no verdict).
    lines: [
      ...(inspection.signal1F === null
        ? []
        : [{ y: inspection.signal1F, label: labels.signal1F, color: CHART_COLOURS.low }]),
      ...(inspection.signalTarget === null
        ? []
        : [{ y: inspection.signalTarget, label: labels.signalTarget, color: CHART_COLOURS.ambition }]),
    ],
    yDomain: [0, 100],
    digits: 1,
  };
}
