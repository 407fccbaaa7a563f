import { compareByPosition, schoolYearLabel } from '@leerzicht/contract';
import { Alert, Anchor, Group, Stack, Title } from '@mantine/core';
import { useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { useSchoolAbilities, useSchoolQuery } from '../../../entities/school';
import { useSchoolHistoryQuery } from '../api/get-school-history';
import { NoResults, parseId, SettingsToggles } from '../../../entities/results';
import { InspectionPanel } from '../components/inspection-panel';
import { SchoolGroupsTable } from '../components/school-groups-table';
import { SchoolHeader } from '../../../entities/school';
import { SchoolSubjectCard } from '../components/school-subject-card';

/** `/app/schools/:schoolId`: the school, its groups of the school year and per subject its results over the years. */
export function SchoolResultsPage() {
  const intl = useIntl();
  const schoolId = parseId(useParams().schoolId);
  const { data: school } = useSchoolQuery(schoolId);
  const abilities = useSchoolAbilities(schoolId);
  const { data: history, isError } = useSchoolHistoryQuery(schoolId, { throwOnError: false });

  if (!school) return <PageLoader />;
  const subjects = history
    ? [...history.subjects]
        .sort(compareByPosition)
        .filter((subject) =>
          history.exams.some((exam) =>
            exam.results.some((r) => r.subjectId === subject.id && r.school.pupilCount > 0),
          ),
        )
    : [];
  return (
    <Stack gap="lg">
      <SchoolHeader school={school} />
      <section>
        <Group justify="space-between" mb="xs">
          <Title order={2} size="h3">
            {intl.formatMessage({ id: 'school.groupsTitle' })}
          </Title>
          <Group gap="md">
            <Anchor component={Link} to={`/app/schools/${schoolId}/groups`}>
              {intl.formatMessage({ id: 'results.school.toGroups' })}
            </Anchor>
            <Anchor component={Link} to={`/app/schools/${schoolId}/years`}>
              {intl.formatMessage({ id: 'results.school.toGrades' })}
            </Anchor>
            <Anchor component={Link} to={`/app/schools/${schoolId}/pupils`}>
              {intl.formatMessage({ id: 'results.school.toPupils' })}
            </Anchor>
          </Group>
        </Group>
        <SchoolGroupsTable
          schoolId={schoolId}
          groups={school.classes}
          wholeSchool={abilities.readWholeSchool}
          caption={intl.formatMessage(
            { id: 'school.groupsCaption' },
            { label: schoolYearLabel(school.currentSchoolYear) },
          )}
        />
      </section>
      <section>
        <Title order={2} size="h3" mb="xs">
          {intl.formatMessage({ id: 'results.school.title' })}
        </Title>
        {isError ? (
          <Alert color="red" variant="light">
            {intl.formatMessage({ id: 'results.school.loadFailed' })}
          </Alert>
        ) : !history ? (
          <PageLoader />
        ) : subjects.length === 0 ? (
          <NoResults schoolId={schoolId} />
        ) : (
          <Stack gap="md">
            {abilities.readInspection && (
              <InspectionPanel
                schoolId={schoolId}
                subjects={history.subjects}
                canEditWeging={abilities.setSchoolweging}
              />
            )}
            <SettingsToggles withAggregation={false} withVerdict={false} />
            {subjects.map((subject) => (
              <SchoolSubjectCard
                key={subject.id}
                schoolId={schoolId}
                subject={subject}
                ambition={history.schoolAmbitions.find((ambition) => ambition.subjectId === subject.id)}
                canEditAmbition={abilities.editAmbitions}
              />
            ))}
          </Stack>
        )}
      </section>
    </Stack>
  );
}
