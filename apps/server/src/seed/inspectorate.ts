import { weightedShare, type InspectorateFigures } from '@leerzicht/contract';
import { KOMPAS, REGENBOOG } from './schools';
import type { DemoData } from './types';

/*
 * The inspectorate's published row (open data) of each demo school, as an import by provider staff would have
 * stored it: invented for the invented BRINs, with the shares of the national picture (1F about 96%, 1S/2F about
 * 56-60%) and the published signaleringswaarde of the schoolweging's category (domain notes: [27,28) 50.1,
 * [31,32) 43.5). The same rows are in docs/uploads/examples/ as the file provider staff upload.
 */

interface DemoRow {
  brinCode: string;
  location: string;
  /** Per year of the edition (oldest first): %1F, %1S/2F, pupils. */
  years: [number, number, number][];
  schoolweging: number;
  signalTarget: number;
}

export const DEMO_INSPECTORATE_ROWS: readonly DemoRow[] = [
  {
    brinCode: REGENBOOG.brinCode,
    location: 'C1',
    years: [
      [96, 56, 25],
      [96.15, 57.69, 26],
      [95.83, 58.33, 24],
    ],
    schoolweging: 27.8,
    signalTarget: 50.1,
  },
  {
    brinCode: KOMPAS.brinCode,
    location: 'C1',
    years: [
      [94.44, 38.89, 18],
      [100, 44.44, 18],
      [88.89, 33.33, 18],
    ],
    schoolweging: 31.47,
    signalTarget: 43.5,
  },
];

const round2 = (value: number) => Math.round(value * 100) / 100;

/** The row's figures, for an edition whose first school year starts in `firstYear`. */
export function demoInspectorateFigures(row: DemoRow, firstYear: number): InspectorateFigures {
  const years = row.years.map(([share1F, shareTarget, pupilCount], offset) => ({
    calendarYear: firstYear + offset,
    share1F,
    shareTarget,
    pupilCount,
  }));
  const weighted = (pick: 'share1F' | 'shareTarget') =>
    round2(weightedShare(years.map((year) => ({ share: year[pick], pupilCount: year.pupilCount }))) ?? 0);
  const weighted1F = weighted('share1F');
  const weightedTarget = weighted('shareTarget');
  const lower = Math.floor(row.schoolweging);
  return {
    ovt: `${row.brinCode}|${row.location}`,
    brinCode: row.brinCode,
    locationCode: row.location,
    years,
    schoolweging: row.schoolweging,
    schoolwegingCategory: `[${lower},${lower + 1})`,
    signal1F: 85,
    signalTarget: row.signalTarget,
    weighted1F,
    weightedTarget,
    totalPupils: years.reduce((sum, year) => sum + year.pupilCount, 0),
    outcome1F: weighted1F >= 85 ? 'above' : 'below',
    outcomeTarget: weightedTarget >= row.signalTarget ? 'above' : 'below',
  };
}

/**
 * The demo's stored rows: the edition of the last three finished school years, imported at the start of the
 * current one.
 */
export function inspectorateRows(current: number): Pick<DemoData, 'inspectorateFigures'> {
  const schoolIds = new Map([REGENBOOG, KOMPAS].map((def) => [def.brinCode, def.id]));
  return {
    inspectorateFigures: DEMO_INSPECTORATE_ROWS.map((row, index) => {
      const { brinCode: _brin, ...figures } = demoInspectorateFigures(row, current - 3);
      return {
        id: index + 1,
        schoolId: schoolIds.get(row.brinCode) ?? 0,
        ...figures,
        importedAt: new Date(Date.UTC(current, 7, 20)),
        importedById: null,
      };
    }),
  };
}
