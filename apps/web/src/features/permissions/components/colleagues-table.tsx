import type { SchoolClass, Senco, UserPermissions } from '@leerzicht/contract';
import { Badge, Button, Switch, Table, Text } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import type { MessageId } from '../../../i18n/messages';
import { colleagueRole, type ColleagueRole } from '../lib/colleague-role';
import { GroupPermissionsSelect } from './group-permissions-select';

interface ColleaguesTableProps {
  schoolId: number;
  colleagues: Senco[];
  groups: SchoolClass[];
  permissions: UserPermissions[];
  currentUserId: number;
  busy: boolean;
  onToggleSuperuser: (colleague: Senco, isSchoolSuperuser: boolean) => void;
  onRemove: (colleague: Senco) => void;
  onResult: (result: unknown) => void;
  onError: (error: unknown) => void;
}

/** The colleague's role as a label: data about the colleague, not what the signed-in user may do. */
const ROLE_LABEL: Record<ColleagueRole, MessageId> = {
  superuser: 'permissions.role.superuser',
  senco: 'permissions.role.senco',
  teacher: 'permissions.role.teacher',
};

/** The members of the school: role, superuser switch, group permissions of teachers, remove. */
export function ColleaguesTable(props: ColleaguesTableProps) {
  const { schoolId, colleagues, groups, permissions, currentUserId, busy } = props;
  const intl = useIntl();
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">
              <FormattedMessage id="permissions.column.name" />
            </Table.Th>
            <Table.Th scope="col">
              <FormattedMessage id="permissions.column.role" />
            </Table.Th>
            <Table.Th scope="col">
              <FormattedMessage id="permissions.column.superuser" />
            </Table.Th>
            <Table.Th scope="col">
              <FormattedMessage id="permissions.column.groups" />
            </Table.Th>
            <Table.Th scope="col">
              <FormattedMessage id="permissions.column.actions" />
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {colleagues.map((colleague) => {
            const userId = colleague.sencoId ?? 0;
            const name = colleague.fullName || colleague.email;
            const role = colleagueRole(colleague);
            return (
              <Table.Tr key={colleague.id}>
                <Table.Th scope="row" fw={500}>
                  <Text size="sm" fw={500}>
                    {name}
                    {userId === currentUserId && (
                      <Badge ml="xs" size="xs" variant="filled" color="teal.9">
                        <FormattedMessage id="permissions.you" />
                      </Badge>
                    )}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {colleague.email}
                  </Text>
                </Table.Th>
                <Table.Td>
                  <FormattedMessage id={ROLE_LABEL[role]} />
                </Table.Td>
                <Table.Td>
                  <Switch
                    aria-label={intl.formatMessage({ id: 'permissions.superuserOf' }, { name })}
                    checked={role === 'superuser'}
                    disabled={busy}
                    onChange={(event) => props.onToggleSuperuser(colleague, event.currentTarget.checked)}
                  />
                </Table.Td>
                <Table.Td>
                  {role === 'teacher' ? (
                    <GroupPermissionsSelect
                      schoolId={schoolId}
                      userId={userId}
                      userName={name}
                      groups={groups}
                      permittedGroupIds={permissions.find((entry) => entry.userId === userId)?.groupIds ?? []}
                      onResult={props.onResult}
                      onError={props.onError}
                    />
                  ) : (
                    <Text size="sm" c="dimmed">
                      <FormattedMessage id="permissions.allGroups" />
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Button
                    variant="subtle"
                    color="red"
                    size="xs"
                    disabled={busy}
                    aria-label={intl.formatMessage({ id: 'permissions.removeOf' }, { name })}
                    onClick={() => props.onRemove(colleague)}
                  >
                    <FormattedMessage id="permissions.remove" />
                  </Button>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
