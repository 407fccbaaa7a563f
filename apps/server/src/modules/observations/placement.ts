import { isoDay, OBSERVATION_ERRORS, schoolYearOf } from '@leerzicht/contract';
import type { AppContext } from '../../context';
import { findGroupInYear } from './repository';

/** The group and school year an observation belongs to: the pupil's group of the school year of its date. */
export interface Place {
  yearClassId: number;
  calendarYear: number;
}

/** Where an observation on a date goes, or why the date cannot be taken (the error of the `observedOn` field). */
export type Placement = { place: Place } | { observedOnError: string };

/** The school year of a date 'YYYY-MM-DD' (the year starts in August). */
function schoolYearOfDay(day: string): number {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return schoolYearOf(new Date(year, month - 1, date));
}

/**
 * The pupil's group of the school year of `observedOn`. A date after today, or one in a school year without a
 * group, gives the field's error instead: the service answers it as a 400 with the other fields' errors.
 */
export async function placeInGroup(
  ctx: AppContext,
  schoolId: number,
  pupilId: number,
  observedOn: string,
): Promise<Placement> {
  if (observedOn > isoDay(ctx.now())) return { observedOnError: OBSERVATION_ERRORS.futureDate };
  const calendarYear = schoolYearOfDay(observedOn);
  const group = await findGroupInYear(ctx.db, schoolId, pupilId, calendarYear);
  if (!group) return { observedOnError: OBSERVATION_ERRORS.notEnrolled };
  return { place: { yearClassId: group.id, calendarYear } };
}
