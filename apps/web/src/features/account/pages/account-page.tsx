import { Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import type { MessageId } from '../../../i18n/messages';
import { useCurrentProfile } from '../../../lib/current-profile';
import { LanguageForm } from '../components/language-form';
import { PasswordChangeForm } from '../components/password-change-form';
import { ProfileForm } from '../components/profile-form';
import { TwoStepSection } from '../components/two-step-section';
import { usePasswordConfirmation } from '../hooks/use-password-confirmation';

function Section({ title, children }: { title: MessageId; children: ReactNode }) {
  return (
    <Paper withBorder p="lg" component="section" maw={640}>
      <Stack>
        <Title order={2} size="h3">
          <FormattedMessage id={title} />
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/** /app/account: personal details, password, two-step login and language. */
export function AccountPage() {
  const profile = useCurrentProfile();
  const { withConfirmation, modal } = usePasswordConfirmation();
  return (
    <Stack>
      <Title order={1}>
        <FormattedMessage id="account.title" />
      </Title>
      <Section title="account.profile.title">
        <ProfileForm profile={profile} withConfirmation={withConfirmation} />
      </Section>
      <Section title="account.password.title">
        <PasswordChangeForm />
      </Section>
      <Section title="twoStep.title">
        <TwoStepSection withConfirmation={withConfirmation} />
      </Section>
      <Section title="account.language.title">
        <LanguageForm />
      </Section>
      {modal}
    </Stack>
  );
}
