/*
 * The scores module's public face: what results, pupils, plans and approaches share. It is the one owner of the
 * SQL over national results: score rules (provider priority, moment dates, exam order, exclusion, the scope's
 * conditions) live in score-sql.ts and aggregate-sql.ts, the time windows in service.ts. Other modules get typed
 * reads (rows parsed with their schemas) given a ScoreScope of values, and where their own statement pairs counted
 * results with its rows, the typed subquery countedResults. Subjects and norms come from the catalog.
 */
export { findNorms, listSubjects, type NormKey } from '../catalog/index';
export { listApproaches, listMethodScores, listScoreNotes, normsInScope, normsOfPupils } from './repository';
export { listMomentAggregates, listTrendAggregates } from './aggregate-repository';
export { listHalfYearGrowth, listYearGrowth } from './growth-repository';
export {
  historyRowSchema,
  historyRowsToStore,
  listHistoryRows,
  toHistoryRows,
  type HistoryRows,
} from './history-repository';
export {
  listEndOfSchoolResults,
  listEndOfSchoolYears,
  listLevelCounts,
  type EndOfSchoolRow,
} from './level-repository';
export { toScoreNote, toYearClassNote } from './note-views';
export { type PupilGrowth } from './score-rows';
export { countedResults, groupHasGoals, inGroups, inIds, type ScoreScope } from './score-sql';
export { toAggregate, type AggregateRow } from './aggregate-sql';
export { selectRows } from '../../db/select-rows';
export { listNationalScores, listGroupScores, scoreWindows } from './service';
