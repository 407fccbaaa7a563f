import {
  APPROACH_ERRORS,
  type ApproachBatch,
  type ApproachBatchResult,
  type ApproachLog,
  type PupilApproachRow,
  type SetApproach,
} from '@leerzicht/contract';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import type { SchoolAccess } from '../../platform/access/index';
import { badRequest } from '../../platform/http-errors';
import type { AllowedApproachList, AllowedGroup } from './access';
import {
  applyApproach,
  listApproachLogRows,
  listGroupApproachRows,
  listPupilApproachRows,
} from './repository';
import { byApproachThenName, toApproachRow, userName } from './rows';
import { requireSubject } from './subjects';

type Group = { id: number; schoolId: number; calendarYear: number };

async function groupRows(db: Db, group: Group, subjectId: number): Promise<PupilApproachRow[]> {
  const rows = await listGroupApproachRows(db, group, subjectId);
  return rows
    .map((row) => toApproachRow(row, { subjectId, calendarYear: group.calendarYear }))
    .sort(byApproachThenName);
}

/** A pupil's approaches (newest school year first), or every pupil of a group for one subject. */
export async function listApproaches(
  ctx: AppContext,
  allowed: AllowedApproachList,
): Promise<PupilApproachRow[]> {
  if ('pupilId' in allowed) {
    const rows = await listPupilApproachRows(ctx.db, allowed.access.schoolId, allowed.pupilId);
    return rows.map((row) => toApproachRow(row, row));
  }
  await requireSubject(ctx, allowed.subjectId, 'subject_id');
  return groupRows(ctx.db, allowed.group, allowed.subjectId);
}

/** The subject of a change, and that every named pupil is in the group (400 per pupil). */
async function checkChanges(
  ctx: AppContext,
  group: Group,
  input: { subjectId: number },
  pupilIds: readonly { pupilId: number; field: string }[],
): Promise<void> {
  await requireSubject(ctx, input.subjectId, 'subjectId');
  const members = new Set(
    (await listGroupApproachRows(ctx.db, group, input.subjectId)).map((r) => r.pupilId),
  );
  const errors = Object.fromEntries(
    pupilIds
      .filter(({ pupilId }) => !members.has(pupilId))
      .map(({ field }) => [field, [APPROACH_ERRORS.notInGroup]]),
  );
  if (Object.keys(errors).length > 0) throw badRequest('Invalid input.', errors);
}

/**
 * Applies the changes and reads the group's rows for the answer in one transaction: a request that fails on
 * the read (a lost connection answers 503) leaves no approach changed.
 */
async function applyAll(
  ctx: AppContext,
  { access, group }: AllowedGroup,
  subjectId: number,
  changes: readonly { pupilId: number; approach: SetApproach['approach'] }[],
): Promise<{ changed: number; rows: PupilApproachRow[] }> {
  const at = ctx.now();
  return ctx.db.transaction(async (tx) => {
    let changed = 0;
    for (const { pupilId, approach } of changes) {
      const applied = await applyApproach(tx, {
        schoolId: group.schoolId,
        pupilId,
        subjectId,
        yearClassId: group.id,
        calendarYear: group.calendarYear,
        approach,
        changedBy: access.userId,
        at,
      });
      if (applied) changed += 1;
    }
    return { changed, rows: await groupRows(tx, group, subjectId) };
  });
}

/**
 * Sets one pupil's approach for the subject in the school year of the group the policy allowed (a change is
 * logged, a no-op is not).
 */
export async function setApproach(
  ctx: AppContext,
  allowed: AllowedGroup,
  input: SetApproach,
): Promise<PupilApproachRow> {
  await checkChanges(ctx, allowed.group, input, [{ pupilId: input.pupilId, field: 'pupilId' }]);
  const { rows } = await applyAll(ctx, allowed, input.subjectId, [input]);
  const row = rows.find((candidate) => candidate.pupilId === input.pupilId);
  if (!row) throw badRequest('Invalid input.', { pupilId: [APPROACH_ERRORS.notInGroup] });
  return row;
}

/** Sets several pupils' approaches of one group and subject in one transaction; any bad pupil refuses all. */
export async function setApproachBatch(
  ctx: AppContext,
  allowed: AllowedGroup,
  input: ApproachBatch,
): Promise<ApproachBatchResult> {
  const named = input.approaches.map(({ pupilId }, index) => ({
    pupilId,
    field: `approaches/${index}/pupilId`,
  }));
  await checkChanges(ctx, allowed.group, input, named);
  const { changed, rows } = await applyAll(ctx, allowed, input.subjectId, input.approaches);
  return { changedCount: changed, approaches: rows };
}

/** Every change of the pupil's approaches, newest first (`access` is the pupil's school). */
export async function listApproachLogs(
  ctx: AppContext,
  access: SchoolAccess,
  pupilId: number,
): Promise<ApproachLog[]> {
  const rows = await listApproachLogRows(ctx.db, access.schoolId, pupilId);
  return rows.map(({ changedByFirstName, changedByLastName, date, ...row }) => ({
    ...row,
    changedByName: userName(changedByFirstName, changedByLastName) ?? '',
    date: date.toISOString(),
  }));
}
