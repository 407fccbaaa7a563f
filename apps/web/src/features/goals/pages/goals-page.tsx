import { GRADE_THRESHOLD, schoolYearLabel, type GroupGoals } from '@leerzicht/contract';
import { Badge, Group, Stack, Text } from '@mantine/core';
import { useIntl } from 'react-intl';
import { useParams, useSearchParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { SchoolHeader, useSchoolQuery } from '../../../entities/school';
import type { MessageId } from '../../../i18n/messages';
import { useDocumentTitle } from '../../../lib/document-title';
import { parseRouteId } from '../../../lib/route-ids';
import { useGroupGoalsQuery } from '../api/get-group-goals';
import { GoalFilters } from '../components/goal-filters';
import { GoalLegend } from '../components/goal-legend';
import { GoalsTable } from '../components/goals-table';
import { EmptyNote } from '../components/empty-note';
import {
  goalColumns,
  knownFilter,
  readGoalFilter,
  writeGoalFilter,
  type GoalFilter,
} from '../lib/goal-columns';

/** Why the overview has nothing to show, if it has nothing (checked in this order). */
function emptyReason(goals: GroupGoals): MessageId | null {
  if (goals.group.grade < GRADE_THRESHOLD) return 'goals.empty.grade';
  if (goals.testSections.length === 0) return 'goals.empty.none';
  if (goals.pupils.length === 0) return 'goals.empty.pupils';
  return null;
}

/**
 * `/app/schools/:schoolId/groups/:yearclassId/goals` (Test overview, beta): the group's pupils against the goals of
 * the method tests of its school year, per domain and test, coloured by the share of the points scored; filters by
 * domain and test type kept in the address; a pupil's name leads to the pupil's page.
 */
export function GoalsPage() {
  const intl = useIntl();
  const params = useParams();
  const schoolId = parseRouteId(params.schoolId);
  const yearClassId = parseRouteId(params.yearclassId);
  const [searchParams, setSearchParams] = useSearchParams();
  const { data: school } = useSchoolQuery(schoolId);
  const { data: goals } = useGroupGoalsQuery(yearClassId);
  const title = goals ? intl.formatMessage({ id: 'goals.title' }, { group: goals.group.name }) : null;
  // The heading carries a badge, so the header cannot name the tab from it: the page does (its effect runs last).
  useDocumentTitle([title, school?.name]);
  if (!school || !goals) return <PageLoader />;
  const filter = knownFilter(goals, readGoalFilter(searchParams));
  const setFilter = (change: Partial<GoalFilter>) =>
    setSearchParams(writeGoalFilter({ ...filter, ...change }));
  const empty = emptyReason(goals);
  const columns = goalColumns(goals, filter);

  return (
    <Stack gap="lg">
      <SchoolHeader
        school={school}
        title={
          <Group component="span" gap="xs" align="center">
            <span>{title}</span>
            <Badge variant="filled" color="teal.9" component="span">
              {intl.formatMessage({ id: 'menu.beta' })}
            </Badge>
          </Group>
        }
        crumbs={[
          {
            label: intl.formatMessage({ id: 'results.groups.title' }),
            to: `/app/schools/${schoolId}/groups`,
          },
          { label: goals.group.name, to: `/app/schools/${schoolId}/groups/${goals.group.id}` },
        ]}
      />
      {empty ? (
        <EmptyNote
          id={empty}
          values={{ grade: goals.group.grade, year: schoolYearLabel(goals.group.calendarYear) }}
        />
      ) : (
        <>
          <Text c="dimmed" maw={820}>
            {intl.formatMessage({ id: 'goals.intro' }, { year: schoolYearLabel(goals.group.calendarYear) })}
          </Text>
          <GoalFilters goals={goals} filter={filter} onChange={setFilter} />
          <GoalLegend />
          {columns.length === 0 ? (
            <EmptyNote id="goals.empty.filtered" />
          ) : (
            <GoalsTable goals={goals} columns={columns} schoolId={schoolId} />
          )}
        </>
      )}
    </Stack>
  );
}
