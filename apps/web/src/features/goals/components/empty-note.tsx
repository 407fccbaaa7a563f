import { Alert } from '@mantine/core';
import { useIntl } from 'react-intl';
import type { MessageId } from '../../../i18n/messages';

/** Says why the overview shows nothing (grade below 3, no goals yet, no pupils, a filter that leaves nothing). */
export function EmptyNote({ id, values }: { id: MessageId; values?: Record<string, string | number> }) {
  const intl = useIntl();
  return (
    <Alert color="gray" variant="light" role="status" data-testid="goals-empty">
      {intl.formatMessage({ id }, values)}
    </Alert>
  );
}
