import type { Senco } from '@leerzicht/contract';
import { Button, Switch, Table, Text } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { colleagueRole } from '../lib/colleague-role';

interface InvitationsTableProps {
  invitations: Senco[];
  busy: boolean;
  onToggleSuperuser: (invitation: Senco, isSchoolSuperuser: boolean) => void;
  onRemove: (invitation: Senco) => void;
}

/** Open invitations: the address, whether the person becomes a superuser, and remove. */
export function InvitationsTable({ invitations, busy, onToggleSuperuser, onRemove }: InvitationsTableProps) {
  const intl = useIntl();
  if (invitations.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        <FormattedMessage id="permissions.invitations.none" />
      </Text>
    );
  }
  return (
    <Table striped verticalSpacing="sm">
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">
            <FormattedMessage id="permissions.column.email" />
          </Table.Th>
          <Table.Th scope="col">
            <FormattedMessage id="permissions.column.superuser" />
          </Table.Th>
          <Table.Th scope="col">
            <FormattedMessage id="permissions.column.actions" />
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {invitations.map((invitation) => (
          <Table.Tr key={invitation.id}>
            <Table.Th scope="row" fw={500}>
              {invitation.email}
            </Table.Th>
            <Table.Td>
              <Switch
                aria-label={intl.formatMessage({ id: 'permissions.superuserOf' }, { name: invitation.email })}
                checked={colleagueRole(invitation) === 'superuser'}
                disabled={busy}
                onChange={(event) => onToggleSuperuser(invitation, event.currentTarget.checked)}
              />
            </Table.Td>
            <Table.Td>
              <Button
                variant="subtle"
                color="red"
                size="xs"
                disabled={busy}
                aria-label={intl.formatMessage({ id: 'permissions.removeOf' }, { name: invitation.email })}
                onClick={() => onRemove(invitation)}
              >
                <FormattedMessage id="permissions.remove" />
              </Button>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
