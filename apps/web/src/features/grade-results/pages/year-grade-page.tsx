import { compareByPosition, GRADE_THRESHOLD } from '@leerzicht/contract';
import { Card, Stack, Tabs, Text, Title } from '@mantine/core';
import { useIntl } from 'react-intl';
import { useParams } from 'react-router';
import { ChartPanel } from '../../../components/charts/chart-panel';
import type { ChartSpec } from '../../../components/charts/chart-types';
import { PageLoader } from '../../../components/page-loader';
import { useSchoolQuery } from '../../../entities/school';
import { useGradeGrowthQuery } from '../api/get-grade-growth';
import { useYearGradeQuery } from '../api/get-year-grades';
import { EmptyState, parseId, SettingsToggles, useUserSettings } from '../../../entities/results';
import { SchoolHeader } from '../../../entities/school';
import { useSubjectName } from '../../../lib/subject-name';
import { cohortChart, cohortGrowthChart, cohortLevelChart } from '../lib/cohort-chart';

/**
 * `/app/schools/:schoolId/years/:yeargradeId`: per subject (a tab each) the grade's cohorts compared over the
 * years: mean percentile per moment, the distribution over levels I-V, and the growth from M to E against the norm.
 */
export function YearGradePage() {
  const intl = useIntl();
  const params = useParams();
  const schoolId = parseId(params.schoolId);
  const yeargradeId = parseId(params.yeargradeId);
  const { data: school } = useSchoolQuery(schoolId);
  const { data: yearGrade } = useYearGradeQuery(schoolId, yeargradeId);
  const { data: growth } = useGradeGrowthQuery(schoolId, yeargradeId);
  const settings = useUserSettings();
  const subjectName = useSubjectName();
  if (!school || !yearGrade || !growth) return <PageLoader />;

  const title = intl.formatMessage({ id: 'results.series.grade' }, { grade: yearGrade.grade });
  const subjects = [...yearGrade.subjects]
    .sort(compareByPosition)
    .filter((subject) =>
      yearGrade.cohorts.some((c) => c.results.some((r) => r.subjectId === subject.id && r.pupilCount > 0)),
    );
  const national = intl.formatMessage({ id: 'results.series.national' });
  const moment = intl.formatMessage({ id: 'results.column.moment' });
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
          <Text size="sm">
            {intl.formatMessage({ id: 'results.grades.intro' }, { grade: yearGrade.grade })}
          </Text>
          <SettingsToggles withAggregation={false} />
          <Tabs defaultValue={String(subjects[0]?.id)} keepMounted={false}>
            <Tabs.List>
              {subjects.map((subject) => (
                <Tabs.Tab key={subject.id} value={String(subject.id)}>
                  {subjectName(subject)}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            {subjects.map((subject) => {
              const name = subjectName(subject);
              const values = { subject: name, grade: yearGrade.grade };
              const growthSpec = cohortGrowthChart(
                growth.growth,
                subject.id,
                {
                  growth: intl.formatMessage({ id: 'results.grades.growthSeries' }),
                  norm: intl.formatMessage({ id: 'results.grades.normSeries' }),
                  category: (year, count) =>
                    intl.formatMessage({ id: 'results.grades.growthCategory' }, { year, count }),
                },
                settings,
              );
              return (
                <Tabs.Panel key={subject.id} value={String(subject.id)} pt="md">
                  <Stack gap="lg">
                    <ChartCard
                      title={intl.formatMessage({ id: 'results.grades.chartTitle' }, values)}
                      spec={cohortChart(yearGrade, subject.id, { national }, settings)}
                      categoryLabel={moment}
                    />
                    <ChartCard
                      title={intl.formatMessage({ id: 'results.grades.levelsTitle' }, values)}
                      spec={cohortLevelChart(yearGrade, subject.id, { national }, settings)}
                      categoryLabel={moment}
                    />
                    <ChartCard
                      title={intl.formatMessage({ id: 'results.grades.growthTitle' }, values)}
                      help={intl.formatMessage({ id: 'results.grades.growthHelp' })}
                      spec={growthSpec}
                      categoryLabel={intl.formatMessage({ id: 'results.grades.schoolYear' })}
                    />
                  </Stack>
                </Tabs.Panel>
              );
            })}
          </Tabs>
        </>
      )}
    </Stack>
  );
}

/** One chart of the grade page in its card, with its heading (the chart's title) and an optional explanation. */
function ChartCard({
  title,
  help,
  spec,
  categoryLabel,
}: {
  title: string;
  help?: string;
  spec: ChartSpec;
  categoryLabel: string;
}) {
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Title order={2} size="h3">
          {title}
        </Title>
        {help && (
          <Text size="sm" c="dimmed">
            {help}
          </Text>
        )}
        <ChartPanel spec={spec} title={title} categoryLabel={categoryLabel} />
      </Stack>
    </Card>
  );
}
