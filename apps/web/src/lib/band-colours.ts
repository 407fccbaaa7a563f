import type { ScoreBand } from '@leerzicht/contract';

/**
 * Light backgrounds of the score bands, shared by every page that colours a result (text stays dark enough for
 * contrast). Colour is never the only signal: a coloured cell shows its value or letter as text too.
 */
export const BAND_BACKGROUND: Record<ScoreBand, string> = {
  good: 'var(--mantine-color-green-1)',
  middle: 'transparent',
  low: 'var(--mantine-color-red-1)',
};
