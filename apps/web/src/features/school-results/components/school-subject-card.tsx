import type { SchoolAmbition, Subject } from '@leerzicht/contract';
import { Alert, Anchor, Card, Group, Stack, Switch, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { ChartPanel } from '../../../components/charts/chart-panel';
import { PageLoader } from '../../../components/page-loader';
import type { MessageId } from '../../../i18n/messages';
import { useSubjectName } from '../../../lib/subject-name';
import { useSchoolAnalyticsQuery } from '../api/get-school-analytics';
import { formatScore, useUserSettings } from '../../../entities/results';
import {
  ambitionChart,
  distributionRows,
  growthChart,
  RECENT_YEARS,
  recentYears,
  yearCount,
} from '../lib/school-chart';
import { AmbitionEditor } from './ambition-editor';
import { SchoolLevelDistribution } from './school-level-distribution';

interface SchoolSubjectCardProps {
  schoolId: number;
  subject: Subject;
  ambition: SchoolAmbition | undefined;
  canEditAmbition: boolean;
}

/**
 * One subject on the school page: the distribution over the levels per moment, the shares at or above the
 * school's ambition and the growth per half-year beside the norm's (`GET /schools/{id}/analytics/`).
 */
export function SchoolSubjectCard({ schoolId, subject, ambition, canEditAmbition }: SchoolSubjectCardProps) {
  const intl = useIntl();
  const settings = useUserSettings();
  const name = useSubjectName()(subject);
  const { data: all, isError } = useSchoolAnalyticsQuery(schoolId, subject.id);
  const [allYears, setAllYears] = useState(false);
  const headingId = useId();
  const analytics = all && !allYears ? recentYears(all, RECENT_YEARS) : all;
  const text = (id: MessageId, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const score = (value: number) => formatScore(intl.locale, value);

  let body;
  if (isError) {
    body = (
      <Alert color="red" variant="light">
        {text('results.analytics.loadFailed')}
      </Alert>
    );
  } else if (!analytics) {
    body = <PageLoader />;
  } else {
    const band = analytics.ambition;
    const growthTitle = text('results.analytics.growthTitle', { subject: name });
    body = (
      <>
        {all && yearCount(all) > RECENT_YEARS && (
          <Switch
            label={text('results.analytics.allYears', { years: yearCount(all) })}
            checked={allYears}
            onChange={(event) => setAllYears(event.currentTarget.checked)}
          />
        )}
        <section>
          <Title order={3} size="h4" mb="xs">
            {text('results.analytics.levelsHeading')}
          </Title>
          <SchoolLevelDistribution
            rows={distributionRows(analytics)}
            title={text('results.analytics.levelsTitle', { subject: name })}
            withNational={settings.showNationalAverage}
          />
        </section>
        <section>
          <Title order={3} size="h4" mb="xs">
            {text('results.analytics.ambitionHeading')}
          </Title>
          {band ? (
            <Stack gap="xs">
              <ChartPanel
                spec={ambitionChart(analytics, settings, {
                  low: text('results.analytics.ambitionLow', { score: score(band.lowScore) }),
                  high: text('results.analytics.ambitionHigh', { score: score(band.highScore) }),
                  nationalLow: text('results.analytics.ambitionNational', { score: score(band.lowScore) }),
                  nationalHigh: text('results.analytics.ambitionNational', { score: score(band.highScore) }),
                })}
                title={text('results.analytics.ambitionTitle', {
                  subject: name,
                  low: score(band.lowScore),
                  high: score(band.highScore),
                })}
                categoryLabel={text('results.column.moment')}
              />
              <Text size="xs" c="dimmed">
                {text('results.analytics.ambitionNote')}
              </Text>
            </Stack>
          ) : (
            <Text c="dimmed">{text('results.analytics.noAmbition')}</Text>
          )}
          {canEditAmbition && ambition && (
            <AmbitionEditor schoolId={schoolId} ambition={ambition} subjectName={name} />
          )}
        </section>
        <section>
          <Title order={3} size="h4" mb="xs">
            {text('results.analytics.growthHeading')}
          </Title>
          {analytics.growth.length === 0 ? (
            <Text c="dimmed">{text('results.analytics.noGrowth')}</Text>
          ) : (
            <Stack gap="xs">
              <ChartPanel
                spec={growthChart(analytics, settings, {
                  school: text('results.analytics.growthSchool'),
                  national: text('results.analytics.growthNational'),
                  halfYear: (from, to) => text('results.analytics.halfYear', { from, to }),
                })}
                title={growthTitle}
                categoryLabel={text('results.analytics.halfYearColumn')}
              />
              <Text size="xs" c="dimmed">
                {text('results.analytics.growthNote')}
              </Text>
            </Stack>
          )}
        </section>
      </>
    );
  }

  // A region named by the subject, so assistive technology (and a test) can go to one subject's card.
  return (
    <Card withBorder padding="md" component="section" aria-labelledby={headingId}>
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} size="h3" id={headingId}>
            {name}
          </Title>
          <Anchor component={Link} to={`/app/schools/${schoolId}/subjects/${subject.id}`}>
            {text('results.subject.open', { subject: name })}
          </Anchor>
        </Group>
        {body}
      </Stack>
    </Card>
  );
}
