import { Stack, Table, Text } from '@mantine/core';
import type { UploadPreview } from '@leerzicht/contract';
import { FormattedMessage, useIntl } from 'react-intl';
import { skipReasonText } from '../lib/edexml-messages';

/**
 * EDEXML: the groups and pupils of the file that are not imported, each with its reason. They are no errors (the
 * standard allows them): groups outside primary education, samengestelde groepen, pupils without a group, pupils
 * who left.
 */
export function SkippedRowsTable({
  skipped,
  count,
}: {
  skipped: NonNullable<UploadPreview['skipped']>;
  count: number;
}) {
  const intl = useIntl();
  if (count === 0) return null;
  return (
    <Stack gap="xs">
      <Text fw={600}>
        <FormattedMessage id="uploads.skipped.title" values={{ count }} />
      </Text>
      <Text size="sm" c="dimmed">
        <FormattedMessage id="uploads.skipped.help" />
      </Text>
      {count > skipped.length && (
        <Text size="sm" c="dimmed">
          <FormattedMessage id="uploads.skipped.firstOnly" values={{ shown: skipped.length, count }} />
        </Text>
      )}
      <Table.ScrollContainer minWidth={560}>
        <Table withTableBorder striped aria-label={intl.formatMessage({ id: 'uploads.skipped.caption' })}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <FormattedMessage id="uploads.errors.line" />
              </Table.Th>
              <Table.Th>
                <FormattedMessage id="uploads.skipped.what" />
              </Table.Th>
              <Table.Th>
                <FormattedMessage id="uploads.errors.reason" />
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {skipped.map((row) => (
              <Table.Tr key={`${row.line}-${row.kind}-${row.key ?? ''}`}>
                <Table.Td>{row.line}</Table.Td>
                <Table.Td>
                  <FormattedMessage id={`uploads.skipped.kind.${row.kind}`} values={{ name: row.name }} />
                </Table.Td>
                <Table.Td>{skipReasonText(intl, row)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
