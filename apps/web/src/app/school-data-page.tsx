import { Stack, Text } from '@mantine/core';
import { useIntl } from 'react-intl';
import { useParams } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { SchoolHeader, useSchoolAbilities, useSchoolQuery } from '../entities/school';
import { RetentionSection } from '../features/data-retention/components/retention-section';
import { ConnectionSection } from '../features/school-connection/components/connection-section';
import { parseRouteId } from '../lib/route-ids';

/**
 * `/app/schools/:schoolId/admin/data` (Management > School data, superusers): the link to the school information
 * system and the retention of pupils who left. Two features on one page, so the page is composed here.
 */
export function SchoolDataPage() {
  const intl = useIntl();
  const schoolId = parseRouteId(useParams().schoolId);
  const { activateConnection } = useSchoolAbilities(schoolId);
  const { data: school } = useSchoolQuery(schoolId);
  if (!school) return <PageLoader />;
  const title = intl.formatMessage({ id: 'schoolData.title' });
  return (
    <Stack gap="lg">
      <SchoolHeader
        school={school}
        title={title}
        crumbs={[{ label: intl.formatMessage({ id: 'menu.admin' }) }, { label: title }]}
      />
      <Text c="dimmed" maw={760}>
        {intl.formatMessage({ id: 'schoolData.intro' })}
      </Text>
      <ConnectionSection schoolId={schoolId} mayActivate={activateConnection} />
      <RetentionSection schoolId={schoolId} />
    </Stack>
  );
}
