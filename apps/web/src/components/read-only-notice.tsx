import { Alert, Text } from '@mantine/core';
import { useIntl } from 'react-intl';

/** Said where a change was not sent because the session is read-only (demo or impersonated). */
export function ReadOnlyNotice({ inline = false }: { inline?: boolean }) {
  const intl = useIntl();
  const text = intl.formatMessage({ id: 'readOnly.notSaved' });
  if (inline) {
    return (
      <Text size="sm" c="yellow.9" role="status">
        {text}
      </Text>
    );
  }
  return (
    <Alert color="yellow" variant="light" role="status">
      {text}
    </Alert>
  );
}
