import { fullName, ratingMean, type SocialEmotionalObservation } from '@leerzicht/contract';
import type { SchoolAccess } from '../../platform/access/index';
import type { AspectRow } from './aspect-repository';
import { canEditObservation } from './policy';
import { ratingsOf } from './ratings';
import type { ObservationRow } from './repository';

/** An observation as the contract has it, for the user of `access`. */
export function toObservation(
  row: ObservationRow,
  aspects: readonly AspectRow[],
  access: SchoolAccess,
): SocialEmotionalObservation {
  const ratings = ratingsOf(aspects, row.ratings);
  return {
    id: row.id,
    pupilId: row.pupilId,
    yearClassId: row.yearClassId,
    yearClassName: row.yearClassName,
    calendarYear: row.calendarYear,
    observedOn: row.observedOn,
    instrument: row.instrument,
    ratings,
    mean: ratingMean(ratings.map((rating) => rating.rating)),
    content: row.content,
    confidential: row.confidential,
    authorId: row.authorId,
    authorName:
      row.authorFirstName === null || row.authorLastName === null
        ? ''
        : fullName({ firstName: row.authorFirstName, lastName: row.authorLastName }),
    dateCreated: row.dateCreated.toISOString(),
    canEdit: canEditObservation(access, row),
  };
}
