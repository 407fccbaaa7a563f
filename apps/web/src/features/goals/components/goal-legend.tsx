import type { ScoreBand } from '@leerzicht/contract';
import { Box, Group, Text } from '@mantine/core';
import { useIntl } from 'react-intl';
import type { MessageId } from '../../../i18n/messages';
import { BAND_BACKGROUND } from '../../../lib/band-colours';
import { GOAL_BAND_FROM } from '../lib/goal-bands';

const BANDS: { band: ScoreBand; id: MessageId }[] = [
  { band: 'good', id: 'goals.legend.good' },
  { band: 'middle', id: 'goals.legend.middle' },
  { band: 'low', id: 'goals.legend.low' },
];

function Swatch({ background, children }: { background: string; children: string }) {
  return (
    <Box
      component="span"
      aria-hidden
      style={{
        display: 'inline-block',
        minWidth: 40,
        padding: '0 6px',
        textAlign: 'center',
        background,
        border: '1px solid var(--mantine-color-gray-4)',
        borderRadius: 4,
      }}
    >
      {children}
    </Box>
  );
}

/** What the colours and percentages of the cells mean. */
export function GoalLegend() {
  const intl = useIntl();
  const values = { good: GOAL_BAND_FROM.good, middle: GOAL_BAND_FROM.middle };
  return (
    <Group
      gap="lg"
      data-testid="goal-legend"
      role="group"
      aria-label={intl.formatMessage({ id: 'goals.legend.title' })}
    >
      <Text size="sm" fw={600}>
        {intl.formatMessage({ id: 'goals.legend.title' })}
      </Text>
      {BANDS.map(({ band, id }) => (
        <Group key={band} gap={6} wrap="nowrap" data-band={band}>
          <Swatch background={BAND_BACKGROUND[band]}>%</Swatch>
          <Text size="sm">{intl.formatMessage({ id }, values)}</Text>
        </Group>
      ))}
      <Group gap={6} wrap="nowrap">
        <Swatch background="transparent">–</Swatch>
        <Text size="sm">{intl.formatMessage({ id: 'goals.legend.none' })}</Text>
      </Group>
    </Group>
  );
}
