import { fullName, type PupilToDiscuss, type Subject } from '@leerzicht/contract';
import { Anchor, Badge, List, Table, Text } from '@mantine/core';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useSubjectName } from '../../../lib/subject-name';
import { reasonText } from '../lib/reason-text';

/** The pupils with their signals as sentences; the group column on the school list only. */
export function DiscussTable({
  pupils,
  subjects,
  schoolId,
  showGroup,
}: {
  pupils: readonly PupilToDiscuss[];
  subjects: readonly Subject[];
  schoolId: number;
  showGroup: boolean;
}) {
  const intl = useIntl();
  const subjectName = useSubjectName();
  return (
    <Table.ScrollContainer minWidth={300}>
      <Table striped verticalSpacing="sm" data-testid="discuss-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{intl.formatMessage({ id: 'discuss.column.pupil' })}</Table.Th>
            {showGroup && (
              <Table.Th scope="col" visibleFrom="sm">
                {intl.formatMessage({ id: 'discuss.column.group' })}
              </Table.Th>
            )}
            <Table.Th scope="col">{intl.formatMessage({ id: 'discuss.column.reasons' })}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {pupils.map((pupil) => (
            <Table.Tr key={pupil.id} style={{ breakInside: 'avoid' }}>
              <Table.Th scope="row" fw={500} style={{ verticalAlign: 'top' }}>
                <Anchor component={Link} to={`/app/schools/${schoolId}/pupils/${pupil.id}`}>
                  {fullName(pupil)}
                </Anchor>
                {showGroup && (
                  // On a phone the group goes under the name: three columns do not fit.
                  <Text size="sm" c="dimmed" fw={400} hiddenFrom="sm">
                    {pupil.yearClassName}
                  </Text>
                )}
                {pupil.citoIsExcluded && (
                  <Badge ml="xs" size="sm" color="gray.8" variant="outline">
                    {intl.formatMessage({ id: 'discuss.excluded' })}
                  </Badge>
                )}
              </Table.Th>
              {showGroup && (
                <Table.Td visibleFrom="sm" style={{ verticalAlign: 'top', whiteSpace: 'nowrap' }}>
                  {pupil.yearClassName}
                </Table.Td>
              )}
              <Table.Td>
                <List size="sm" spacing={2}>
                  {pupil.reasons.map((reason, index) => (
                    <List.Item key={`${reason.code}-${reason.subjectId}-${index}`}>
                      {reasonText(intl, reason, subjectName, subjects)}
                    </List.Item>
                  ))}
                </List>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
