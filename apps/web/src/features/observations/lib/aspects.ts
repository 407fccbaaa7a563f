import { isDefaultAspectCode, type DefaultAspectCode, type SocialEmotionalAspect } from '@leerzicht/contract';
import { useIntl } from 'react-intl';
import type { MessageId } from '../../../i18n/messages';

const DEFAULT_LABELS: Record<DefaultAspectCode, MessageId> = {
  welbevinden: 'observations.aspect.welbevinden',
  betrokkenheid: 'observations.aspect.betrokkenheid',
  sociale_vaardigheden: 'observations.aspect.sociale_vaardigheden',
  werkhouding: 'observations.aspect.werkhouding',
  zelfstandigheid: 'observations.aspect.zelfstandigheid',
};

/** An aspect's name: the school's own name when it has one, else the catalogue's label of its default code. */
export function useAspectLabel(): (aspect: Pick<SocialEmotionalAspect, 'code' | 'name'>) => string {
  const intl = useIntl();
  return (aspect) => {
    if (aspect.name) return aspect.name;
    if (aspect.code && isDefaultAspectCode(aspect.code))
      return intl.formatMessage({ id: DEFAULT_LABELS[aspect.code] });
    return aspect.code ?? '';
  };
}

/** The key a rating is sent under: the aspect's code, or its id for a school's own aspect. */
export const ratingKey = (aspect: Pick<SocialEmotionalAspect, 'id' | 'code'>): string =>
  aspect.code ?? String(aspect.id);

export type RatingBand = 'low' | 'middle' | 'good';

/** 1-2 is a concern, 4-5 goes well (the server's attention rule uses the same "2 or lower"). */
export function ratingBand(rating: number): RatingBand {
  if (rating <= 2) return 'low';
  if (rating >= 4) return 'good';
  return 'middle';
}
