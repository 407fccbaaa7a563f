import { Stack, Text, Title } from '@mantine/core';
import { FormattedMessage } from 'react-intl';
import { useLocation, useNavigate } from 'react-router';
import { z } from 'zod';
import { PublicFrame } from '../../../components/public-frame';
import { storage } from '../../../lib/storage';
import { CodeForm } from '../components/code-form';
import { LoginForm } from '../components/login-form';
import { useLoginFlow } from '../hooks/use-login-flow';
import { safeReturnPath } from '../lib/homepage-route';

/** Other screens (an accepted invitation) may open login with the username filled in. */
const loginStateSchema = z.object({ username: z.string() });

export function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const prefilled = loginStateSchema.safeParse(location.state);

  // After login: the stored return path, else /app, which goes on to the profile's homepage.
  const flow = useLoginFlow(prefilled.success ? prefilled.data.username : '', () => {
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
