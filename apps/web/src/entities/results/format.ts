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

const formats = new Map<string, Intl.NumberFormat>();

/** Number formats are costly to create and tables format thousands of figures: one per locale and style. */
function numberFormat(locale: string, digits: number, signed: boolean): Intl.NumberFormat {
  const key = `${locale}|${digits}|${signed}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      maximumFractionDigits: digits,
      signDisplay: signed ? 'exceptZero' : 'auto',
    });
    formats.set(key, format);
  }
  return format;
}

/** A number with at most `digits` decimals in the interface language, or a dash. */
export function formatScore(locale: string, value: number | null | undefined, digits = 1): string {
  if (value === null || value === undefined) return '–';
  return numberFormat(locale, digits, false).format(value);
}

/** A signed growth figure: "+4,5", "−2", "0". */
export function formatGrowth(locale: string, value: number | null | undefined): string {
  if (value === null || value === undefined) return '–';
  return numberFormat(locale, 1, true).format(value);
}

/** "< 1F", "1F", …; null (no reference level for this grade or subject) is a dash. */
export function referenceLabel(value: string | null): string {
  if (value === null) return '–';
  return value.startsWith('<') ? `< ${value.slice(1)}` : value;
}

/** The DLE, "> 60" above the tables' scale. */
export function dleLabel(locale: string, score: { dle: number | null; dleAboveScale: boolean }): string {
  if (score.dleAboveScale) return `> ${formatScore(locale, score.dle, 0)}`;
  return formatScore(locale, score.dle, 0);
}

/** "CITO 3.0": the provider and the version of a result's test (ability scales differ between them). */
export function testLabel(test: { provider: string; version?: string; testVersion?: string }): string {
  const version = test.version ?? test.testVersion ?? '';
  return version ? `${test.provider} ${version}` : test.provider;
}
