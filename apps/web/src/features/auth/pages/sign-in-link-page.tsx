import { Alert, Anchor, Button, Checkbox, Stack, Text, Title } from '@mantine/core';
import { QueryClientContext } from '@tanstack/react-query';
import { useContext, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate, useParams } from 'react-router';
import { CodeInput } from '../../../components/code-input';
import { PublicFrame } from '../../../components/public-frame';
import { isCompleteCode } from '../../../lib/auth-code';
import { LOGIN_PATH } from '../../../lib/api-client';
import { confirmSignInLink, type SignInLinkFailure } from '../api/sign-in-link';
import { LoginFailureAlert } from '../components/login-failure-alert';

/**
 * /auth/sign-in-link/{token}/: the page of the e-mailed sign-in link. It asks for a click rather than signing in on
 * load, so that a mail scanner opening the link neither uses it up nor gets a session. An account with two-step
 * login is asked for its code next; the link stays usable until the sign-in is complete.
 */
export function SignInLinkPage() {
  const intl = useIntl();
  const navigate = useNavigate();
  const token = useParams().token ?? '';
  // Tests give their own query client; the app's own is made when the sign-in is sent.
  const queryClient = useContext(QueryClientContext);
  const [rememberMe, setRememberMe] = useState(true);
  const [codeAsked, setCodeAsked] = useState(false);
  const [code, setCode] = useState('');
  const [failure, setFailure] = useState<SignInLinkFailure | null>(null);
  const [waitSeconds, setWaitSeconds] = useState<number | null>(null);
  const [pending, setPending] = useState(false);

  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (codeAsked && !isCompleteCode(code)) return;
    setPending(true);
    setFailure(null);
    const outcome = await confirmSignInLink(
      { token, rememberMe, ...(codeAsked ? { totpChallenge: code } : {}) },
      queryClient,
    );
    setPending(false);
    if (outcome.ok) {
      void navigate('/app', { replace: true });
      return;
    }
    setWaitSeconds(outcome.waitSeconds);
    if (outcome.failure === 'totpRequired') {
      setCodeAsked(true);
      return;
    }
    if (outcome.failure === 'totpInvalid') setCode('');
    setFailure(outcome.failure);
  }

  return (
    <PublicFrame>
      <Title order={1} size="h2">
        <FormattedMessage id="login.link.title" />
      </Title>
      <form onSubmit={(event) => void send(event)} noValidate>
        <Stack>
          <Text size="sm">
            <FormattedMessage id={codeAsked ? 'login.link.codeIntro' : 'login.link.intro'} />
          </Text>
          {failure === 'linkInvalid' ? (
            <Alert color="red" role="alert">
              <FormattedMessage id="login.link.invalid" />
            </Alert>
          ) : (
            failure &&
            failure !== 'totpRequired' && <LoginFailureAlert failure={failure} waitSeconds={waitSeconds} />
          )}
          {codeAsked ? (
            <CodeInput
              label={intl.formatMessage({ id: 'login.code.label' })}
              name="totpChallenge"
              autoFocus
              value={code}
              onChange={setCode}
            />
          ) : (
            <Checkbox
              label={intl.formatMessage({ id: 'login.rememberMe' })}
              name="rememberMe"
              checked={rememberMe}
              onChange={(event) => setRememberMe(event.currentTarget.checked)}
            />
          )}
          <Button
            type="submit"
            loading={pending}
            disabled={pending || !token || failure === 'linkInvalid' || (codeAsked && !isCompleteCode(code))}
          >
            <FormattedMessage id={codeAsked ? 'login.code.verify' : 'login.link.submit'} />
          </Button>
          <Anchor component={Link} to={LOGIN_PATH} size="sm">
            <FormattedMessage id="login.code.back" />
          </Anchor>
        </Stack>
      </form>
    </PublicFrame>
  );
}
