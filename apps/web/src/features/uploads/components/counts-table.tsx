import { Table } from '@mantine/core';
import type { UploadCounts } from '@leerzicht/contract';
import { FormattedMessage, useIntl } from 'react-intl';
import { countRows } from '../lib/counts';

/** What applying the file would do (or did), per kind of row, and the pupils who left. */
export function CountsTable({ counts }: { counts: UploadCounts }) {
  const intl = useIntl();
  return (
    <Table.ScrollContainer minWidth={420}>
      <Table withTableBorder aria-label={intl.formatMessage({ id: 'uploads.counts.caption' })}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th />
            <Table.Th ta="right">
              <FormattedMessage id="uploads.counts.add" />
            </Table.Th>
            <Table.Th ta="right">
              <FormattedMessage id="uploads.counts.change" />
            </Table.Th>
            <Table.Th ta="right">
              <FormattedMessage id="uploads.counts.unchanged" />
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {countRows(counts).map((row) => (
            <Table.Tr key={row} aria-label={intl.formatMessage({ id: `uploads.counts.${row}` })}>
              <Table.Th scope="row">
                <FormattedMessage id={`uploads.counts.${row}`} />
              </Table.Th>
              <Table.Td ta="right">{counts[row]?.add ?? 0}</Table.Td>
              <Table.Td ta="right">{counts[row]?.change ?? 0}</Table.Td>
              <Table.Td ta="right">{counts[row]?.unchanged ?? 0}</Table.Td>
            </Table.Tr>
          ))}
          {counts.pupilsLeft !== undefined && (
            <Table.Tr aria-label={intl.formatMessage({ id: 'uploads.counts.pupilsLeft' })}>
              <Table.Th scope="row">
                <FormattedMessage id="uploads.counts.pupilsLeft" />
              </Table.Th>
              <Table.Td ta="right" colSpan={3}>
                {counts.pupilsLeft}
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
