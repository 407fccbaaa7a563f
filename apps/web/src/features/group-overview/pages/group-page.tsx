import { schoolYearLabel } from '@leerzicht/contract';
import { Stack, Text } from '@mantine/core';
import { useIntl } from 'react-intl';
import { useParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { useYearClassResultQuery } from '../../../entities/group';
import { SchoolHeader, useSchoolQuery } from '../../../entities/school';
import { parseRouteId } from '../../../lib/route-ids';
import { GroupLinks } from '../components/group-links';
import { GroupPupilsTable } from '../components/group-pupils-table';

/**
 * `/app/schools/:schoolId/groups/:yearclassId`: the group at a glance (grade, school year, teachers, pupils with
 * their instruction groups) and the way to each of its pages.
 */
export function GroupPage() {
  const intl = useIntl();
  const params = useParams();
  const schoolId = parseRouteId(params.schoolId);
  const yearClassId = parseRouteId(params.yearclassId);
  const { data: school } = useSchoolQuery(schoolId);
  const { data: result } = useYearClassResultQuery(yearClassId);
  if (!school || !result) return <PageLoader />;
  const { group } = result;
  const teachers = group.teachers.map((teacher) => teacher.name);
  return (
    <Stack gap="lg">
      <SchoolHeader
        school={school}
        title={group.name}
        crumbs={[
          {
            label: intl.formatMessage({ id: 'results.groups.title' }),
            to: `/app/schools/${schoolId}/groups`,
          },
          { label: group.name },
        ]}
      />
      <Text data-testid="group-summary">
        {intl.formatMessage(
          { id: 'groupPage.summary' },
          {
            grades: group.grades.join(' / '),
            year: schoolYearLabel(group.calendarYear),
            pupils: result.pupils.length,
          },
        )}{' '}
        {teachers.length === 0
          ? intl.formatMessage({ id: 'groupPage.noTeacher' })
          : intl.formatMessage(
              { id: 'groupPage.teachers' },
              { count: teachers.length, names: intl.formatList(teachers, { type: 'conjunction' }) },
            )}
      </Text>
      <GroupLinks
        base={`/app/schools/${schoolId}/groups/${group.id}`}
        grade={group.grade}
        hasGoals={group.hasGoals}
      />
      {result.pupils.length === 0 ? (
        <Text c="dimmed">{intl.formatMessage({ id: 'groupPage.noPupils' })}</Text>
      ) : (
        <GroupPupilsTable result={result} schoolId={schoolId} />
      )}
    </Stack>
  );
}
