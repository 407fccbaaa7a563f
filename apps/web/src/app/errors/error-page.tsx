import { Button, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';

/** The frame of a full-page error: a heading, a message and a way home. */
export function ErrorPage({ title, message }: { title: ReactNode; message: ReactNode }) {
  return (
    <Stack align="flex-start" py="xl" maw={640}>
      <Title order={1}>{title}</Title>
      <Text>{message}</Text>
      <Button component={Link} to="/app">
        <FormattedMessage id="errors.goHome" />
      </Button>
    </Stack>
  );
}
