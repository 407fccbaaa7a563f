import { SIGN_IN_LINK_VALID_MINUTES } from '@leerzicht/contract';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { isApiError } from '../../../lib/api-error';
import { loadChunk } from '../../../lib/chunk-errors';
import { tooManyAttemptsMessage } from '../../../lib/too-many-attempts';

const loadSignInLink = () => loadChunk(() => import('../api/sign-in-link'));

type OfferState =
  { step: 'idle' | 'sending' | 'sent' } | { step: 'failed'; tooMany: boolean; waitSeconds: number | null };

/**
 * Shown while the account makes this address wait: instead of waiting, the owner has a sign-in link mailed to the
 * account's address. The answer is the same whether or not the username exists, and so is what this says.
 */
export function SignInLinkOffer({ username }: { username: string }) {
  const intl = useIntl();
  const [state, setState] = useState<OfferState>({ step: 'idle' });

  function send() {
    setState({ step: 'sending' });
    loadSignInLink()
      .then(({ requestSignInLink }) => requestSignInLink(username))
      .then(
        () => setState({ step: 'sent' }),
        (error: unknown) =>
          setState({
            step: 'failed',
            tooMany: isApiError(error, 429),
            waitSeconds: isApiError(error, 429) ? error.retryAfterSeconds : null,
          }),
      );
  }

  if (state.step === 'sent') {
    return (
      <Alert color="teal" role="status">
        <FormattedMessage id="login.link.sent" values={{ minutes: SIGN_IN_LINK_VALID_MINUTES }} />
      </Alert>
    );
  }
  return (
    <Stack gap="xs">
      <Text size="sm">
        <FormattedMessage id="login.link.offerHint" />
      </Text>
      {state.step === 'failed' && (
        <Text size="sm" c="red" role="alert">
          {state.tooMany
            ? tooManyAttemptsMessage(intl, state.waitSeconds)
            : intl.formatMessage({ id: 'login.link.requestFailed' })}
        </Text>
      )}
      <Button
        variant="light"
        type="button"
        onClick={send}
        loading={state.step === 'sending'}
        disabled={username.trim() === ''}
      >
        <FormattedMessage id="login.link.offer" />
      </Button>
    </Stack>
  );
}
