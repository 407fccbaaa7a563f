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
  cohorts: ['#1c7ed6', '#0ca678', '#f76707', '#ae3ec9', '#e8590c', '#495057', '#1098ad', '#d6336c'],
} as const;
