import { METHOD_WINDOW_MONTHS, NATIONAL_WINDOW_MONTHS, windowStart } from '@leerzicht/contract';
import type { Db } from '../../db/client';
import { listGroupScoreRows, listNationalScoreRows } from './repository';
import { toScoresAndGrowth } from './score-rows';

/**
 * The time windows of the group views, the one place the server decides them: national results of the last
 * NATIONAL_WINDOW_MONTHS and method results of the last METHOD_WINDOW_MONTHS (the contract's constants and
 * windowStart, which the web applies on the pupil page). Dates are 'YYYY-MM-DD'.
 */
export function scoreWindows(today: Date): { nationalSince: string; methodSince: string } {
  return {
    nationalSince: windowStart(NATIONAL_WINDOW_MONTHS, today),
    methodSince: windowStart(METHOD_WINDOW_MONTHS, today),
  };
}

/**
 * The pupils' national results, every provider, ascending by moment then subject and provider priority
 * (`isCounted` marks the priority provider), with the growth of the counted ones. With `since` only results from
 * that date on.
 */
export async function listNationalScores(
  db: Db,
  schoolId: number,
  pupilIds: readonly number[],
  since?: string,
) {
  return toScoresAndGrowth(await listNationalScoreRows(db, schoolId, pupilIds, since));
}

/**
 * A group's national results (what the group page shows of listNationalScores, with their growth, and the test
 * date) and, from the same ranked results in one statement, their aggregate per subject and moment.
 */
export async function listGroupScores(
  db: Db,
  schoolId: number,
  pupilIds: readonly number[],
  since: string | undefined,
) {
  const { rows, aggregates } = await listGroupScoreRows(db, schoolId, pupilIds, since);
  return { scores: rows, aggregates };
}
