import { compareApproaches, compareNames, fullName, type PupilApproachRow } from '@leerzicht/contract';
import type { listGroupApproachRows, listPupilApproachRows } from './repository';

type GroupRow = Awaited<ReturnType<typeof listGroupApproachRows>>[number];
type PupilRow = Awaited<ReturnType<typeof listPupilApproachRows>>[number];

/** "Voornaam Achternaam" of a user joined in, or null without one (no row, or the account is gone). */
export function userName(first: string | null, last: string | null): string | null {
  return first === null || last === null ? null : fullName({ firstName: first, lastName: last });
}

/** A pupil's row of a group list: 'undefined' (with no date or author) when the pupil has no approach row. */
export function toApproachRow(
  row: GroupRow | PupilRow,
  place: { subjectId: number; calendarYear: number },
): PupilApproachRow {
  return {
    pupilId: row.pupilId,
    firstName: row.firstName,
    lastNamePrefix: row.lastNamePrefix,
    lastName: row.lastName,
    subjectId: place.subjectId,
    calendarYear: place.calendarYear,
    approach: row.approach ?? 'undefined',
    yearclassId: row.yearclassId,
    yearclassName: row.yearclassName,
    dateChanged: row.dateChanged?.toISOString() ?? null,
    changedByName: userName(row.changedByFirstName, row.changedByLastName),
  };
}

/** Approach order enriched, basic, intensive, undefined; then by name (particles ignored). */
export const byApproachThenName = (a: PupilApproachRow, b: PupilApproachRow): number =>
  compareApproaches(a.approach, b.approach) || compareNames(a, b);
