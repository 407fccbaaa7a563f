import {
  compareApproaches,
  compareNames,
  romanForLevelValue,
  suggestApproach,
  type ApproachSuggestion,
  type ApproachSuggestionRow,
  type RomanLevel,
} from '@leerzicht/contract';
import type { AppContext } from '../../context';
import type { AllowedGroup } from './access';
import { listGroupApproachRows } from './repository';
import { requireSubject } from './subjects';
import { listLatestCountedLevels } from './suggestion-repository';

/**
 * A proposal of approaches for the group and subject from each pupil's latest counted national result with a
 * level, up to the group's school year (results of later years do not decide an earlier year's groups). A pupil
 * without one keeps the current approach. Nothing is stored.
 */
export async function suggestApproaches(
  ctx: AppContext,
  { group }: AllowedGroup,
  query: { subject_id: number; enriched_from: RomanLevel; intensive_from: RomanLevel },
): Promise<ApproachSuggestion> {
  await requireSubject(ctx, query.subject_id, 'subject_id');
  const current = await listGroupApproachRows(ctx.db, group, query.subject_id);
  const levels = await listLatestCountedLevels(
    ctx.db,
    group.schoolId,
    current.map((row) => row.pupilId),
    query.subject_id,
    group.calendarYear,
  );
  const levelOf = new Map(levels.map((row) => [row.pupilId, row]));
  const pupils = current.map((row): ApproachSuggestionRow => {
    const currentApproach = row.approach ?? 'undefined';
    const result = levelOf.get(row.pupilId);
    const level = result ? (result.roman ?? romanForLevelValue(result.levelValue)) : null;
    return {
      pupilId: row.pupilId,
      firstName: row.firstName,
      lastNamePrefix: row.lastNamePrefix,
      lastName: row.lastName,
      currentApproach,
      suggestedApproach: level
        ? suggestApproach(level, query.enriched_from, query.intensive_from)
        : currentApproach,
      basedOn:
        result && level
          ? {
              scoreId: result.scoreId,
              provider: result.provider,
              calendarYear: result.calendarYear,
              yearTime: result.yearTime,
              level,
            }
          : null,
    };
  });
  pupils.sort((a, b) => compareApproaches(a.suggestedApproach, b.suggestedApproach) || compareNames(a, b));
  return {
    yearclassId: group.id,
    subjectId: query.subject_id,
    calendarYear: group.calendarYear,
    enrichedFrom: query.enriched_from,
    intensiveFrom: query.intensive_from,
    pupils,
  };
}
