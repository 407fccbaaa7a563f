import { Alert, Button, List, Stack, Text } from '@mantine/core';
import type { UploadPreview } from '@leerzicht/contract';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ReadOnlyNotice } from '../../../components/read-only-notice';
import { isSuppressed } from '../../../lib/api-client';
import { firstErrorMessage } from '../../../lib/server-errors';
import { useInviteTeachers } from '../api/uploads';

/** The file's teachers without an account at the school, and one action that invites them all. */
export function TeachersPanel({
  schoolId,
  teachers,
}: {
  schoolId: number;
  teachers: UploadPreview['teachers'];
}) {
  const intl = useIntl();
  const invite = useInviteTeachers();
  const [outcome, setOutcome] = useState<'suppressed' | { invited: number; skipped: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const without = teachers.filter((teacher) => !teacher.hasAccount);
  if (without.length === 0) return null;

  const send = async () => {
    setError(null);
    try {
      const result = await invite.mutateAsync({ schoolId, emails: without.map((teacher) => teacher.email) });
      setOutcome(isSuppressed(result) ? 'suppressed' : result);
    } catch (failure) {
      setError(firstErrorMessage(intl, failure) ?? intl.formatMessage({ id: 'uploads.teachers.failed' }));
    }
  };

  return (
    <Stack gap="xs">
      <Text fw={600}>
        <FormattedMessage id="uploads.teachers.title" values={{ count: without.length }} />
      </Text>
      <List size="sm">
        {without.map((teacher) => (
          <List.Item key={teacher.email}>
            {teacher.name} ({teacher.email})
          </List.Item>
        ))}
      </List>
      {outcome === null && (
        <Button variant="light" w="fit-content" loading={invite.isPending} onClick={() => void send()}>
          <FormattedMessage id="uploads.teachers.invite" values={{ count: without.length }} />
        </Button>
      )}
      {outcome === 'suppressed' && <ReadOnlyNotice />}
      {outcome !== null && outcome !== 'suppressed' && (
        <Alert color="green" role="status">
          <FormattedMessage id="uploads.teachers.invited" values={outcome} />
        </Alert>
      )}
      {error !== null && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
    </Stack>
  );
}
