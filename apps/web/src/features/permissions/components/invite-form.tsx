import {
  createInvitationsRequestSchema,
  INVITATION_MAX_EMAILS,
  type CreateInvitationsResponse,
} from '@leerzicht/contract';
import { Alert, Button, Checkbox, Group, List, Stack, Text, Textarea, ThemeIcon } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { z } from 'zod';
import { useContractForm } from '../../../components/forms/use-contract-form';
import { ReadOnlyNotice } from '../../../components/read-only-notice';
import { translateServerMessage } from '../../../lib/server-errors';
import { useCreateInvitationsMutation } from '../api/invitations';
import { parseEmails } from '../lib/parse-emails';

type Results = CreateInvitationsResponse['invitations'];

/** Invite several addresses at once; each address gets its own result, and refused ones stay in the box. */
export function InviteForm({ schoolId }: { schoolId: number }) {
  const intl = useIntl();
  const [text, setText] = useState('');
  const [isSchoolSuperuser, setIsSchoolSuperuser] = useState(false);
  const [results, setResults] = useState<Results>([]);
  const form = useContractForm({
    schema: createInvitationsRequestSchema,
    mutation: useCreateInvitationsMutation(schoolId),
    failureMessage: 'account.saveFailed',
    clientErrors: (error: z.ZodError) => {
      const tooMany = error.issues.some((issue) => issue.code === 'too_big');
      return {
        emails: [
          tooMany
            ? intl.formatMessage({ id: 'permissions.invite.tooMany' }, { max: INVITATION_MAX_EMAILS })
            : intl.formatMessage({ id: 'form.required' }),
        ],
      };
    },
    onSaved: ({ invitations }) => {
      setResults(invitations);
      // Keep only the refused addresses, so they can be corrected and sent again.
      setText(
        invitations
          .filter((result) => result.errors.length > 0)
          .map((result) => result.email)
          .join('\n'),
      );
    },
  });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setResults([]);
    void form.submit({ schoolId, emails: parseEmails(text), isSchoolSuperuser });
  }

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack>
        <Textarea
          label={intl.formatMessage({ id: 'permissions.invite.emails' })}
          description={intl.formatMessage({ id: 'permissions.invite.emailsHint' })}

          rows={3}
          required
          value={text}
          error={form.fieldError('emails')}
          onChange={(event) => setText(event.currentTarget.value)}
        />
        <Checkbox
          label={intl.formatMessage({ id: 'permissions.invite.superuser' })}
          checked={isSchoolSuperuser}
          onChange={(event) => setIsSchoolSuperuser(event.currentTarget.checked)}
        />
        <Group>
          <Button type="submit" loading={form.pending}>
            <FormattedMessage id="permissions.invite.submit" />
          </Button>
        </Group>
        {form.outcome === 'suppressed' && <ReadOnlyNotice />}
        {form.generalError && (
          <Alert color="red" role="alert">
            {form.generalError}
          </Alert>
        )}
        {results.length > 0 && (
          <List spacing="xs" size="sm" aria-label={intl.formatMessage({ id: 'permissions.invite.results' })}>
            {results.map((result) => (
              <List.Item
                key={result.email}
                icon={
                  <ThemeIcon color={result.errors.length === 0 ? 'teal' : 'red'} size={18} radius="xl">
                    <Text size="xs" c="white" aria-hidden>
                      {result.errors.length === 0 ? '✓' : '!'}
                    </Text>
                  </ThemeIcon>
                }
              >
                {result.errors.length === 0 ? (
                  <FormattedMessage id="permissions.invite.sent" values={{ email: result.email }} />
                ) : (
                  <Text size="sm" c="red.8">
                    <FormattedMessage
                      id="permissions.invite.refused"
                      values={{
                        email: result.email,
                        reason: result.errors.map((error) => translateServerMessage(intl, error)).join(' '),
                      }}
                    />
                  </Text>
                )}
              </List.Item>
            ))}
          </List>
        )}
      </Stack>
    </form>
  );
}
