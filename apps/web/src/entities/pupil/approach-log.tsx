import { approachEndpoints, type Approach, type Subject } from '@leerzicht/contract';
import { Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import type { MessageId } from '../../i18n/messages';
import { endpointQueryOptions } from '../../lib/query-keys';

const LABEL: Record<Approach, MessageId> = {
  enriched: 'approaches.enriched',
  basic: 'approaches.basic',
  intensive: 'approaches.intensive',
  undefined: 'approaches.undefined',
};

/** Every change of the pupil's instruction groups, newest first (who, when, subject, group and school year). */
export function ApproachLog({ pupilId, subjects }: { pupilId: number; subjects: readonly Subject[] }) {
  const intl = useIntl();
  const { data } = useQuery(endpointQueryOptions(approachEndpoints.logs, { query: { pupil_id: pupilId } }));
  if (!data) return null;
  const subjectName = (id: number) => {
    const subject = subjects.find((item) => item.id === id);
    if (!subject) return String(id);
    return intl.locale.startsWith('en') ? subject.nameEn : subject.nameNl;
  };
  return (
    <section>
      <Title order={2} size="h3" mb="xs">
        {intl.formatMessage({ id: 'approaches.log.title' })}
      </Title>
      {data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {intl.formatMessage({ id: 'approaches.log.none' })}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table striped data-testid="approach-log">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{intl.formatMessage({ id: 'approaches.log.date' })}</Table.Th>
                <Table.Th scope="col">{intl.formatMessage({ id: 'approaches.log.subject' })}</Table.Th>
                <Table.Th scope="col">{intl.formatMessage({ id: 'approaches.log.group' })}</Table.Th>
                <Table.Th scope="col">{intl.formatMessage({ id: 'approaches.log.approach' })}</Table.Th>
                <Table.Th scope="col">{intl.formatMessage({ id: 'approaches.log.by' })}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.map((log) => (
                <Table.Tr key={log.id}>
                  <Table.Td>
                    {intl.formatDate(log.date, { dateStyle: 'medium', timeStyle: 'short' })}
                  </Table.Td>
                  <Table.Td>{subjectName(log.subjectId)}</Table.Td>
                  <Table.Td>{`${log.yearclassName ?? ''} (${log.schoolYear}-${log.schoolYear + 1})`}</Table.Td>
                  <Table.Td>{intl.formatMessage({ id: LABEL[log.approach] })}</Table.Td>
                  <Table.Td>{log.changedByName}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </section>
  );
}
