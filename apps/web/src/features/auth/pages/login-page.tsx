import { Stack, Text, Title } from '@mantine/core';
import { FormattedMessage } from 'react-intl';
import { useLocation, useNavigate } from 'react-router';
import { PublicFrame } from '../../../components/public-frame';
import { storage } from '../../../lib/storage';
import { CodeForm } from '../components/code-form';
import { LoginForm } from '../components/login-form';
import { useLoginFlow } from '../hooks/use-login-flow';
import { safeReturnPath } from '../lib/homepage-route';

/** Other screens (an accepted invitation) may open login with the username filled in: `{ username }`. */
function prefilledUsername(state: unknown): string {
  if (typeof state !== 'object' || state === null || !('username' in state)) return '';
  return typeof state.username === 'string' ? state.username : '';
}

export function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();

  // After login: the stored return path, else /app, which goes on to the profile's homepage.
  const flow = useLoginFlow(prefilledUsername(location.state), () => {
    const returnPath = safeReturnPath(storage.takeLoginRedirect());
    void navigate(returnPath ?? '/app', { replace: true });
  });

  return (
    <PublicFrame>
      <Stack>
        <Title order={1} size="h2">
          <FormattedMessage id="login.title" />
        </Title>
        {flow.step === 'credentials' ? (
          <>
            <Text c="dimmed" size="sm">
              <FormattedMessage id="login.intro" />
            </Text>
            <LoginForm flow={flow} />
          </>
        ) : (
          <CodeForm flow={flow} />
        )}
      </Stack>
    </PublicFrame>
  );
}
