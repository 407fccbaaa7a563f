import { Modal } from '@mantine/core';
import { useIntl } from 'react-intl';
import { AspectManager } from './aspect-manager';

/** The dialog in which superusers and sencos manage the aspects the school rates (loaded when it opens). */
export function AspectManagerDialog({
  schoolId,
  opened,
  onClose,
}: {
  schoolId: number;
  opened: boolean;
  onClose: () => void;
}) {
  const intl = useIntl();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={intl.formatMessage({ id: 'observations.aspects.title' })}
      size="lg"
      closeButtonProps={{ 'aria-label': intl.formatMessage({ id: 'common.close' }) }}
    >
      <AspectManager schoolId={schoolId} />
    </Modal>
  );
}
