import type { MomentLike } from '@leerzicht/contract';

/** "2024-2025" for 2024. */
export function yearLabel(calendarYear: number): string {
  return `${calendarYear}-${calendarYear + 1}`;
}

/** "M 24-25": the moment's time and the school year, short enough for a chart axis. */
export function shortMomentLabel(moment: MomentLike): string {
  const from = String(moment.calendarYear % 100).padStart(2, '0');
  const to = String((moment.calendarYear + 1) % 100).padStart(2, '0');
  return `${moment.yearTime} ${from}-${to}`;
}

/** A number with at most one decimal in the interface language, or a dash. */
export function formatScore(locale: string, value: number | null | undefined, digits = 1): string {
  if (value === null || value === undefined) return '–';
  return new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(value);
}

/** A signed growth figure: "+4,5", "−2", "0". */
export function formatGrowth(locale: string, value: number | null | undefined): string {
  if (value === null || value === undefined) return '–';
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 1, signDisplay: 'exceptZero' }).format(value);
}
