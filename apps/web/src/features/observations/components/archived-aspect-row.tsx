import type { SocialEmotionalAspect } from '@leerzicht/contract';
import { Button, Group, Text } from '@mantine/core';
import { useIntl } from 'react-intl';
import { useAspectLabel } from '../lib/aspects';

/** An archived aspect, greyed, with the way back into use. */
export function ArchivedAspectRow({
  aspect,
  busy,
  onRestore,
}: {
  aspect: SocialEmotionalAspect;
  busy: boolean;
  onRestore: () => void;
}) {
  const intl = useIntl();
  const name = useAspectLabel()(aspect);
  return (
    <Group component="li" justify="space-between" gap="xs" wrap="nowrap" data-aspect-id={aspect.id}>
      <Text c="dimmed">{name}</Text>
      <Button
        variant="subtle"
        disabled={busy}
        aria-label={intl.formatMessage({ id: 'observations.aspects.restoreName' }, { name })}
        onClick={onRestore}
      >
        {intl.formatMessage({ id: 'observations.aspects.restore' })}
      </Button>
    </Group>
  );
}
