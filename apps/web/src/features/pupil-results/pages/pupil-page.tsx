import { compareByPosition, fullName, HIGHEST_GRADE } from '@leerzicht/contract';
import { Alert, Anchor, Group, SimpleGrid, Stack, Tabs } from '@mantine/core';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { useSchoolQuery } from '../../../entities/school';
import { ApproachLog, PupilNotesPanel, usePupilQuery } from '../../../entities/pupil';
import { EmptyState, parseId, SettingsToggles, useUserSettings, yearLabel } from '../../../entities/results';
import { DoorstroomtoetsPanel } from '../components/doorstroomtoets-panel';
import { OutflowAdvicePanel } from '../components/outflow-advice-panel';
import { PinButton } from '../components/pin-button';
import { PupilReportButton } from '../components/pupil-report-button';
import { PupilSubjectSection } from '../components/pupil-subject-section';
import { PupilSummaryTable } from '../components/pupil-summary-table';
import { SchoolHeader } from '../../../entities/school';
import { useSubjectName } from '../../../lib/subject-name';
import { pupilMethodScores, pupilNationalRows } from '../lib/pupil-results';

/** `/app/schools/:schoolId/pupils/:pupilId`: per subject the pupil's results over time, and the outflow advice. */
export function PupilPage() {
  const intl = useIntl();
  const params = useParams();
  const schoolId = parseId(params.schoolId);
  const pupilId = parseId(params.pupilId);
  const { data: school } = useSchoolQuery(schoolId);
  const { data: pupil } = usePupilQuery(pupilId, schoolId);
  const settings = useUserSettings();
  const subjectName = useSubjectName();
  const [today] = useState(() => new Date());
  const [tab, setTab] = useState<string | null>(null);
  if (!school || !pupil) return <PageLoader />;

  const name = fullName(pupil);
  const subjects = [...pupil.subjects]
    .sort(compareByPosition)
    .map((subject) => ({
      subject,
      name: subjectName(subject),
      national: pupilNationalRows(pupil, subject.id, today),
      hasMethods: pupilMethodScores(pupil, subject.id, today).length > 0,
    }))
    .filter((item) => item.national.length > 0 || item.hasMethods);
  const hasResults = subjects.length > 0;
  const active = tab ?? String(subjects[0]?.subject.id ?? '');
  const grade = pupil.current?.grade ?? null;
  const showOutflow = pupil.showOutflowProfile || (grade !== null && grade >= HIGHEST_GRADE);
  return (
    <Stack gap="lg">
      <SchoolHeader
        school={school}
        title={name}
        crumbs={[
          {
            label: intl.formatMessage({ id: 'results.pupils.title' }),
            to: `/app/schools/${schoolId}/pupils`,
          },
          { label: name },
        ]}
      />
      <Group justify="space-between">
        <span data-testid="pupil-current">
          {pupil.current
            ? intl.formatMessage(
                { id: 'results.pupil.current' },
                {
                  group: pupil.current.yearClassName,
                  grade: pupil.current.grade,
                  year: yearLabel(pupil.current.calendarYear),
                },
              )
            : intl.formatMessage({ id: 'results.pupil.noGroup' })}
        </span>
        <Anchor component={Link} to={`/app/schools/${schoolId}/pupils/${pupil.id}/social-emotional`}>
          {intl.formatMessage({ id: 'observations.title' })}
        </Anchor>
        <Group gap="sm">
          <PupilReportButton pupil={pupil} schoolId={schoolId} />
          <PinButton
            schoolId={schoolId}
            pupilId={pupil.id}
            pupilName={name}
            pinId={pupil.pinId}
            isPinned={pupil.isPinned}
          />
        </Group>
      </Group>
      {pupil.citoIsExcluded && (
        <Alert color="yellow" variant="light">
          {intl.formatMessage({ id: 'results.empty.excluded' })}
          {pupil.citoExclusionReason && (
            <>
              {' '}
              {intl.formatMessage(
                { id: 'exclusions.pupilReason' },
                {
                  reason: [
                    intl.formatMessage({ id: `exclusions.reason.${pupil.citoExclusionReason}` }),
                    pupil.citoExclusionReasonText,
                  ]
                    .filter(Boolean)
                    .join(': '),
                },
              )}
            </>
          )}
        </Alert>
      )}
      {showOutflow && (
        <SimpleGrid cols={{ base: 1, lg: 2 }}>
          <OutflowAdvicePanel key={pupil.outflowAdvice.outflowAdvice ?? ''} pupil={pupil} />
          <DoorstroomtoetsPanel pupilId={pupil.id} />
        </SimpleGrid>
      )}
      {!hasResults ? (
        <EmptyState id={pupil.citoIsExcluded ? 'results.empty.excluded' : 'results.empty.noResults'} />
      ) : (
        <>
          <PupilSummaryTable
            caption={intl.formatMessage({ id: 'results.pupil.summaryCaption' })}
            rows={subjects.map((item) => ({
              subjectId: item.subject.id,
              name: item.name,
              latest: item.national[item.national.length - 1] ?? null,
            }))}
          />
          <SettingsToggles withAggregation={false} />
          <Tabs value={active} onChange={setTab} keepMounted={false}>
            <Tabs.List>
              {subjects.map((item) => (
                <Tabs.Tab key={item.subject.id} value={String(item.subject.id)}>
                  {item.name}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            {subjects.map((item) => (
              <Tabs.Panel key={item.subject.id} value={String(item.subject.id)} pt="md">
                <PupilSubjectSection
                  pupil={pupil}
                  subject={item.subject}
                  name={item.name}
                  today={today}
                  showNational={settings.showNationalAverage}
                />
              </Tabs.Panel>
            ))}
          </Tabs>
        </>
      )}
      <PupilNotesPanel pupilId={pupil.id} schoolId={schoolId} />
      <ApproachLog pupilId={pupil.id} subjects={pupil.subjects} />
    </Stack>
  );
}
