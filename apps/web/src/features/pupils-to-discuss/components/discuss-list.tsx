import type { PupilsToDiscuss, Subject } from '@leerzicht/contract';
import { Alert, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { filterPupils, subjectIdsOf, type ReasonFilter } from '../lib/reason-filter';
import { DiscussFilters } from './discuss-filters';
import { DiscussRules } from './discuss-rules';
import { DiscussTable } from './discuss-table';

/**
 * The list with its filters, or an empty state that says why (no pupil meets a signal; a teacher without groups),
 * and the rules below it either way.
 */
export function DiscussList({
  data,
  subjects,
  schoolId,
  showGroup,
  noGroups = false,
}: {
  data: PupilsToDiscuss;
  subjects: readonly Subject[];
  schoolId: number;
  showGroup: boolean;
  /** A teacher's school list without groups in the school year. */
  noGroups?: boolean;
}) {
  const intl = useIntl();
  const [filter, setFilter] = useState<ReasonFilter>({ code: null, subjectId: null });
  const inReasons = new Set(subjectIdsOf(data.pupils));
  const shownSubjects = [...subjects]
    .filter((subject) => inReasons.has(subject.id))
    .sort((a, b) => a.position - b.position || a.id - b.id);
  const pupils = filterPupils(data.pupils, filter);
  let body;
  if (data.pupils.length === 0)
    body = (
      <Alert color="teal" data-testid="discuss-empty">
        {intl.formatMessage({ id: noGroups ? 'discuss.emptyTeacher' : 'discuss.empty' })}
      </Alert>
    );
  else
    body = (
      <>
        <Text aria-live="polite" data-testid="discuss-count">
          {intl.formatMessage({ id: 'discuss.count' }, { count: pupils.length, total: data.pupilCount })}
        </Text>
        <DiscussFilters filter={filter} onChange={setFilter} subjects={shownSubjects} />
        {pupils.length === 0 ? (
          <Text c="dimmed" data-testid="discuss-empty-filtered">
            {intl.formatMessage({ id: 'discuss.emptyFiltered' })}
          </Text>
        ) : (
          <DiscussTable pupils={pupils} subjects={subjects} schoolId={schoolId} showGroup={showGroup} />
        )}
      </>
    );
  return (
    <Stack gap="md">
      {body}
      <DiscussRules />
    </Stack>
  );
}
