import { Anchor, AppShell, Container, Group } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, Outlet } from 'react-router';
import { LogoutButton } from '../features/auth/components/logout-button';

export function AppShellLayout() {
  const intl = useIntl();
  return (
    <AppShell header={{ height: 60 }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between">
          <Anchor
            component={Link}
            to="/app/schools"
            fw={700}
            size="xl"
            underline="never"
            aria-label={intl.formatMessage({ id: 'app.homeLink' })}
          >
            <FormattedMessage id="app.name" />
          </Anchor>
          <LogoutButton />
        </Group>
      </AppShell.Header>
      <AppShell.Main>
        <Container size="lg">
          <Outlet />
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}
