/** The bands' backgrounds live in lib/ (the test overview colours by them too). */
export { BAND_BACKGROUND } from '../../lib/band-colours';

/** Chart colours. */
export const CHART_COLOURS = {
  school: '#0ca678',
  national: '#868e96',
  ambition: '#fab005',
  good: '#2f9e44',
  low: '#e03131',
  pupil: '#1c7ed6',
  /**
   * Levels I..V (and A..E), top first: Cito's green-to-red order, dark at both ends and light in between so that the
   * top and bottom levels stand out without colour vision; charts draw a white edge between segments.
   */
  levels: ['#2b8a3e', '#8ce99a', '#ffe066', '#ff922b', '#c92a2a'],
  /** Okabe–Ito, distinct for colour-blind readers; yellow last (weakest on white). */
  /** The school page's series: dark enough for their legend text (4.5:1 on white). */
  schoolPage: { low: '#1864ab', high: '#087f5b', national: '#495057' },
  cohorts: ['#0072B2', '#E69F00', '#009E73', '#D55E00', '#CC79A7', '#56B4E9', '#000000', '#F0E442'],
} as const;
