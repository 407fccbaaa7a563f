import type { Subject } from '@leerzicht/contract';
import { useIntl } from 'react-intl';

/** The subject's name in the interface language. */
export function useSubjectName(): (subject: Pick<Subject, 'nameNl' | 'nameEn'>) => string {
  const { locale } = useIntl();
  return (subject) => (locale.startsWith('en') ? subject.nameEn : subject.nameNl);
}
