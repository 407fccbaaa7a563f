import { schoolYearLabel } from '@leerzicht/contract';
import { Stack, Text } from '@mantine/core';
import { useIntl } from 'react-intl';
import { useParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { SchoolHeader, useSchoolAbilities, useSchoolQuery } from '../../../entities/school';
import { useCurrentProfile } from '../../../lib/current-profile';
import { parseRouteId } from '../../../lib/route-ids';
import { useSchoolPupilsToDiscuss } from '../api/pupils-to-discuss';
import { useSubjects } from '../api/subjects';
import { DiscussList } from '../components/discuss-list';

/**
 * `/app/schools/:schoolId/discuss`: the pupils to discuss of the session's school year, by group. Sencos and
 * superusers see the whole school (the menu offers it to them); a teacher who comes here sees their own groups.
 */
export function SchoolDiscussPage() {
  const intl = useIntl();
  const schoolId = parseRouteId(useParams().schoolId);
  const { currentSchoolYear } = useCurrentProfile();
  const { readWholeSchool: wholeSchool } = useSchoolAbilities(schoolId);
  const { data: school } = useSchoolQuery(schoolId);
  const { data } = useSchoolPupilsToDiscuss(schoolId, currentSchoolYear);
  const { data: subjects } = useSubjects();
  if (!school || !data || !subjects) return <PageLoader />;
  const title = intl.formatMessage({ id: 'discuss.title' });
  return (
    <Stack gap="lg">
      <SchoolHeader school={school} title={title} crumbs={[{ label: title }]} />
      <Text maw={760}>
        {intl.formatMessage({ id: 'discuss.intro.school' }, { year: schoolYearLabel(data.calendarYear) })}
        {!wholeSchool && ` ${intl.formatMessage({ id: 'discuss.intro.ownGroups' })}`}
      </Text>
      <DiscussList
        data={data}
        subjects={subjects}
        schoolId={schoolId}
        showGroup
        noGroups={!wholeSchool && data.pupilCount === 0}
      />
    </Stack>
  );
}
