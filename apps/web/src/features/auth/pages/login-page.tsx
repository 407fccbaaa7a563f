import { Center, Paper, Stack, Text, Title } from '@mantine/core';
import { FormattedMessage } from 'react-intl';
import { useNavigate } from 'react-router';
import { storage } from '../../../lib/storage';
import { LoginForm } from '../components/login-form';

export const DEFAULT_AFTER_LOGIN = '/app/schools';

/** Only a path inside this app is a safe place to return to after login. */
function safeReturnPath(path: string | null): string | null {
  if (!path || !path.startsWith('/') || path.startsWith('//') || path.startsWith('/auth')) return null;
  return path;
}

export function LoginPage() {
  const navigate = useNavigate();

  function handleLoggedIn() {
    const returnPath = safeReturnPath(storage.takeLoginRedirect());
    void navigate(returnPath ?? DEFAULT_AFTER_LOGIN, { replace: true });
  }

  return (
    <Center component="main" mih="100vh" p="md">
      <Paper withBorder shadow="sm" p="xl" w="100%" maw={420}>
        <Stack>
          <Text fw={700} c="teal.8" size="xl">
            <FormattedMessage id="app.name" />
          </Text>
          <Title order={1} size="h2">
            <FormattedMessage id="login.title" />
          </Title>
          <Text c="dimmed" size="sm">
            <FormattedMessage id="login.intro" />
          </Text>
          <LoginForm onLoggedIn={handleLoggedIn} />
        </Stack>
      </Paper>
    </Center>
  );
}
