import { Button, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';

/** The frame of a full-page error: a heading, a message, details and actions (by default: go home). */
export function ErrorPage({
  title,
  message,
  children,
  actions,
}: {
  title: ReactNode;
  message: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Stack align="flex-start" py="xl" maw={640}>
      <Title order={1}>{title}</Title>
      <Text>{message}</Text>
      {children}
      <Group>{actions ?? <GoHomeButton />}</Group>
    </Stack>
  );
}

export function GoHomeButton() {
  return (
    <Button component={Link} to="/app">
      <FormattedMessage id="errors.goHome" />
    </Button>
  );
}
