import { Alert } from '@mantine/core';
import { useIntl } from 'react-intl';
import { useSchoolAbilities } from '../school';
import type { MessageId } from '../../i18n/messages';

/** Says why there is nothing to show (no results yet, excluded from national tests, grade below 3). */
export function EmptyState({ id, values }: { id: MessageId; values?: Record<string, string | number> }) {
  const intl = useIntl();
  return (
    <Alert color="gray" variant="light" role="status">
      {intl.formatMessage({ id }, values)}
    </Alert>
  );
}

/** No results on a school-wide page: a teacher sees only their own groups' results, and is told so. */
export function NoResults({ schoolId }: { schoolId: number }) {
  const { readWholeSchool } = useSchoolAbilities(schoolId);
  return <EmptyState id={readWholeSchool ? 'results.empty.noResults' : 'results.empty.noResultsOwnGroups'} />;
}
