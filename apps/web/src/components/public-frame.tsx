import { Center, Group, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { LanguageSwitch } from './language-switch';

/** The centred card of the public screens (login, invitation, password reset), with the language switch. */
export function PublicFrame({ children }: { children: ReactNode }) {
  return (
    <Center component="main" mih="100vh" p="md">
      <Paper withBorder shadow="sm" p="xl" w="100%" maw={440}>
        <Stack>
          <Group justify="space-between" wrap="nowrap">
            <Text fw={700} c="teal.8" size="xl">
              <FormattedMessage id="app.name" />
            </Text>
            <LanguageSwitch />
          </Group>
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}
