import type { PublishedFigures, SchoolInspection } from '@leerzicht/contract';
import { Badge, Stack, Table, Text, Title } from '@mantine/core';
import { useIntl } from 'react-intl';
import { formatScore, yearLabel } from '../../../entities/results';
import type { MessageId } from '../../../i18n/messages';

type Outcome = PublishedFigures['outcome1F'];

function OutcomeBadge({ outcome }: { outcome: Outcome }) {
  const intl = useIntl();
  if (outcome === null) return <>–</>;
  return (
    <Badge color={outcome === 'above' ? 'teal' : 'red'} variant="light" data-state={outcome}>
      {intl.formatMessage({
        id: outcome === 'above' ? 'results.inspection.above' : 'results.inspection.below',
      })}
    </Badge>
  );
}

/** Where the panel's signaleringswaarden come from, or that there are none (and so no verdict). */
export function SignalSourceLine({ inspection }: { inspection: SchoolInspection }) {
  const intl = useIntl();
  const source = inspection.signalSource;
  const date = (at: string) => intl.formatDate(new Date(at), { dateStyle: 'long' });
  let text: string;
  if (source?.kind === 'imported') {
    const first = source.calendarYears[0];
    const last = source.calendarYears[source.calendarYears.length - 1];
    text = intl.formatMessage(
      { id: 'results.inspection.source.imported' },
      {
        from: first === undefined ? '' : yearLabel(first),
        to: last === undefined ? '' : yearLabel(last),
        ovt: source.ovt ?? '',
        date: date(source.at),
      },
    );
  } else if (source?.kind === 'entered') {
    text = intl.formatMessage({ id: 'results.inspection.source.entered' }, { date: date(source.at) });
  } else if (inspection.published.length > 1) {
    text = intl.formatMessage(
      { id: 'results.inspection.source.severalLocations' },
      { count: inspection.published.length },
    );
  } else {
    text = intl.formatMessage({ id: 'results.inspection.source.none' });
  }
  return (
    <Text size="sm" data-testid="inspection-source" data-source={source?.kind ?? 'none'}>
      {text}
    </Text>
  );
}

/**
 * The product's own shares beside the inspectorate's published ones, per school year and over the three years,
 * one table per location the inspectorate lists for the school (usually one). Which is which is said in the
 * column groups: the product's come from the pupil monitoring system (an estimate), the inspectorate's from the
 * doorstroomtoets as it published them.
 */
export function InspectionComparison({ inspection }: { inspection: SchoolInspection }) {
  const intl = useIntl();
  const published: (PublishedFigures | null)[] =
    inspection.published.length > 0 ? inspection.published : [null];
  return (
    <Stack gap="xs" data-testid="inspection-comparison">
      <Title order={3} size="h4">
        {intl.formatMessage({ id: 'results.inspection.compare.title' })}
      </Title>
      <Text size="sm" c="dimmed">
        {intl.formatMessage({ id: 'results.inspection.compare.explain' })}
      </Text>
      {inspection.published.length === 0 && (
        <Text size="sm">{intl.formatMessage({ id: 'results.inspection.compare.notImported' })}</Text>
      )}
      {published.map((figures) => (
        <ComparisonTable key={figures?.ovt ?? 'none'} inspection={inspection} figures={figures} />
      ))}
    </Stack>
  );
}

