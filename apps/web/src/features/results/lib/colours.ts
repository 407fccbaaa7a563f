import type { ScoreBand } from '@leerzicht/contract';

/** Light backgrounds of the bands (text stays dark enough for contrast). */
export const BAND_BACKGROUND: Record<ScoreBand, string> = {
  good: 'var(--mantine-color-green-1)',
  middle: 'transparent',
  low: 'var(--mantine-color-red-1)',
};

/** Chart colours. */
export const CHART_COLOURS = {
  school: '#0ca678',
  national: '#868e96',
  ambition: '#fab005',
  good: '#2f9e44',
  low: '#e03131',
  pupil: '#1c7ed6',
  levels: ['#2b8a3e', '#69db7c', '#ced4da', '#ffa8a8', '#e03131'],
  cohorts: ['#1c7ed6', '#0ca678', '#f76707', '#ae3ec9', '#e8590c', '#495057', '#1098ad', '#d6336c'],
} as const;
