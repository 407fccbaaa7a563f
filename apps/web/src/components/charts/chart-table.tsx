import { Table } from '@mantine/core';
import { useIntl } from 'react-intl';
import type { ChartSpec } from './chart-types';

/** The figures of a chart as a table: one row per category, one column per series. */
export function ChartTable({
  spec,
  caption,
  categoryLabel,
}: {
  spec: ChartSpec;
  caption: string;
  categoryLabel: string;
}) {
  const intl = useIntl();
  const digits = spec.digits ?? 1;
  const format = (value: number | null | undefined) =>
    value === null || value === undefined
      ? '–'
      : intl.formatNumber(value, { maximumFractionDigits: digits, minimumFractionDigits: 0 });
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table striped captionSide="top" withTableBorder>
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{categoryLabel}</Table.Th>
            {spec.series.map((series) => (
              <Table.Th key={series.key} scope="col" ta="right">
                {series.label}
              </Table.Th>
            ))}
            {spec.bands?.map((band) => (
              <Table.Th key={band.label} scope="col" ta="right">
                {band.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {spec.rows.map((row) => (
            <Table.Tr key={row.category}>
              <Table.Th scope="row" fw={500}>
                {row.category}
              </Table.Th>
              {spec.series.map((series) => (
                <Table.Td key={series.key} ta="right" data-series={series.key}>
                  {format(row.values[series.key])}
                </Table.Td>
              ))}
              {spec.bands?.map((band) => (
                <Table.Td key={band.label} ta="right">
                  {`${format(band.low)} – ${format(band.high)}`}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
