import { emailChangeConfirmRequestSchema } from '@leerzicht/contract';
import { Alert, Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { FormattedMessage } from 'react-intl';
import { Link, useParams } from 'react-router';
import { useContractForm } from '../../../components/forms/use-contract-form';
import { PublicFrame } from '../../../components/public-frame';
import { ReadOnlyNotice } from '../../../components/read-only-notice';
import { useConfirmEmailChangeMutation } from '../api/account';

/**
 * /accounts/email/confirm/{token}/: the page of the link mailed to a new e-mail address. It asks for a click
 * rather than confirming on load, so that a mail scanner opening the link does not change the address.
 */
export function EmailConfirmPage() {
  const token = useParams().token ?? '';
  const form = useContractForm({
    schema: emailChangeConfirmRequestSchema,
    mutation: useConfirmEmailChangeMutation(),
    failureMessage: 'emailConfirm.failed',
  });
  const failure = form.fieldError('token') ?? form.generalError;

  return (
    <PublicFrame>
      <Title order={1} size="h2">
        <FormattedMessage id="emailConfirm.title" />
      </Title>
      {form.outcome === 'saved' ? (
        <Stack>
          <Alert color="teal" role="status">
            <FormattedMessage id="emailConfirm.done" />
          </Alert>
          <Anchor component={Link} to="/app/account">
            <FormattedMessage id="emailConfirm.toApp" />
          </Anchor>
        </Stack>
      ) : (
        <Stack>
          <Text size="sm">
            <FormattedMessage id="emailConfirm.intro" />
          </Text>
          {form.outcome === 'suppressed' && <ReadOnlyNotice />}
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          <Button onClick={() => void form.submit({ token })} loading={form.pending} disabled={!token}>
            <FormattedMessage id="emailConfirm.submit" />
          </Button>
        </Stack>
      )}
    </PublicFrame>
  );
}
