import { OBSERVATION_ERRORS } from '@leerzicht/contract';
import { useIntl } from 'react-intl';
import type { MessageId } from '../../../i18n/messages';
import { translateServerMessage } from '../../../lib/server-errors';

/** The aspect messages of the server this feature words itself; others go through the app's shared translations. */
const ASPECT_MESSAGES: Record<string, MessageId> = {
  [OBSERVATION_ERRORS.duplicateName]: 'observations.aspects.error.duplicateName',
};

/** A field's messages (client check or the server's 400), translated and joined, for a Mantine `error` prop. */
export function useAspectFieldError(): (messages: readonly string[] | undefined) => string | undefined {
  const intl = useIntl();
  return (messages) => {
    if (!messages || messages.length === 0) return undefined;
    return messages
      .map((message) => {
        const id = ASPECT_MESSAGES[message];
        return id ? intl.formatMessage({ id }) : translateServerMessage(intl, message);
      })
      .join(' ');
  };
}
