import { schoolYearLabel } from '@leerzicht/contract';
import { Stack, Text } from '@mantine/core';
import { useIntl } from 'react-intl';
import { useParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { useYearClassResultQuery } from '../../../entities/group';
import { SchoolHeader, useSchoolQuery } from '../../../entities/school';
import { parseRouteId } from '../../../lib/route-ids';
import { useGroupPupilsToDiscuss } from '../api/pupils-to-discuss';
import { useSubjects } from '../api/subjects';
import { DiscussList } from '../components/discuss-list';

/** `/app/schools/:schoolId/groups/:yearclassId/discuss`: the group's pupils to discuss, for the group meeting. */
export function GroupDiscussPage() {
  const intl = useIntl();
  const params = useParams();
  const schoolId = parseRouteId(params.schoolId);
  const yearClassId = parseRouteId(params.yearclassId);
  const { data: school } = useSchoolQuery(schoolId);
  const { data: result } = useYearClassResultQuery(yearClassId);
  const { data } = useGroupPupilsToDiscuss(yearClassId);
  const { data: subjects } = useSubjects();
  if (!school || !result || !data || !subjects) return <PageLoader />;
  const title = intl.formatMessage({ id: 'discuss.title' });
  const { group } = result;
  return (
    <Stack gap="lg">
      <SchoolHeader
        school={school}
        title={`${title} · ${group.name}`}
        crumbs={[
          {
            label: intl.formatMessage({ id: 'results.groups.title' }),
            to: `/app/schools/${schoolId}/groups`,
          },
          { label: group.name, to: `/app/schools/${schoolId}/groups/${group.id}` },
          { label: title },
        ]}
      />
      <Text maw={760}>
        {intl.formatMessage(
          { id: 'discuss.intro.group' },
          { group: group.name, year: schoolYearLabel(data.calendarYear) },
        )}
      </Text>
      <DiscussList data={data} subjects={subjects} schoolId={schoolId} showGroup={false} />
    </Stack>
  );
}
