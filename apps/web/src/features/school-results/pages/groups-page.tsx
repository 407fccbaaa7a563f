import { schoolYearLabel } from '@leerzicht/contract';
import { Stack } from '@mantine/core';
import { useIntl } from 'react-intl';
import { useParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { useSchoolAbilities, useSchoolQuery } from '../../../entities/school';
import { SchoolGroupsTable } from '../components/school-groups-table';
import { SchoolHeader } from '../../../entities/school';
import { parseId } from '../../../entities/results';

/** `/app/schools/:schoolId/groups`: the groups of the chosen school year, each leading to its page and results. */
export function GroupsPage() {
  const intl = useIntl();
  const schoolId = parseId(useParams().schoolId);
  const { data: school } = useSchoolQuery(schoolId);
  const { readWholeSchool } = useSchoolAbilities(schoolId);
  if (!school) return <PageLoader />;
  const title = intl.formatMessage({ id: 'results.groups.title' });
  return (
    <Stack gap="lg">
      <SchoolHeader school={school} title={title} crumbs={[{ label: title }]} />
      <SchoolGroupsTable
        schoolId={schoolId}
        groups={school.classes}
        withResults
        wholeSchool={readWholeSchool}
        caption={intl.formatMessage(
          { id: 'school.groupsCaption' },
          { label: schoolYearLabel(school.currentSchoolYear) },
        )}
      />
    </Stack>
  );
}
