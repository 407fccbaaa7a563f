import {
  sortByName,
  EXCLUSION_ERRORS,
  matchesPupilSearch,
  schoolYearOf,
  type NationalTestExclusionList,
  type NationalTestExclusionReason,
  type nationalTestExclusionUpdateSchema,
} from '@leerzicht/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { SchoolAccess } from '../../platform/access/index';
import { badRequest } from '../../platform/http-errors';
import type { ActiveSession } from '../../platform/sessions';
import { listYearPupilExclusions, pupilIdsOfSchool, setExclusion } from './repository';

/**
 * The school's pupils of the school year (default: the session's current school year), sorted on the word after
 * the name particle, with their exclusion from national tests, its reason and who last changed it when. A pupil
 * in two groups of the year (moved) is listed once, in the group of the highest grade.
 */
export async function listExclusions(
  ctx: AppContext,
  session: ActiveSession,
  { schoolId }: SchoolAccess,
  query: { school_year?: number | undefined; search?: string | undefined },
): Promise<NationalTestExclusionList> {
  const calendarYear = query.school_year ?? session.currentSchoolYear ?? schoolYearOf(ctx.now());
  const rows = await listYearPupilExclusions(ctx.db, schoolId, calendarYear);
  const byPupil = new Map<number, (typeof rows)[number]>();
  for (const row of rows) {
    const known = byPupil.get(row.id);
    if (
      !known ||
      row.grade > known.grade ||
      (row.grade === known.grade && row.yearclassId > known.yearclassId)
    )
      byPupil.set(row.id, row);
  }
  const search = query.search?.trim() ?? '';
  const pupils = sortByName(
    [...byPupil.values()].filter((row) => search === '' || matchesPupilSearch(row, search)),
  ).map(({ changedByFirstName, changedByLastName, changedAt, reason, ...row }) => ({
    ...row,
    reason: reason as NationalTestExclusionReason | null,
    changedAt: changedAt?.toISOString() ?? null,
    changedBy:
      changedByFirstName === null || changedByLastName === null
        ? null
        : { firstName: changedByFirstName, lastName: changedByLastName },
  }));
  return { calendarYear, pupils };
}

/**
 * Excludes the pupils from national tests with a reason, or includes them again (the reason cleared), in one
 * transaction: a pupil id that is not of the school refuses the whole call and changes nothing.
 */
export async function updateExclusions(
  ctx: AppContext,
  session: ActiveSession,
  { schoolId }: SchoolAccess,
  input: z.output<typeof nationalTestExclusionUpdateSchema>,
): Promise<{ updated: number }> {
  const pupilIds = [...new Set(input.pupilIds)];
  return ctx.db.transaction(async (tx) => {
    const known = await pupilIdsOfSchool(tx, schoolId, pupilIds);
    const unknown = pupilIds.filter((id) => !known.has(id));
    if (unknown.length > 0)
      throw badRequest('Invalid input.', {
        pupilIds: [EXCLUSION_ERRORS.notOfSchool],
      });
    const updated = await setExclusion(tx, schoolId, pupilIds, {
      excluded: input.excluded,
      reason: input.excluded ? (input.reason ?? null) : null,
      reasonText: input.excluded && input.reason === 'OTHER' ? (input.reasonText ?? null) : null,
      changedById: session.userId,
      changedAt: ctx.now(),
    });
    return { updated };
  });
}
