import { compareByPosition, GRADE_THRESHOLD } from '@leerzicht/contract';
import { Anchor, Group, SegmentedControl, Stack, Tabs } from '@mantine/core';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { useSchoolQuery } from '../../../entities/school';
import { useYearClassResultQuery } from '../../../entities/group';
import { EmptyState, parseId, SettingsToggles, yearLabel } from '../../../entities/results';
import { GroepskaartTable } from '../components/groepskaart-table';
import { GroupSubjectPanel } from '../components/group-subject-panel';
import { SchoolHeader } from '../../../entities/school';
import { useSubjectName } from '../../../lib/subject-name';

/** `/app/schools/:schoolId/groups/:yearclassId/results`: the group's pupils against the subjects (grade 3 and up). */
export function GroupResultsPage() {
  const intl = useIntl();
  const params = useParams();
  const schoolId = parseId(params.schoolId);
  const yearClassId = parseId(params.yearclassId);
  const { data: school } = useSchoolQuery(schoolId);
  const { data: result } = useYearClassResultQuery(yearClassId);
  const subjectName = useSubjectName();
  const [today] = useState(() => new Date());
  const [tab, setTab] = useState<string | null>(null);
  const [view, setView] = useState<'subjects' | 'groepskaart'>('subjects');
  if (!school || !result) return <PageLoader />;

  const group = result.group;
  const title = intl.formatMessage({ id: 'results.group.title' }, { group: group.name });
  const header = (
    <SchoolHeader
      school={school}
      title={title}
      crumbs={[
        { label: intl.formatMessage({ id: 'results.groups.title' }), to: `/app/schools/${schoolId}/groups` },
        { label: `${group.name} (${yearLabel(group.calendarYear)})` },
      ]}
    />
  );
  if (group.grade < GRADE_THRESHOLD) {
    return (
      <Stack gap="lg">
        {header}
        <EmptyState id="results.empty.belowThreshold" values={{ grade: GRADE_THRESHOLD }} />
      </Stack>
    );
  }
  const subjects = [...result.subjects].sort(compareByPosition).filter((subject) => !subject.isPreschool);
  const withResults = subjects.find((subject) =>
    result.pupils.some((pupil) => pupil.scores.some((score) => score.subjectId === subject.id)),
  );
  const active = tab ?? String((withResults ?? subjects[0])?.id ?? '');
  return (
    <Stack gap="lg">
      {header}
      {result.pupils.length === 0 || subjects.length === 0 ? (
        <EmptyState id="results.empty.noResults" />
      ) : (
        <>
          <Group gap="lg">
            <Anchor component={Link} to={`/app/schools/${schoolId}/groups/${yearClassId}/social-emotional`}>
              {intl.formatMessage({ id: 'observations.group.link' })}
            </Anchor>
            <Anchor component={Link} to={`/app/schools/${schoolId}/groups/${yearClassId}/instruction-groups`}>
              {intl.formatMessage({ id: 'approaches.link' })}
            </Anchor>
          </Group>
          <SegmentedControl
            w="fit-content"
            value={view}
            onChange={(value) => setView(value === 'groepskaart' ? 'groepskaart' : 'subjects')}
            aria-label={intl.formatMessage({ id: 'results.groepskaart.viewToggle' })}
            data={[
              { value: 'subjects', label: intl.formatMessage({ id: 'results.groepskaart.viewSubjects' }) },
              { value: 'groepskaart', label: intl.formatMessage({ id: 'results.groepskaart.viewMap' }) },
            ]}
          />
          {view === 'groepskaart' ? (
            <GroepskaartTable schoolId={schoolId} result={result} />
          ) : (
            <>
              <SettingsToggles withAggregation={false} />
              <Tabs value={active} onChange={setTab} keepMounted={false}>
                <Tabs.List>
                  {subjects.map((subject) => (
                    <Tabs.Tab key={subject.id} value={String(subject.id)}>
                      {subjectName(subject)}
                    </Tabs.Tab>
                  ))}
                </Tabs.List>
                {subjects.map((subject) => (
                  <Tabs.Panel key={subject.id} value={String(subject.id)} pt="md">
                    <GroupSubjectPanel
                      schoolId={schoolId}
                      result={result}
                      subjectId={subject.id}
                      subjectName={subjectName(subject)}
                      today={today}
                    />
                  </Tabs.Panel>
                ))}
              </Tabs>
            </>
          )}
        </>
      )}
    </Stack>
  );
}
