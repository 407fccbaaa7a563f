import { Badge, Table, Text } from '@mantine/core';
import type { UploadRecord } from '@leerzicht/contract';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { countRows } from '../lib/counts';

const STATUS_COLOURS = { received: 'gray', processing: 'yellow', done: 'green', failed: 'red' } as const;

function CountsSummary({ upload }: { upload: UploadRecord }) {
  const intl = useIntl();
  const parts = countRows(upload.counts).map((row) =>
    intl.formatMessage(
      { id: 'uploads.list.countsOf' },
      {
        what: intl.formatMessage({ id: `uploads.counts.${row}` }),
        add: upload.counts[row]?.add ?? 0,
        change: upload.counts[row]?.change ?? 0,
      },
    ),
  );
  if (upload.counts.pupilsLeft) {
    parts.push(intl.formatMessage({ id: 'uploads.list.left' }, { count: upload.counts.pupilsLeft }));
  }
  return <Text size="sm">{parts.join(' · ')}</Text>;
}

/** The school's uploads, newest first: when, who, file, kind, counts and status. */
export function UploadsTable({ uploads }: { uploads: UploadRecord[] }) {
  const intl = useIntl();
  if (uploads.length === 0) {
    return (
      <Text c="dimmed">
        <FormattedMessage id="uploads.list.empty" />
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped aria-label={intl.formatMessage({ id: 'uploads.list.title' })}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <FormattedMessage id="uploads.list.when" />
            </Table.Th>
            <Table.Th>
              <FormattedMessage id="uploads.list.who" />
            </Table.Th>
            <Table.Th>
              <FormattedMessage id="uploads.list.file" />
            </Table.Th>
            <Table.Th>
              <FormattedMessage id="uploads.list.kind" />
            </Table.Th>
            <Table.Th>
              <FormattedMessage id="uploads.list.counts" />
            </Table.Th>
            <Table.Th>
              <FormattedMessage id="uploads.list.status" />
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {uploads.map((upload) => (
            <Table.Tr key={upload.id}>
              <Table.Td>
                <FormattedDate value={upload.createdAt} dateStyle="short" timeStyle="short" />
              </Table.Td>
              <Table.Td>{upload.uploadedBy ?? '–'}</Table.Td>
              <Table.Td>{upload.fileName}</Table.Td>
              <Table.Td>
                <FormattedMessage id={`uploads.kind.${upload.kind}`} />
              </Table.Td>
              <Table.Td>
                <CountsSummary upload={upload} />
                {upload.errorCount > 0 && (
                  <Text size="xs" c="dimmed">
                    <FormattedMessage id="uploads.list.skipped" values={{ count: upload.errorCount }} />
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Badge color={STATUS_COLOURS[upload.status]} variant="light" miw="max-content">
                  <FormattedMessage id={`uploads.status.${upload.status}`} />
                </Badge>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
