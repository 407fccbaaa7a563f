import { LANGUAGES, type Language } from '@leerzicht/contract';
import { NativeSelect } from '@mantine/core';
import { useIntl } from 'react-intl';
import { isLanguage } from '../lib/language';
import { useLanguage } from '../lib/language-context';

const NAMES: Record<Language, string> = { nl: 'Nederlands', en: 'English' };

/** Dutch or English; the choice is saved for the user (see LanguageSync). */
export function LanguageSwitch() {
  const intl = useIntl();
  const { language, chooseLanguage } = useLanguage();
  return (
    <NativeSelect
      aria-label={intl.formatMessage({ id: 'shell.language' })}
      size="xs"
      value={language}
      data={LANGUAGES.map((code) => ({ value: code, label: NAMES[code] }))}
      onChange={(event) => {
        const next = event.currentTarget.value;
        if (isLanguage(next)) chooseLanguage(next);
      }}
    />
  );
}
