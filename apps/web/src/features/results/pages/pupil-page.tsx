import { compareByPosition, fullName, HIGHEST_GRADE } from '@leerzicht/contract';
import { Alert, Group, Stack } from '@mantine/core';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { useSchoolQuery } from '../api/get-school';
import { usePupilQuery } from '../api/get-pupil';
import { useUserSettings } from '../api/user-settings';
import { EmptyState } from '../components/empty-state';
import { OutflowAdvicePanel } from '../components/outflow-advice-panel';
import { PinButton } from '../components/pin-button';
import { PupilSubjectSection } from '../components/pupil-subject-section';
import { SchoolHeader } from '../components/school-header';
import { SettingsToggles } from '../components/settings-toggles';
import { useSubjectName } from '../components/subject-name';
import { yearLabel } from '../lib/format';
import { parseId } from '../lib/ids';
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
  if (!school || !pupil) return <PageLoader />;

  const name = fullName(pupil);
  const subjects = [...pupil.subjects].sort(compareByPosition);
  const hasResults = subjects.some(
    (subject) =>
      pupilNationalRows(pupil, subject.id, today).length > 0 ||
      pupilMethodScores(pupil, subject.id, today).length > 0,
  );
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
        <PinButton
          schoolId={schoolId}
          pupilId={pupil.id}
          pupilName={name}
          pinId={pupil.pinId}
          isPinned={pupil.isPinned}
        />
      </Group>
      {pupil.citoIsExcluded && (
        <Alert color="yellow" variant="light">
          {intl.formatMessage({ id: 'results.empty.excluded' })}
        </Alert>
      )}
      {showOutflow && <OutflowAdvicePanel key={pupil.outflowAdvice.outflowAdvice ?? ''} pupil={pupil} />}
      {!hasResults ? (
        <EmptyState id={pupil.citoIsExcluded ? 'results.empty.excluded' : 'results.empty.noResults'} />
      ) : (
        <>
          <SettingsToggles withAggregation={false} />
          {subjects.map((subject) => (
            <PupilSubjectSection
              key={subject.id}
              pupil={pupil}
              subject={subject}
              name={subjectName(subject)}
              today={today}
              showNational={settings.showNationalAverage}
            />
          ))}
        </>
      )}
    </Stack>
  );
}
