import { Table, Text } from '@mantine/core';
import type { UploadRowError } from '@leerzicht/contract';
import { FormattedMessage, useIntl } from 'react-intl';
import { codeMessage } from '../lib/upload-messages';

/** Every row error with its line, field and reason (the first 1000; the count says how many there are). */
export function RowErrorsTable({ errors, errorCount }: { errors: UploadRowError[]; errorCount: number }) {
  const intl = useIntl();
  return (
    <>
      {errorCount > errors.length && (
        <Text size="sm" c="dimmed">
          <FormattedMessage
            id="uploads.errors.firstOnly"
            values={{ shown: errors.length, count: errorCount }}
          />
        </Text>
      )}
      <Table.ScrollContainer minWidth={560}>
        <Table withTableBorder striped aria-label={intl.formatMessage({ id: 'uploads.errors.caption' })}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <FormattedMessage id="uploads.errors.line" />
              </Table.Th>
              <Table.Th>
                <FormattedMessage id="uploads.errors.field" />
              </Table.Th>
              <Table.Th>
                <FormattedMessage id="uploads.errors.reason" />
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {errors.map((error, index) => (
              <Table.Tr key={`${error.line ?? 'file'}-${error.field ?? ''}-${index}`}>
                <Table.Td>{error.line ?? '–'}</Table.Td>
                <Table.Td>
                  <code>{error.field ?? '–'}</code>
                </Table.Td>
                <Table.Td>
                  {codeMessage(intl, 'uploads.rowError', error.code, error.values, error.message)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </>
  );
}
