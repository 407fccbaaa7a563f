import {
  attentionReasons,
  compareNames,
  type GroupObservationRow,
  type GroupObservations,
  type ObservationList,
  type PupilObservations,
} from '@leerzicht/contract';
import type { AppContext } from '../../context';
import type { SchoolAccess } from '../../platform/access/index';
import type { AllowedObservationList, ObservedGroup } from './access';
import { ensureAspects, toAspect } from './aspect-service';
import { toObservation } from './observation-view';
import { ratingsOf } from './ratings';
import {
  listGroupPupils,
  listLatestTwo,
  listPupilObservations,
  type ObservationRow,
  type Readership,
} from './repository';

const readershipOf = (access: SchoolAccess): Readership => ({
  userId: access.userId,
  readsConfidential: access.readsWholeSchool,
});

/** The pupil's observations the user may read, oldest first, with the school's aspects. */
export async function getPupilObservations(
  ctx: AppContext,
  access: SchoolAccess,
  pupilId: number,
): Promise<PupilObservations> {
  const aspects = await ensureAspects(ctx.db, access.schoolId);
  const rows = await listPupilObservations(ctx.db, access.schoolId, pupilId, readershipOf(access));
  return {
    view: 'pupil',
    pupilId,
    aspects: aspects.map(toAspect),
    observations: rows.map((row) => toObservation(row, aspects, access)),
  };
}

/**
 * Every pupil of the group with their latest observation up to the group's school year (only what the user may
 * read counts, confidential ones of others included nowhere), pupils needing attention first, then by name.
 */
export async function getGroupObservations(
  ctx: AppContext,
  access: SchoolAccess,
  group: ObservedGroup,
): Promise<GroupObservations> {
  const aspects = await ensureAspects(ctx.db, group.schoolId);
  const members = await listGroupPupils(ctx.db, group.schoolId, group.id);
  const rows = await listLatestTwo(
    ctx.db,
    group.schoolId,
    members.map((pupil) => pupil.id),
    group.calendarYear,
    readershipOf(access),
  );
  const byPupil = new Map<number, ObservationRow[]>();
  for (const row of rows) byPupil.set(row.pupilId, [...(byPupil.get(row.pupilId) ?? []), row]);
  const ratingValues = (row: ObservationRow) => ratingsOf(aspects, row.ratings).map((r) => r.rating);

  const pupils = members.map((pupil): GroupObservationRow => {
    const [latest, previous] = byPupil.get(pupil.id) ?? [];
    const reasons = latest
      ? attentionReasons(ratingValues(latest), previous ? ratingValues(previous) : null)
      : [];
    return {
      pupilId: pupil.id,
      firstName: pupil.firstName,
      lastNamePrefix: pupil.lastNamePrefix,
      lastName: pupil.lastName,
      latest: latest ? toObservation(latest, aspects, access) : null,
      previousMean: previous ? toObservation(previous, aspects, access).mean : null,
      needsAttention: reasons.length > 0,
      attentionReasons: reasons,
    };
  });
  pupils.sort((a, b) => Number(b.needsAttention) - Number(a.needsAttention) || compareNames(a, b));
  return { view: 'group', yearClassId: group.id, aspects: aspects.map(toAspect), pupils };
}

export function listObservations(ctx: AppContext, allowed: AllowedObservationList): Promise<ObservationList> {
  return 'pupilId' in allowed
    ? getPupilObservations(ctx, allowed.access, allowed.pupilId)
    : getGroupObservations(ctx, allowed.access, allowed.group);
}
