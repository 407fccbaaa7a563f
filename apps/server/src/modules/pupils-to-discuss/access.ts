import type { AppContext } from '../../context';
import { authorizeGroup, authorizeSchool, groupFor, type SchoolAccess } from '../../platform/access/index';
import { notFound } from '../../platform/http-errors';
import type { ActiveSession } from '../../platform/sessions';
import { canReadGroupList, canReadSchoolList } from './policy';

/*
 * The policies of the lists: another school answers 404, as does a group outside a teacher's groups. Access is
 * decided on the primary; the lists themselves may be read from the replica.
 */

/** The group a list looks at: its school and school year. */
export interface DiscussedGroup {
  id: number;
  schoolId: number;
  calendarYear: number;
}

export async function authorizeGroupList(
  ctx: AppContext,
  session: ActiveSession,
  groupId: number,
): Promise<DiscussedGroup> {
  await authorizeGroup(ctx.db, session, groupId, canReadGroupList);
  // The lookup authorizeGroup made, remembered for this request.
  const group = await groupFor(ctx.db, session, groupId);
  if (!group) throw notFound();
  return group;
}

/** Any member reads the school list; it holds the groups their access reads. */
export const authorizeSchoolList = (
  ctx: AppContext,
  session: ActiveSession,
  schoolId: number,
): Promise<SchoolAccess> => authorizeSchool(ctx.db, session, schoolId, canReadSchoolList);
