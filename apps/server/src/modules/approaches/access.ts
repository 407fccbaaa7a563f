import { APPROACH_ERRORS } from '@leerzicht/contract';
import type { AppContext } from '../../context';
import { authorizeGroup, authorizePupil, groupFor, type SchoolAccess } from '../../platform/access/index';
import { badRequest, notFound } from '../../platform/http-errors';
import type { ActiveSession } from '../../platform/sessions';
import { canReadGroupApproaches, canReadPupilApproaches } from './policy';

/* The checks of the approach calls, run by the routes' policies. */

type Group = NonNullable<Awaited<ReturnType<typeof groupFor>>>;

/** A group the policy allowed, with the access that allowed it. */
export interface AllowedGroup {
  access: SchoolAccess;
  group: Group;
}

/** What `GET /pupil_approaches/` may list: a pupil's approaches, or a group's for one subject. */
export type AllowedApproachList =
  { access: SchoolAccess; pupilId: number } | (AllowedGroup & { subjectId: number });

/** A group the user may see by `maySee` (else 404), with the group's row. */
export async function authorizeApproachGroup(
  ctx: AppContext,
  session: ActiveSession,
  groupId: number,
  maySee: (access: SchoolAccess, groupId: number) => boolean,
): Promise<AllowedGroup> {
  const access = await authorizeGroup(ctx.db, session, groupId, maySee);
  // The check above looked the group up; this is the same request's copy.
  const group = await groupFor(ctx.db, session, groupId);
  if (!group) throw notFound();
  return { access, group };
}

/** A pupil whose approaches the user reads (else 404). */
export const authorizeApproachPupil = (ctx: AppContext, session: ActiveSession, pupilId: number) =>
  authorizePupil(ctx.db, session, pupilId, undefined, canReadPupilApproaches);

/** `GET /pupil_approaches/`: a readable pupil, or a readable group and a subject (the query schema requires one). */
export async function authorizeApproachList(
  ctx: AppContext,
  session: ActiveSession,
  query: { pupil_id?: number; yearclass_id?: number; subject_id?: number },
): Promise<AllowedApproachList> {
  if (query.pupil_id !== undefined)
    return { access: await authorizeApproachPupil(ctx, session, query.pupil_id), pupilId: query.pupil_id };
  if (query.yearclass_id !== undefined && query.subject_id !== undefined) {
    const allowed = await authorizeApproachGroup(ctx, session, query.yearclass_id, canReadGroupApproaches);
    return { ...allowed, subjectId: query.subject_id };
  }
  throw badRequest('Invalid input.', { pupil_id: [APPROACH_ERRORS.oneOf] });
}
