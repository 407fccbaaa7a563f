import { AUTH_CODE_LENGTH } from '@leerzicht/contract';
import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import type { FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { CodeInput } from '../../../components/code-input';
import type { LoginFlow } from '../hooks/use-login-flow';
import { LoginFailureAlert } from './login-failure-alert';

/** Where the more-information link of the code screen leads (the help guide on two-step login). */
export const TWO_STEP_HELP_URL = 'https://help.leerzicht.example/tweestapsverificatie';

/** The code screen after 'TOTP challenge is required': Verify is enabled only at the full code length. */
export function CodeForm({ flow }: { flow: LoginFlow }) {
  const intl = useIntl();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    flow.submitCode();
  }

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack>
        <Title order={2} size="h3">
          <FormattedMessage id="login.code.title" />
        </Title>
        <Text size="sm">
          <FormattedMessage id="login.code.instructions" values={{ length: AUTH_CODE_LENGTH }} />
        </Text>
        <Anchor href={TWO_STEP_HELP_URL} target="_blank" rel="noopener noreferrer" size="sm">
          <FormattedMessage id="login.code.moreInfo" />
        </Anchor>
        {flow.failure && <LoginFailureAlert failure={flow.failure} waitSeconds={flow.waitSeconds} />}
        <CodeInput
          label={intl.formatMessage({ id: 'login.code.label' })}
          name="totpChallenge"
          data-autofocus
          autoFocus
          value={flow.code}
          onChange={flow.setCode}
        />
        <Group justify="space-between">
          <Anchor component="button" type="button" size="sm" onClick={flow.backToCredentials}>
            <FormattedMessage id="login.code.back" />
          </Anchor>
          <Button type="submit" disabled={!flow.canSubmitCode} loading={flow.isPending}>
            <FormattedMessage id="login.code.verify" />
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