function ComparisonTable({
  inspection,
  figures,
}: {
  inspection: SchoolInspection;
  figures: PublishedFigures | null;
}) {
  const intl = useIntl();
  const pct = (value: number | null | undefined) =>
    value === null || value === undefined ? '–' : `${formatScore(intl.locale, value, 2)}%`;
  const count = (value: number | null | undefined) => (value === null || value === undefined ? '–' : value);
  const years = [
    ...new Set([
      ...inspection.perYear.map((year) => year.calendarYear),
      ...(figures?.years.map((year) => year.calendarYear) ?? []),
    ]),
  ].sort((a, b) => a - b);
  const product = (year: number) => inspection.perYear.find((row) => row.calendarYear === year);
  const theirs = (year: number) => figures?.years.find((row) => row.calendarYear === year);
  const m = (id: MessageId) => intl.formatMessage({ id });
  // The product's column says where its figures come from: the doorstroomtoets, the LVS's estimate, or per year.
  const sources = new Set(inspection.perYear.map((year) => year.source));
  const productHeader: MessageId =
    sources.size > 1
      ? 'results.inspection.compare.productMixed'
      : sources.has('doorstroomtoets')
        ? 'results.inspection.compare.productTest'
        : 'results.inspection.compare.product';
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table
        striped
        captionSide="top"
        data-testid="inspection-comparison-table"
        data-ovt={figures?.ovt ?? ''}
      >
        <Table.Caption>
          {figures
            ? intl.formatMessage({ id: 'results.inspection.compare.location' }, { ovt: figures.ovt })
            : m('results.inspection.compare.title')}
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th />
            <Table.Th colSpan={3} ta="center" scope="colgroup">
              {m(productHeader)}
            </Table.Th>
            <Table.Th colSpan={3} ta="center" scope="colgroup">
              {m('results.inspection.compare.inspectorate')}
            </Table.Th>
          </Table.Tr>
          <Table.Tr>
            <Table.Th scope="col">{m('results.inspection.compare.year')}</Table.Th>
            {[0, 1].map((side) => [
              <Table.Th key={`${side}-1f`} scope="col" ta="right">
                {m('results.column.share1F')}
              </Table.Th>,
              <Table.Th key={`${side}-target`} scope="col" ta="right">
                {m('results.inspection.shareTarget')}
              </Table.Th>,
              <Table.Th key={`${side}-pupils`} scope="col" ta="right">
                {m('results.inspection.compare.pupils')}
              </Table.Th>,
            ])}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {years.map((year) => (
            <Table.Tr key={year} data-year={year}>
              <Table.Th scope="row" fw={500}>
                {yearLabel(year)}
                {product(year) && (
                  <Badge
                    ml="xs"
                    size="sm"
                    variant="light"
                    color={product(year)?.source === 'doorstroomtoets' ? 'teal' : 'gray'}
                    data-testid="inspection-year-source"
                    data-source={product(year)?.source}
                  >
                    {m(`results.inspection.figureSource.${product(year)?.source ?? 'lvs'}`)}
                  </Badge>
                )}
              </Table.Th>
              <Table.Td ta="right">{pct(product(year)?.share1F)}</Table.Td>
              <Table.Td ta="right">{pct(product(year)?.shareTarget)}</Table.Td>
              <Table.Td ta="right">{count(product(year)?.pupilCount)}</Table.Td>
              <Table.Td ta="right">{pct(theirs(year)?.share1F)}</Table.Td>
              <Table.Td ta="right">{pct(theirs(year)?.shareTarget)}</Table.Td>
              <Table.Td ta="right">{count(theirs(year)?.pupilCount)}</Table.Td>
            </Table.Tr>
          ))}
          <Table.Tr fw={600} data-testid="inspection-comparison-total">
            <Table.Th scope="row">{m('results.inspection.compare.threeYears')}</Table.Th>
            <Table.Td ta="right">{pct(inspection.share1F)}</Table.Td>
            <Table.Td ta="right">{pct(inspection.shareTarget)}</Table.Td>
            <Table.Td ta="right">{inspection.pupilCount}</Table.Td>
            <Table.Td ta="right">{pct(figures?.weighted1F)}</Table.Td>
            <Table.Td ta="right">{pct(figures?.weightedTarget)}</Table.Td>
            <Table.Td ta="right">{count(figures?.totalPupils)}</Table.Td>
          </Table.Tr>
          {figures && (
            <Table.Tr data-testid="inspection-comparison-outcome">
              <Table.Th scope="row">{m('results.inspection.compare.outcome')}</Table.Th>
              <Table.Td colSpan={3} />
              <Table.Td ta="right">
                <OutcomeBadge outcome={figures.outcome1F} />
              </Table.Td>
              <Table.Td ta="right">
                <OutcomeBadge outcome={figures.outcomeTarget} />
              </Table.Td>
              <Table.Td />
            </Table.Tr>
          )}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Td colSpan={7} data-testid="inspection-comparison-legend">
              <Text size="xs" c="dimmed">
                {intl.formatMessage(
                  { id: 'results.inspection.compare.legend' },
                  {
                    lvs: m('results.inspection.compare.product'),
                    test: m('results.inspection.compare.productTest'),
                  },
                )}
              </Text>
            </Table.Td>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}
