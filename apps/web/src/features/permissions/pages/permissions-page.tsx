import type { Senco } from '@leerzicht/contract';
import { Alert, Paper, Stack, Text, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { ReadOnlyNotice } from '../../../components/read-only-notice';
import { useSchoolQuery } from '../../../entities/school';
import type { MessageId } from '../../../i18n/messages';
import { NotFoundError } from '../../../lib/api-error';
import { isSuppressed } from '../../../lib/api-client';
import { useCurrentProfile } from '../../../lib/current-profile';
import { detailOf, fieldErrorsOf, translateServerMessage } from '../../../lib/server-errors';
import {
  useColleaguesQuery,
  useRemoveColleagueMutation,
  useUpdateColleagueMutation,
} from '../api/colleagues';
import { useSchoolPermissionsQuery } from '../api/group-permissions';
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
  // The school with its groups of the session's school year: the groups a teacher can be given.
  const { data: school } = useSchoolQuery(schoolId);
  const { data: permissions } = useSchoolPermissionsQuery(schoolId);
  const updateColleague = useUpdateColleagueMutation(schoolId);
  const removeColleague = useRemoveColleagueMutation(schoolId);
  const updateInvitation = useUpdateInvitationMutation(schoolId);
  const removeInvitation = useRemoveInvitationMutation(schoolId);
  const [removing, setRemoving] = useState<Senco | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [notSent, setNotSent] = useState(false);

  function report(error: unknown) {
    const fields = Object.values(fieldErrorsOf(error)).flat();
    const message = fields[0] ?? detailOf(error);
    setProblem(
      message ? translateServerMessage(intl, message) : intl.formatMessage({ id: 'account.saveFailed' }),
    );
  }

  /** A read-only session's change is not sent: the page says so instead of seeming to have saved it. */
  function noteResult(result: unknown) {
    setNotSent(isSuppressed(result));
  }

  function toggleSuperuser(person: Senco, isSchoolSuperuser: boolean) {
    setProblem(null);
    const done = { onSuccess: noteResult, onError: report };
    if (person.isInvitation) updateInvitation.mutate({ id: person.id, isSchoolSuperuser }, done);
    else if (person.sencoId !== null) {
      updateColleague.mutate({ schoolId, sencoId: person.sencoId, isSchoolSuperuser }, done);
    }
  }

  function confirmRemove() {
    if (!removing) return;
    setProblem(null);
    const done = {
      onSuccess: (result: unknown) => {
        setRemoving(null);
        noteResult(result);
      },
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
      {notSent && <ReadOnlyNotice />}
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
          onResult={noteResult}
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
