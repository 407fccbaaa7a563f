import { Button, Group, Text } from '@mantine/core';
import { FormattedMessage } from 'react-intl';
import { SupportDialog, useSupportDialog } from '../../features/support/components/support-dialog';
import { showSupportButton } from './footer-rules';

export function ShellFooter({ schoolId }: { schoolId: number | null }) {
  const support = useSupportDialog();
  return (
    <Group justify="space-between" px="md" h="100%">
      <Text size="sm" c="dimmed">
        <FormattedMessage id="footer.copyright" values={{ year: String(new Date().getFullYear()) }} />
      </Text>
      {showSupportButton({ signedIn: true, schoolId }) && schoolId !== null && (
        <>
          <Button loading={support.capturing} variant="subtle" size="xs" onClick={() => void support.open()}>
            <FormattedMessage id="footer.support" />
          </Button>
          <SupportDialog state={support.state} onClose={support.close} schoolId={schoolId} />
        </>
      )}
    </Group>
  );
}
