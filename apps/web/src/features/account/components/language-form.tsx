import { LANGUAGES, type Language } from '@leerzicht/contract';
import { Alert, SegmentedControl, Stack } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLanguage } from '../../../lib/language-context';
import { useUpdateUserMutation } from '../api/account';

const LANGUAGE_NAMES: Record<Language, string> = { nl: 'Nederlands', en: 'English' };

/** The interface language: saved with the account, then applied at once. */
export function LanguageForm() {
  const intl = useIntl();
  const { language: current, setLanguage } = useLanguage();
  const mutation = useUpdateUserMutation();

  function choose(value: string) {
    const language = LANGUAGES.find((candidate) => candidate === value);
    if (!language || language === current || mutation.isPending) return;
    // The saved profile (with the new language) replaces the cached one first, so the session's language sync agrees.
    // A read-only session's choice is not sent (Suppressed) and switches this browser only.
    mutation.mutate({ language }, { onSuccess: () => setLanguage(language) });
  }

  return (
    <Stack>
      {mutation.isError && (
        <Alert color="red" role="alert">
          <FormattedMessage id="account.saveFailed" />
        </Alert>
      )}
      <SegmentedControl
        aria-label={intl.formatMessage({ id: 'account.language.title' })}
        value={current}
        onChange={choose}
        disabled={mutation.isPending}
        data={LANGUAGES.map((language) => ({ value: language, label: LANGUAGE_NAMES[language] }))}
      />
    </Stack>
  );
}
