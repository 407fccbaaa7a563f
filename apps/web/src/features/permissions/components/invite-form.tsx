import {
  createInvitationsRequestSchema,
  INVITATION_MAX_EMAILS,
  type CreateInvitationsResponse,
} from '@leerzicht/contract';
import { Alert, Button, Checkbox, Group, List, Stack, Text, Textarea, ThemeIcon } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { detailOf, translateServerMessage } from '../../../lib/server-errors';
import { useCreateInvitationsMutation } from '../api/invitations';
import { parseEmails } from '../lib/parse-emails';

type Results = CreateInvitationsResponse['invitations'];

/** Invite several addresses at once; each address gets its own result, and refused ones stay in the box. */
export function InviteForm({ schoolId }: { schoolId: number }) {
  const intl = useIntl();
  const [text, setText] = useState('');
  const [isSchoolSuperuser, setIsSchoolSuperuser] = useState(false);
  const [fieldErrorText, setFieldErrorText] = useState<string | null>(null);
  const [results, setResults] = useState<Results>([]);
  const mutation = useCreateInvitationsMutation(schoolId);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (mutation.isPending) return;
    const parsed = createInvitationsRequestSchema.safeParse({
      schoolId,
      emails: parseEmails(text),
      isSchoolSuperuser,
    });
    if (!parsed.success) {
      const tooMany = parsed.error.issues.some((issue) => issue.code === 'too_big');
      setFieldErrorText(
        tooMany
          ? intl.formatMessage({ id: 'permissions.invite.tooMany' }, { max: INVITATION_MAX_EMAILS })
          : intl.formatMessage({ id: 'form.required' }),
      );
      return;
    }
    setFieldErrorText(null);
    setResults([]);
    mutation.mutate(parsed.data, {
      onSuccess: ({ invitations }) => {
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
  }

  const failure = mutation.isError ? detailOf(mutation.error) : null;
  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack>
        <Textarea
          label={intl.formatMessage({ id: 'permissions.invite.emails' })}
          description={intl.formatMessage({ id: 'permissions.invite.emailsHint' })}

          rows={3}
          required
          value={text}
          error={fieldErrorText ?? undefined}
          onChange={(event) => setText(event.currentTarget.value)}
        />
        <Checkbox
          label={intl.formatMessage({ id: 'permissions.invite.superuser' })}
          checked={isSchoolSuperuser}
          onChange={(event) => setIsSchoolSuperuser(event.currentTarget.checked)}
        />
        <Group>
          <Button type="submit" loading={mutation.isPending}>
            <FormattedMessage id="permissions.invite.submit" />
          </Button>
        </Group>
        {mutation.isError && (
          <Alert color="red" role="alert">
            {failure
              ? translateServerMessage(intl, failure)
              : intl.formatMessage({ id: 'account.saveFailed' })}
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
