import { compareByPosition, GRADE_THRESHOLD } from '@leerzicht/contract';
import { Card, Stack, Title } from '@mantine/core';
import { useIntl } from 'react-intl';
import { useParams } from 'react-router';
import { ChartPanel } from '../../../components/charts/chart-panel';
import { PageLoader } from '../../../components/page-loader';
import { useSchoolQuery } from '../../../entities/school';
import { useYearGradeQuery } from '../api/get-year-grades';
import { useUserSettings } from '../api/user-settings';
import { EmptyState } from '../components/empty-state';
import { SchoolHeader } from '../../../entities/school';
import { SettingsToggles } from '../components/settings-toggles';
import { useSubjectName } from '../../../lib/subject-name';
import { cohortChart } from '../lib/cohort-chart';
import { parseId } from '../lib/ids';

/** `/app/schools/:schoolId/years/:yeargradeId`: per subject the grade's cohorts compared over the years. */
export function YearGradePage() {
  const intl = useIntl();
  const params = useParams();
  const schoolId = parseId(params.schoolId);
  const yeargradeId = parseId(params.yeargradeId);
  const { data: school } = useSchoolQuery(schoolId);
  const { data: yearGrade } = useYearGradeQuery(schoolId, yeargradeId);
  const settings = useUserSettings();
  const subjectName = useSubjectName();
  if (!school || !yearGrade) return <PageLoader />;

  const title = intl.formatMessage({ id: 'results.series.grade' }, { grade: yearGrade.grade });
  const subjects = [...yearGrade.subjects]
    .sort(compareByPosition)
    .filter((subject) =>
      yearGrade.cohorts.some((c) => c.results.some((r) => r.subjectId === subject.id && r.pupilCount > 0)),
    );
  return (
    <Stack gap="lg">
      <SchoolHeader
        school={school}
        title={title}
        crumbs={[
          { label: intl.formatMessage({ id: 'results.grades.title' }), to: `/app/schools/${schoolId}/years` },
          { label: title },
        ]}
      />
      {subjects.length === 0 ? (
        <EmptyState
          id={yearGrade.grade < GRADE_THRESHOLD ? 'results.empty.belowThreshold' : 'results.empty.noResults'}
          values={{ grade: GRADE_THRESHOLD }}
        />
      ) : (
        <>
          <SettingsToggles withAggregation={false} />
          {subjects.map((subject) => {
            const name = subjectName(subject);
            const chartTitle = intl.formatMessage(
              { id: 'results.grades.chartTitle' },
              { subject: name, grade: yearGrade.grade },
            );
            return (
              <Card key={subject.id} withBorder>
                <Stack gap="sm">
                  <Title order={2} size="h3">
                    {name}
                  </Title>
                  <ChartPanel
                    spec={cohortChart(
                      yearGrade,
                      subject.id,
                      { national: intl.formatMessage({ id: 'results.series.national' }) },
                      settings.showNationalAverage,
                    )}
                    title={chartTitle}
                    categoryLabel={intl.formatMessage({ id: 'results.column.moment' })}
                  />
                </Stack>
              </Card>
            );
          })}
        </>
      )}
    </Stack>
  );
}
