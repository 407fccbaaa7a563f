import type { SchoolAmbition, SchoolHistory, Subject } from '@leerzicht/contract';
import { Anchor, Card, Group, Stack, Title } from '@mantine/core';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { ChartPanel } from '../../../components/charts/chart-panel';
import { useUserSettings } from '../api/user-settings';
import { schoolSubjectChart } from '../lib/school-chart';
import { AmbitionEditor } from './ambition-editor';
import { useSubjectName } from '../../../lib/subject-name';

interface SchoolSubjectCardProps {
  schoolId: number;
  history: SchoolHistory;
  subject: Subject;
  ambition: SchoolAmbition | undefined;
  canEditAmbition: boolean;
}

/** One subject on the school page: the school's mean percentile over the years with its chart and table. */
export function SchoolSubjectCard({
  schoolId,
  history,
  subject,
  ambition,
  canEditAmbition,
}: SchoolSubjectCardProps) {
  const intl = useIntl();
  const settings = useUserSettings();
  const name = useSubjectName()(subject);
  const spec = schoolSubjectChart(
    history,
    subject.id,
    settings,
    {
      school: intl.formatMessage({ id: 'results.series.schoolPercentile' }),
      national: intl.formatMessage({ id: 'results.series.national' }),
      ambition: intl.formatMessage({ id: 'results.series.ambition' }),
    },
    ambition,
  );
  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h3">
            {name}
          </Title>
          <Anchor component={Link} to={`/app/schools/${schoolId}/subjects/${subject.id}`}>
            {intl.formatMessage({ id: 'results.subject.open' }, { subject: name })}
          </Anchor>
        </Group>
        <ChartPanel
          spec={spec}
          title={intl.formatMessage({ id: 'results.school.chartTitle' }, { subject: name })}
          categoryLabel={intl.formatMessage({
            id: settings.aggregationType === 'year' ? 'results.column.schoolYear' : 'results.column.moment',
          })}
        />
        {canEditAmbition && ambition && (
          <AmbitionEditor schoolId={schoolId} ambition={ambition} subjectName={name} />
        )}
      </Stack>
    </Card>
  );
}
