import type { Approach, EffectFigures, PlanEffect as Effect, PlanEffectStatus } from '@leerzicht/contract';
import { Box, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useIntl } from 'react-intl';
import type { MessageId } from '../../../i18n/messages';
import { usePlanEffect } from '../api/reports';

const GROUP_LABEL: Record<Approach, MessageId> = {
  enriched: 'approaches.enriched',
  basic: 'approaches.basic',
  intensive: 'approaches.intensive',
  undefined: 'approaches.undefined',
};

const STATUS_TEXT: Record<Exclude<PlanEffectStatus, 'measured'>, MessageId> = {
  noStartDate: 'worksheet.effect.noStartDate',
  noEndDate: 'worksheet.effect.noEndDate',
  noResults: 'worksheet.effect.noResults',
};

/** Our growth beside the national growth as two bars, scaled to the largest growth shown. */
function GrowthBars({ figures, max }: { figures: EffectFigures; max: number }) {
  const width = (value: number | null) =>
    `${value === null || max <= 0 ? 0 : Math.max(0, (value / max) * 100)}%`;
  return (
    <Stack gap={2} aria-hidden="true" w={160}>
      <Box h={8} w={width(figures.meanGrowth)} bg="teal.7" style={{ borderRadius: 2 }} />
      <Box h={8} w={width(figures.nationalGrowth)} bg="gray.5" style={{ borderRadius: 2 }} />
    </Stack>
  );
}

/**
 * "Did it work": per instruction group the mean growth in ability score over the plan's period beside the national
 * growth over the same moments, and how many pupils went up, stayed or went down a level.
 */
export function PlanEffect({ planId }: { planId: number }) {
  const intl = useIntl();
  const { data: effect } = usePlanEffect(planId);
  const number = (value: number | null) =>
    value === null ? '–' : intl.formatNumber(value, { maximumFractionDigits: 1, signDisplay: 'exceptZero' });
  return (
    <Card withBorder component="section" data-testid="plan-effect">
      <Stack gap="xs">
        <Title order={2} size="h4">
          {intl.formatMessage({ id: 'worksheet.effect.title' })}
        </Title>
        {!effect ? (
          <Text size="sm" c="dimmed">
            {intl.formatMessage({ id: 'worksheet.loading' })}
          </Text>
        ) : effect.status !== 'measured' ? (
          <Text size="sm" c="dimmed">
            {intl.formatMessage({ id: STATUS_TEXT[effect.status] })}
          </Text>
        ) : (
          <EffectTable effect={effect} number={number} />
        )}
      </Stack>
    </Card>
  );
}

function EffectTable({ effect, number }: { effect: Effect; number: (value: number | null) => string }) {
  const intl = useIntl();
  const rows = [
    ...effect.groups.map((group) => ({
      key: group.approach,
      label: intl.formatMessage({ id: GROUP_LABEL[group.approach] }),
      figures: group,
    })),
    { key: 'total', label: intl.formatMessage({ id: 'worksheet.effect.total' }), figures: effect.total },
  ];
  const max = Math.max(
    0,
    ...rows.flatMap((row) => [row.figures.meanGrowth ?? 0, row.figures.nationalGrowth ?? 0]),
  );
  const moments = effect.moments
    .map(
      (pair) =>
        `${pair.from.yearTime}${pair.from.grade} → ${pair.to.yearTime}${pair.to.grade} (${pair.provider})`,
    )
    .join(', ');
  return (
    <>
      <Text size="sm" c="dimmed">
        {intl.formatMessage({ id: 'worksheet.effect.moments' }, { moments })}
      </Text>
      <Table.ScrollContainer minWidth={640}>
        <Table striped captionSide="top">
          <Table.Caption>{intl.formatMessage({ id: 'worksheet.effect.caption' })}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{intl.formatMessage({ id: 'worksheet.effect.group' })}</Table.Th>
              <Table.Th scope="col" ta="right">
                {intl.formatMessage({ id: 'worksheet.effect.measured' })}
              </Table.Th>
              <Table.Th scope="col" ta="right">
                {intl.formatMessage({ id: 'worksheet.effect.growth' })}
              </Table.Th>
              <Table.Th scope="col" ta="right">
                {intl.formatMessage({ id: 'worksheet.effect.national' })}
              </Table.Th>
              <Table.Th scope="col">
                <Group gap={6}>
                  <Box w={10} h={10} bg="teal.7" aria-hidden="true" />
                  {intl.formatMessage({ id: 'worksheet.effect.legendOurs' })}
                  <Box w={10} h={10} bg="gray.5" aria-hidden="true" />
                  {intl.formatMessage({ id: 'worksheet.effect.legendNational' })}
                </Group>
              </Table.Th>
              <Table.Th scope="col">{intl.formatMessage({ id: 'worksheet.effect.levels' })}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.key} data-effect-row={row.key}>
                <Table.Th scope="row" fw={row.key === 'total' ? 700 : 500}>
                  {row.label}
                </Table.Th>
                <Table.Td ta="right">
                  {row.figures.measuredCount} / {row.figures.pupilCount}
                </Table.Td>
                <Table.Td ta="right">{number(row.figures.meanGrowth)}</Table.Td>
                <Table.Td ta="right">{number(row.figures.nationalGrowth)}</Table.Td>
                <Table.Td>
                  <GrowthBars figures={row.figures} max={max} />
                </Table.Td>
                <Table.Td>
                  {intl.formatMessage(
                    { id: 'worksheet.effect.levelChanges' },
                    {
                      up: row.figures.levels.up,
                      same: row.figures.levels.same,
                      down: row.figures.levels.down,
                    },
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </>
  );
}
