import type { Senco } from '@leerzicht/contract';
import { Alert, Paper, Stack, Text, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import type { MessageId } from '../../../i18n/messages';
import { NotFoundError } from '../../../lib/api-error';
import { useCurrentProfile } from '../../../lib/current-profile';
import { detailOf, fieldErrorsOf, translateServerMessage } from '../../../lib/server-errors';
import {
  useColleaguesQuery,
  useRemoveColleagueMutation,
  useUpdateColleagueMutation,
} from '../api/colleagues';
import { useSchoolGroupsQuery, useSchoolPermissionsQuery } from '../api/group-permissions';
import { useRemoveInvitationMutation, useUpdateInvitationMutation } from '../api/invitations';
import { ColleaguesTable } from '../components/colleagues-table';
import { ConfirmRemoveModal } from '../components/confirm-remove-modal';
import { InvitationsTable } from '../components/invitations-table';
import { InviteForm } from '../components/invite-form';

function parseId(value: string | undefined): number {
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id <= 0) throw new NotFoundError(`No school ${value ?? ''}`);
  return id;
}

function Section({ title, intro, children }: { title: MessageId; intro?: MessageId; children: ReactNode }) {
  return (
    <Paper withBorder p="lg" component="section">
      <Stack>
        <Title order={2} size="h3">
          <FormattedMessage id={title} />
        </Title>
        {intro && (
          <Text size="sm" c="dimmed">
            <FormattedMessage id={intro} />
          </Text>
        )}
        {children}
      </Stack>
    </Paper>
  );
}

/** /app/schools/{schoolId}/admin/permissions (Management > Users). */
export function PermissionsPage() {
  const intl = useIntl();
  const schoolId = parseId(useParams().schoolId);
  const profile = useCurrentProfile();
  const { data: people } = useColleaguesQuery(schoolId);
  const { data: school } = useSchoolGroupsQuery(schoolId);
  const { data: permissions } = useSchoolPermissionsQuery(schoolId);
  const updateColleague = useUpdateColleagueMutation(schoolId);
  const removeColleague = useRemoveColleagueMutation(schoolId);
  const updateInvitation = useUpdateInvitationMutation(schoolId);
  const removeInvitation = useRemoveInvitationMutation(schoolId);
  const [removing, setRemoving] = useState<Senco | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  function report(error: unknown) {
    const fields = Object.values(fieldErrorsOf(error)).flat();
    const message = fields[0] ?? detailOf(error);
    setProblem(
      message ? translateServerMessage(intl, message) : intl.formatMessage({ id: 'account.saveFailed' }),
    );
  }

  function toggleSuperuser(person: Senco, isSchoolSuperuser: boolean) {
    setProblem(null);
    if (person.isInvitation)
      updateInvitation.mutate({ id: person.id, isSchoolSuperuser }, { onError: report });
    else if (person.sencoId !== null) {
      updateColleague.mutate({ schoolId, sencoId: person.sencoId, isSchoolSuperuser }, { onError: report });
    }
  }

  function confirmRemove() {
    if (!removing) return;
    setProblem(null);
    const done = {
      onSuccess: () => setRemoving(null),
      onError: (error: unknown) => {
        setRemoving(null);
        report(error);
      },
    };
    if (removing.isInvitation) removeInvitation.mutate(removing.id, done);
    else if (removing.sencoId !== null) removeColleague.mutate({ schoolId, sencoId: removing.sencoId }, done);
  }

  if (!people || !school || !permissions) return <PageLoader />;
  const busy =
    updateColleague.isPending ||
    removeColleague.isPending ||
    updateInvitation.isPending ||
    removeInvitation.isPending;
  const members = people.filter((person) => !person.isInvitation);
  const invitations = people.filter((person) => person.isInvitation);
  return (
    <Stack>
      <div>
        <Title order={1}>
          <FormattedMessage id="permissions.title" />
        </Title>
        <Text c="dimmed">{school.name}</Text>
      </div>
      {problem && (
        <Alert color="red" role="alert" withCloseButton onClose={() => setProblem(null)}>
          {problem}
        </Alert>
      )}
      <Section title="permissions.colleagues.title" intro="permissions.colleagues.intro">
        <ColleaguesTable
          schoolId={schoolId}
          colleagues={members}
          groups={school.classes}
          permissions={permissions}
          currentUserId={profile.id}
          busy={busy}
          onToggleSuperuser={toggleSuperuser}
          onRemove={setRemoving}
          onError={report}
        />
      </Section>
      <Section title="permissions.invite.title" intro="permissions.invite.intro">
        <InviteForm schoolId={schoolId} />
      </Section>
      <Section title="permissions.invitations.title">
        <InvitationsTable
          invitations={invitations}
          busy={busy}
          onToggleSuperuser={toggleSuperuser}
          onRemove={setRemoving}
        />
      </Section>
      <ConfirmRemoveModal
        subject={removing ? removing.fullName || removing.email : null}
        busy={removeColleague.isPending || removeInvitation.isPending}
        onConfirm={confirmRemove}
        onCancel={() => setRemoving(null)}
      />
    </Stack>
  );
}
