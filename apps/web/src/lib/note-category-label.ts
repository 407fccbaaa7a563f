import { useIntl } from 'react-intl';
import type { MessageId } from '../i18n/messages';

const BUILT_IN: Record<string, MessageId> = {
  general: 'notes.category.general',
  method_score: 'notes.category.method_score',
  cito_score: 'notes.category.cito_score',
  social_emotional: 'notes.category.social_emotional',
};

/** A note category's label: a built-in code in the interface language, a school's own category by its name. */
export function useCategoryLabel() {
  const intl = useIntl();
  return (category: { code: string | null; name: string }) => {
    const id = category.code ? BUILT_IN[category.code] : undefined;
    return id ? intl.formatMessage({ id }) : category.name;
  };
}
