import { AUTH_CODE_LENGTH } from '@leerzicht/contract';
import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import type { FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { CodeInput } from '../../../components/code-input';
import { helpUrl } from '../../../lib/help-links';
import { useLanguage } from '../../../lib/language-context';
import type { LoginFlow } from '../hooks/use-login-flow';
import { LoginFailureAlert } from './login-failure-alert';

/** The code screen after 'TOTP challenge is required': Verify is enabled only at the full code length. */
export function CodeForm({ flow }: { flow: LoginFlow }) {
  const intl = useIntl();
  const { language } = useLanguage();

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
        <Anchor href={helpUrl('twoStep', language)} target="_blank" rel="noopener noreferrer" size="sm">
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
