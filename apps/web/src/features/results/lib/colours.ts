/** The bands' backgrounds live in lib/ (the test overview colours by them too). */
export { BAND_BACKGROUND } from '../../../lib/band-colours';

/** Chart colours. */
export const CHART_COLOURS = {
  school: '#0ca678',
  national: '#868e96',
  ambition: '#fab005',
  good: '#2f9e44',
  low: '#e03131',
  pupil: '#1c7ed6',
  levels: ['#2b8a3e', '#69db7c', '#ced4da', '#ffa8a8', '#e03131'],
  /** Okabe–Ito, distinct for colour-blind readers; yellow last (weakest on white). */
  cohorts: ['#0072B2', '#E69F00', '#009E73', '#D55E00', '#CC79A7', '#56B4E9', '#000000', '#F0E442'],
} as const;
