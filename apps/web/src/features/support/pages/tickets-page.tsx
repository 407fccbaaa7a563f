import { Alert, Anchor, Badge, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { PageLoader } from '../../../components/page-loader';
import { firstErrorMessage } from '../../../lib/server-errors';
import { downloadAttachment, useSupportTickets } from '../api/tickets';

const STATUS_COLOURS = { pending: 'yellow', sent: 'green', failed: 'red', local: 'gray' } as const;

/**
 * Management > Support tickets (provider staff): the support messages kept by the server, newest first, with
 * their forwarding state (pending, sent, failed with the attempts and last error; local without a ticketing
 * service), their properties and attachments.
 */
export function TicketsPage() {
  const intl = useIntl();
  const tickets = useSupportTickets();
  const [downloadError, setDownloadError] = useState<string | null>(null);
  if (!tickets.data) return <PageLoader />;
  const { results } = tickets.data;
  const download = async (ticketId: number, attachmentId: number, fileName: string) => {
    setDownloadError(null);
    try {
      await downloadAttachment(ticketId, attachmentId, fileName);
    } catch (failure) {
      setDownloadError(
        firstErrorMessage(intl, failure) ?? intl.formatMessage({ id: 'support.tickets.downloadFailed' }),
      );
    }
  };
  return (
    <Stack>
      <Title order={1}>
        <FormattedMessage id="support.tickets.title" />
      </Title>
      {downloadError && (
        <Alert color="red" role="alert" withCloseButton onClose={() => setDownloadError(null)}>
          {downloadError}
        </Alert>
      )}
      {results.length === 0 ? (
        <Text>
          <FormattedMessage id="support.tickets.empty" />
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={800}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>
                  <FormattedMessage id="support.tickets.date" />
                </Table.Th>
                <Table.Th>
                  <FormattedMessage id="support.tickets.from" />
                </Table.Th>
                <Table.Th>
                  <FormattedMessage id="support.form.subject" />
                </Table.Th>
                <Table.Th>
                  <FormattedMessage id="support.form.message" />
                </Table.Th>
                <Table.Th>
                  <FormattedMessage id="support.tickets.state" />
                </Table.Th>
                <Table.Th>
                  <FormattedMessage id="support.form.attachments" />
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {results.map((ticket) => (
                <Table.Tr key={ticket.id}>
                  <Table.Td>
                    <FormattedDate value={ticket.createdAt} dateStyle="short" timeStyle="short" />
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{ticket.name}</Text>
                    <Text size="xs" c="dimmed">
                      {ticket.email} · {String(ticket.properties.schoolName ?? '')}
                      {ticket.properties.isDemo === true ? ' · demo' : ''}
                    </Text>
                    {typeof ticket.properties.errorReportId === 'string' && (
                      <Text size="xs" c="dimmed">
                        <FormattedMessage
                          id="support.tickets.reportId"
                          values={{ reportId: ticket.properties.errorReportId }}
                        />
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <FormattedMessage id={`support.subject.${ticket.subject}`} />
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'pre-wrap' }}>{ticket.message}</Table.Td>
                  <Table.Td>
                    <Badge color={STATUS_COLOURS[ticket.status]} variant="light">
                      <FormattedMessage id={`support.tickets.status.${ticket.status}`} />
                    </Badge>
                    {ticket.attempts > 0 && (
                      <Text size="xs" c="dimmed">
                        <FormattedMessage id="support.tickets.attempts" values={{ count: ticket.attempts }} />
                      </Text>
                    )}
                    {ticket.lastError && (
                      <Text size="xs" c="red">
                        {ticket.lastError}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Stack gap={2}>
                      {ticket.attachments.map((file) => (
                        <Anchor
                          key={file.id}
                          component="button"
                          type="button"
                          size="sm"
                          onClick={() => void download(ticket.id, file.id, file.fileName)}
                        >
                          {file.fileName}
                        </Anchor>
                      ))}
                    </Stack>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
