import { HttpError } from '../../platform/http-errors';
import type { ImportPlan } from './importer';

/*
 * The user's confirmations of ECK-iD conflicts (`replaceEckIds`, EDEXML only; docs/uploads/edexml.md). They are
 * checked against the plan made at apply time from the same file (its hash is checked first) and the database as it
 * is then, so a confirmation only ever replaces an ECK-iD the preview showed as a conflict of that pupil.
 */

/** Messages per key in the answer at most (the count says how many keys were wrong). */
const LISTED_KEYS = 20;

/**
 * Refuses (400, before anything is written) an apply that confirms a key that is no replaceable ECK-iD conflict of
 * the file: a typo, a stale preview, or a conflict that cannot be confirmed. The answer has the refusal shape
 * (code `not_an_eckid_conflict`, so the web names it in the user's language) and a message per key under
 * `errors.replaceEckIds`.
 */
export function checkEckIdConfirmations(plan: ImportPlan, keys: ReadonlySet<string>): void {
  const replaceable = plan.eckIdConflicts?.replaceable ?? new Set<string>();
  const wrong = [...keys].filter((key) => !replaceable.has(key));
  const first = wrong[0];
  if (first === undefined) return;
  const detail = `Pupil key "${first}" has no ECK-iD conflict in this file that can be confirmed${
    wrong.length > 1 ? ` (nor do ${wrong.length - 1} other keys)` : ''
  }: check the file again.`;
  throw new HttpError(
    400,
    detail,
    {
      replaceEckIds: wrong
        .slice(0, LISTED_KEYS)
        .map((key) => `Pupil key "${key}" has no ECK-iD conflict in this file that can be confirmed.`),
    },
    undefined,
    {
      code: 'not_an_eckid_conflict',
      message: detail,
      line: null,
      values: { key: first, count: wrong.length },
    },
  );
}
