import { compareByPosition, type Approach } from '@leerzicht/contract';
import { Alert, Stack, Tabs, Text } from '@mantine/core';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { SchoolHeader, useSchoolQuery } from '../../../entities/school';
import { isSuppressed } from '../../../lib/api-client';
import { parseRouteId } from '../../../lib/route-ids';
import { useGroupApproaches, useSetApproach, useSubjects } from '../api/approaches';
import { ApproachBoard } from '../components/approach-board';
import { SuggestionPanel } from '../components/suggestion-panel';

/** `/app/schools/:schoolId/groups/:yearclassId/instruction-groups`: the group's instruction groups per subject. */
export function InstructionGroupsPage() {
  const intl = useIntl();
  const params = useParams();
  const schoolId = parseRouteId(params.schoolId);
  const yearClassId = parseRouteId(params.yearclassId);
  const { data: school } = useSchoolQuery(schoolId);
  const { data: subjects } = useSubjects();
  const [tab, setTab] = useState<string | null>(null);
  if (!school || !subjects) return <PageLoader />;
  const group = school.classes.find((item) => item.yearClassId === yearClassId);
  const shown = [...subjects].sort(compareByPosition).filter((subject) => !subject.isPreschool);
  const active = tab ?? String(shown[0]?.id ?? '');
  return (
    <Stack gap="lg">
      <SchoolHeader
        school={school}
        title={intl.formatMessage({ id: 'approaches.title' }, { group: group?.yearClassName ?? '' })}
        crumbs={[
          {
            label: intl.formatMessage({ id: 'results.groups.title' }),
            to: `/app/schools/${schoolId}/groups`,
          },
          { label: group?.yearClassName ?? '' },
        ]}
      />
      <Text size="sm" c="dimmed">
        {intl.formatMessage({ id: 'approaches.intro' })}
      </Text>
      <Tabs value={active} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          {shown.map((subject) => (
            <Tabs.Tab key={subject.id} value={String(subject.id)}>
              {intl.locale.startsWith('en') ? subject.nameEn : subject.nameNl}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {shown.map((subject) => (
          <Tabs.Panel key={subject.id} value={String(subject.id)} pt="md">
            <SubjectBoard yearClassId={yearClassId} subjectId={subject.id} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}

function SubjectBoard({ yearClassId, subjectId }: { yearClassId: number; subjectId: number }) {
  const intl = useIntl();
  const { data: rows, isError } = useGroupApproaches(yearClassId, subjectId);
  const setApproach = useSetApproach();
  const [message, setMessage] = useState<'suppressed' | 'failed' | null>(null);
  if (isError)
    return (
      <Alert color="red" variant="light">
        {intl.formatMessage({ id: 'approaches.loadFailed' })}
      </Alert>
    );
  if (!rows) return <PageLoader />;
  const move = (pupilId: number, approach: Approach) => {
    setMessage(null);
    setApproach.mutate(
      { pupilId, subjectId, yearclassId: yearClassId, approach },
      {
        onSuccess: (result) => setMessage(isSuppressed(result) ? 'suppressed' : null),
        onError: () => setMessage('failed'),
      },
    );
  };
  return (
    <Stack gap="md">
      {rows.length === 0 ? (
        <Text c="dimmed">{intl.formatMessage({ id: 'approaches.noPupils' })}</Text>
      ) : (
        <ApproachBoard rows={rows} onMove={move} disabled={setApproach.isPending} />
      )}
      {message && (
        <Text size="sm" c={message === 'failed' ? 'red' : 'dimmed'} role="status">
          {intl.formatMessage({ id: message === 'failed' ? 'approaches.moveFailed' : 'approaches.readOnly' })}
        </Text>
      )}
      {rows.length > 0 && <SuggestionPanel yearClassId={yearClassId} subjectId={subjectId} />}
    </Stack>
  );
}
