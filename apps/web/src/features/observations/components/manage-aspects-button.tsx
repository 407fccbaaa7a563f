import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useIntl } from 'react-intl';
import { AspectManagerDialog } from './aspect-manager-dialog';

/** "Manage aspects", opening the aspect dialog; the page shows it only to those who may (useCanManageAspects). */
export function ManageAspectsButton({ schoolId }: { schoolId: number }) {
  const intl = useIntl();
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button variant="default" onClick={open}>
        {intl.formatMessage({ id: 'observations.aspects.manage' })}
      </Button>
      <AspectManagerDialog schoolId={schoolId} opened={opened} onClose={close} />
    </>
  );
}
