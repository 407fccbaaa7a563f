import {
  sortByName,
  EXCLUSION_ERRORS,
  matchesPupilSearch,
  type ExclusionPupil,
  type NationalTestExclusionReason,
} from '@leerzicht/contract';
import type { IntlShape } from 'react-intl';
import type { MessageId } from '../../../i18n/messages';
import { translateServerMessage } from '../../../lib/server-errors';

/** The pupils that match the search, sorted on the word after the name particle (then first name). */
export function visiblePupils(pupils: readonly ExclusionPupil[], search: string): ExclusionPupil[] {
  const wanted = search.trim();
  return sortByName(pupils.filter((pupil) => wanted === '' || matchesPupilSearch(pupil, wanted)));
}

export const REASON_LABELS: Record<NationalTestExclusionReason, MessageId> = {
  NEWCOMER: 'exclusions.reason.NEWCOMER',
  DEVELOPMENT_PERSPECTIVE: 'exclusions.reason.DEVELOPMENT_PERSPECTIVE',
  OTHER: 'exclusions.reason.OTHER',
};

/** The reason as the list shows it: the ground, and for "other" its text. */
export function reasonLabel(intl: IntlShape, pupil: Pick<ExclusionPupil, 'reason' | 'reasonText'>): string {
  if (!pupil.reason) return '';
  const label = intl.formatMessage({ id: REASON_LABELS[pupil.reason] });
  return pupil.reason === 'OTHER' && pupil.reasonText ? `${label}: ${pupil.reasonText}` : label;
}

/** The server's (and the contract schema's) messages of this form in the interface language. */
export function translateExclusionMessage(intl: IntlShape, message: string): string {
  switch (message) {
    case EXCLUSION_ERRORS.reasonRequired:
      return intl.formatMessage({ id: 'exclusions.error.reasonRequired' });
    case EXCLUSION_ERRORS.reasonTextRequired:
      return intl.formatMessage({ id: 'exclusions.error.reasonTextRequired' });
    case EXCLUSION_ERRORS.notOfSchool:
      return intl.formatMessage({ id: 'exclusions.error.notOfSchool' });
    default:
      return translateServerMessage(intl, message);
  }
}
