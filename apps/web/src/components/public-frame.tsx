import { Center, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';

/** The centred card of the public screens (login, invitation, password reset). */
export function PublicFrame({ children }: { children: ReactNode }) {
  return (
    <Center component="main" mih="100vh" p="md">
      <Paper withBorder shadow="sm" p="xl" w="100%" maw={440}>
        <Stack>
          <Text fw={700} c="teal.8" size="xl">
            <FormattedMessage id="app.name" />
          </Text>
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}
