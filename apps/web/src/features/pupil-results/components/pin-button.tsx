import { Button, Group } from '@mantine/core';
import { useIntl } from 'react-intl';
import { ReadOnlyNotice } from '../../../components/read-only-notice';
import { isSuppressed } from '../../../lib/api-client';
import { usePinMutation } from '../api/pins';

interface PinButtonProps {
  schoolId: number;
  pupilId: number;
  pupilName: string;
  pinId: number | null;
  isPinned: boolean;
}

/** Pins a pupil to the top of the list (`POST /pin_pupil/`) or unpins it (`DELETE /pin_pupil/{id}/`). */
export function PinButton({ schoolId, pupilId, pupilName, pinId, isPinned }: PinButtonProps) {
  const intl = useIntl();
  const mutation = usePinMutation(schoolId);
  return (
    <Group gap="xs" wrap="nowrap">
      <Button
        size="compact-xs"
        variant={isPinned ? 'filled' : 'default'}
        loading={mutation.isPending}
        aria-pressed={isPinned}
        aria-label={intl.formatMessage(
          { id: isPinned ? 'results.pupils.unpin' : 'results.pupils.pin' },
          { name: pupilName },
        )}
        onClick={() =>
          mutation.mutate(isPinned && pinId !== null ? { pin: false, pinId } : { pin: true, pupilId })
        }
      >
        {intl.formatMessage({ id: isPinned ? 'results.pupils.pinned' : 'results.pupils.pinShort' })}
      </Button>
      {isSuppressed(mutation.data) && <ReadOnlyNotice inline />}
    </Group>
  );
}
