import { Button, Group, Text } from '@mantine/core';
import { FormattedMessage } from 'react-intl';
import { showSupportButton } from './footer-rules';

export function ShellFooter({ schoolId }: { schoolId: number | null }) {
  return (
    <Group justify="space-between" px="md" h="100%">
      <Text size="sm" c="dimmed">
        <FormattedMessage id="footer.copyright" values={{ year: String(new Date().getFullYear()) }} />
      </Text>
      {showSupportButton({ signedIn: true, schoolId }) && (
        <Button variant="subtle" size="xs">
          <FormattedMessage id="footer.support" />
        </Button>
      )}
    </Group>
  );
}
