import { Alert, Button, List, Stack, Text } from '@mantine/core';
import type { UploadPreview } from '@leerzicht/contract';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ReadOnlyNotice } from '../../../components/read-only-notice';
import { isSuppressed } from '../../../lib/api-client';
import { firstErrorMessage } from '../../../lib/server-errors';
import { useInviteTeachers } from '../api/uploads';
import { roleName } from '../lib/edexml-messages';

type Teacher = UploadPreview['teachers'][number];

/** A teacher's name with their roles from the file, if any. */
function TeacherName({ teacher }: { teacher: Teacher }) {
  const intl = useIntl();
  const roles = [
    ...(teacher.roles ?? []).map((code) => roleName(intl, code)),
    ...(teacher.roleDescriptions ?? []),
  ];
  return (
    <>
      {teacher.name}
      {roles.length > 0 && (
        <Text span size="sm" c="dimmed">
          {' '}
          <FormattedMessage id="uploads.teachers.roles" values={{ roles: roles.join(', ') }} />
        </Text>
      )}
    </>
  );
}

/**
 * The file's teachers without an account at the school, and one action that invites them all; and the teachers the
 * file gives no usable e-mail address, who are listed but cannot be invited until the administration system has one.
 */
export function TeachersPanel({ schoolId, teachers }: { schoolId: number; teachers: Teacher[] }) {
  const intl = useIntl();
  const invite = useInviteTeachers();
  const [outcome, setOutcome] = useState<'suppressed' | { invited: number; skipped: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const without = teachers.flatMap((teacher) =>
    !teacher.hasAccount && teacher.email !== null ? [{ teacher, email: teacher.email }] : [],
  );
  const noAddress = teachers.filter((teacher) => teacher.email === null);
  if (without.length === 0 && noAddress.length === 0) return null;

  const send = async () => {
    setError(null);
    try {
      const result = await invite.mutateAsync({ schoolId, emails: without.map(({ email }) => email) });
      setOutcome(isSuppressed(result) ? 'suppressed' : result);
    } catch (failure) {
      setError(firstErrorMessage(intl, failure) ?? intl.formatMessage({ id: 'uploads.teachers.failed' }));
    }
  };

  return (
    <Stack gap="xs">
      {without.length > 0 && (
        <>
          <Text fw={600}>
            <FormattedMessage id="uploads.teachers.title" values={{ count: without.length }} />
          </Text>
          <List size="sm">
            {without.map(({ teacher, email }) => (
              <List.Item key={email}>
                <TeacherName teacher={teacher} /> ({email})
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
        </>
      )}
      {noAddress.length > 0 && (
        <>
          <Text fw={600}>
            <FormattedMessage id="uploads.teachers.noAddress.title" values={{ count: noAddress.length }} />
          </Text>
          <List size="sm" aria-label={intl.formatMessage({ id: 'uploads.teachers.noAddress.caption' })}>
            {noAddress.map((teacher, index) => (
              <List.Item key={`${teacher.name}-${index}`}>
                <TeacherName teacher={teacher} />
                {': '}
                {teacher.addressProblem === 'invalid' ? (
                  <FormattedMessage
                    id="uploads.teachers.noAddress.invalid"
                    values={{ given: teacher.givenAddress ?? '' }}
                  />
                ) : (
                  <FormattedMessage id="uploads.teachers.noAddress.missing" />
                )}
              </List.Item>
            ))}
          </List>
        </>
      )}
    </Stack>
  );
}
