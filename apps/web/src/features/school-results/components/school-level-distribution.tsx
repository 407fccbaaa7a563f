import { ALPHABETICAL_LEVELS, NATIONAL_LEVEL_SHARES, ROMAN_LEVELS } from '@leerzicht/contract';
import { SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useIntl } from 'react-intl';
import { PageLoader } from '../../../components/page-loader';
import { formatScore } from '../../../entities/results';
import { LEVEL_RANKS, type DistributionRow, type LevelScheme } from '../lib/school-chart';

const SchoolLevelChart = lazy(() => import('./school-level-chart'));

/** The legend's name of each rank: the scheme's own, or "I / A" when the chart shows both. */
function rankNames(rows: DistributionRow[]): string[] {
  const schemes = new Set(rows.map((row) => row.scheme));
  return LEVEL_RANKS.map((rank) =>
    schemes.size > 1 ? `${ROMAN_LEVELS[rank]} / ${ALPHABETICAL_LEVELS[rank]}` : (rows[0]?.names[rank] ?? ''),
  );
}

/** The national share per rank (top first) of a scheme. */
function nationalShares(scheme: LevelScheme): number[] {
  return scheme === 'levels'
    ? ROMAN_LEVELS.map((level) => NATIONAL_LEVEL_SHARES.levels[level])
    : ALPHABETICAL_LEVELS.map((letter) => NATIONAL_LEVEL_SHARES.letters[letter]);
}

/**
 * A subject's distribution over the levels per moment: a 100% stacked chart, with `withNational` the national
 * distribution as reference (a bar per scheme, dashed lines at the I-V boundaries), or the same figures as a table.
 */
export function SchoolLevelDistribution({
  rows,
  title,
  withNational,
}: {
  rows: DistributionRow[];
  title: string;
  withNational: boolean;
}) {
  const intl = useIntl();
  const [view, setView] = useState<'chart' | 'table'>('chart');
  if (rows.length === 0) return <Text c="dimmed">{intl.formatMessage({ id: 'charts.noData' })}</Text>;
  const names = rankNames(rows);
  const schemes = (['letters', 'levels'] as const).filter((scheme) =>
    rows.some((row) => row.scheme === scheme),
  );
  const nationalSchemes = withNational ? schemes : [];
  const nationalLabel = (scheme: LevelScheme) =>
    intl.formatMessage({ id: `results.analytics.national.${scheme}` });
  const percent = (value: number | null | undefined) =>
    value === null || value === undefined ? '–' : `${formatScore(intl.locale, value)}%`;
  return (
    <Stack gap="xs">
      <SegmentedControl
        size="xs"
        w="fit-content"
        value={view}
        onChange={(value) => setView(value === 'table' ? 'table' : 'chart')}
        aria-label={intl.formatMessage({ id: 'charts.viewToggle' }, { title })}
        data={[
          { value: 'chart', label: intl.formatMessage({ id: 'charts.view.chart' }) },
          { value: 'table', label: intl.formatMessage({ id: 'charts.view.table' }) },
        ]}
      />
      {view === 'chart' ? (
        <Suspense fallback={<PageLoader />}>
          <SchoolLevelChart
            bars={[
              ...rows,
              ...nationalSchemes.map((scheme) => ({
                category: nationalLabel(scheme),
                shares: nationalShares(scheme),
              })),
            ]}
            names={names}
            nationalSchemes={nationalSchemes}
            label={title}
          />
        </Suspense>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table striped captionSide="top" withTableBorder data-testid="school-levels">
            <Table.Caption>{title}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{intl.formatMessage({ id: 'results.column.moment' })}</Table.Th>
                <Table.Th scope="col" ta="right">
                  {intl.formatMessage({ id: 'results.column.pupils' })}
                </Table.Th>
                {names.map((name) => (
                  <Table.Th key={name} scope="col" ta="right">
                    {name}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.category}>
                  <Table.Th scope="row" fw={500}>
                    {row.category}
                  </Table.Th>
                  <Table.Td ta="right">{row.total}</Table.Td>
                  {row.shares.map((value, rank) => (
                    <Table.Td key={names[rank]} ta="right">
                      {percent(value)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
              {nationalSchemes.map((scheme) => (
                <Table.Tr key={scheme}>
                  <Table.Th scope="row" fw={500}>
                    {nationalLabel(scheme)}
                  </Table.Th>
                  <Table.Td ta="right">–</Table.Td>
                  {nationalShares(scheme).map((value, rank) => (
                    <Table.Td key={names[rank]} ta="right">
                      {percent(value)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Text size="xs" c="dimmed">
        {intl.formatMessage({
          id: schemes.includes('letters')
            ? 'results.analytics.levelsNoteLetters'
            : 'results.analytics.levelsNote',
        })}
      </Text>
    </Stack>
  );
}
