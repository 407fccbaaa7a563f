/*
 * The scores module's public face: what results, pupils and the coming notes and plans share. Score rules (provider
 * priority, moment dates, exam order, exclusion) live in score-sql.ts, the time windows in service.ts. Subjects and
 * norms come from the catalog.
 */
export { findNorms, listSubjects, type NormKey } from '../catalog/index';
export { listApproaches, listMethodScores, listScoreNotes, normsInScope, normsOfPupils } from './repository';
export { toScoreNote, toYearClassNote } from './note-views';
export { type PupilGrowth } from './score-rows';
export {
  aggregateColumns,
  aggregateRowSchema,
  countedFilter,
  groupHasGoals,
  inGroups,
  inIds,
  rankedScores,
  toAggregate,
  yearTimeRank,
  type AggregateRow,
  type RankedScope,
} from './score-sql';
export { selectRows } from '../../db/select-rows';
export { listNationalScores, listGroupScoresWith, scoreWindows } from './service';
