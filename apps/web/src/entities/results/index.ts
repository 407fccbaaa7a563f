export { BAND_BACKGROUND, CHART_COLOURS } from './colours';
export { EmptyState, NoResults } from './empty-state';
export {
  dleLabel,
  formatGrowth,
  formatScore,
  referenceLabel,
  shortMomentLabel,
  testLabel,
  yearLabel,
} from './format';
export { parseId, parseYearTime } from './ids';
export { LevelCells } from './level-cells';
export { levelShares } from './level-shares';
export { ScoreCell } from './score-cell';
export { ScoreNoteButton } from './score-note-button';
export { SettingsToggles } from './settings-toggles';
export { userSettingsQueryOptions, useUserSettings } from './user-settings-api';
