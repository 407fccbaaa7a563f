import { fullName } from '@leerzicht/contract';
import { Grid, Pagination, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { useParams, useSearchParams } from 'react-router';
import { LeaveGuard } from '../../../components/leave-guard';
import { PageLoader } from '../../../components/page-loader';
import { useYearClassResultQuery } from '../../../entities/group';
import { SchoolHeader, useSchoolQuery } from '../../../entities/school';
import type { MessageId } from '../../../i18n/messages';
import { parseRouteId } from '../../../lib/route-ids';
import { useDirtyKeys } from '../../../lib/use-dirty-keys';
import { useAllNotes, useNoteCategoryOptions } from '../api/all-notes';
import { NewGroupNote } from '../components/new-group-note';
import { NoteCard } from '../components/note-card';
import { NoteFilters } from '../components/note-filters';
import { NOTES_PAGE_SIZE, readFilter, toQuery, writeFilter, type NoteFilter } from '../lib/note-filter';

const PAGE_CONTROL: Record<'first' | 'previous' | 'last' | 'next', MessageId> = {
  first: 'groupNotes.page.first',
  previous: 'groupNotes.page.previous',
  next: 'groupNotes.page.next',
  last: 'groupNotes.page.last',
};

/**
 * `/app/schools/:schoolId/groups/:yearclassId/notes`: every note about the group's pupils (pupil notes, notes on
 * results, on test moments and method tests, social-emotional observations), newest first, with filters kept in
 * the URL, and a new note on one of the group's tests. Unsaved text blocks leaving the page (spec section 5).
 */
export function GroupNotesPage() {
  const intl = useIntl();
  const params = useParams();
  const schoolId = parseRouteId(params.schoolId);
  const yearClassId = parseRouteId(params.yearclassId);
  const [searchParams, setSearchParams] = useSearchParams();
  const filter = readFilter(searchParams);
  const { data: school } = useSchoolQuery(schoolId);
  const { data: result } = useYearClassResultQuery(yearClassId);
  const { data: categories = [] } = useNoteCategoryOptions(schoolId);
  const { data: notes, isFetching } = useAllNotes(toQuery(filter, schoolId, yearClassId));
  const { anyDirty, changeFor } = useDirtyKeys();
  const pupils = useMemo(
    () => (result?.pupils ?? []).map((pupil) => ({ id: pupil.id, name: fullName(pupil) })),
    [result],
  );
  if (!school || !result || !notes) return <PageLoader />;
  const setFilter = (next: NoteFilter) => setSearchParams(writeFilter(next));
  const pages = Math.max(1, Math.ceil(notes.count / NOTES_PAGE_SIZE));
  const filtered = filter.category !== '' || filter.subjectId !== null || filter.pupilId !== null;

  return (
    <Stack gap="lg">
      <LeaveGuard when={anyDirty} kind="unsavedNote" />
      <SchoolHeader
        school={school}
        title={intl.formatMessage({ id: 'groupNotes.title' }, { group: result.group.name })}
        crumbs={[
          {
            label: intl.formatMessage({ id: 'results.groups.title' }),
            to: `/app/schools/${schoolId}/groups`,
          },
          { label: result.group.name },
        ]}
      />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="sm">
            <NoteFilters
              filter={filter}
              onChange={setFilter}
              categories={categories}
              subjects={result.subjects}
              pupils={pupils}
            />
            <Text size="sm" c="dimmed" aria-live="polite">
              {intl.formatMessage({ id: 'groupNotes.count' }, { count: notes.count })}
            </Text>
            {notes.results.length === 0 ? (
              <Text c="dimmed" data-testid="group-notes-empty">
                {intl.formatMessage({ id: filtered ? 'groupNotes.noneFiltered' : 'groupNotes.none' })}
              </Text>
            ) : (
              <Stack gap="xs" data-testid="group-notes" style={{ opacity: isFetching ? 0.6 : 1 }}>
                {notes.results.map((note) => (
                  <NoteCard
                    key={`${note.kind}:${note.id}`}
                    note={note}
                    schoolId={schoolId}
                    subjects={result.subjects}
                    onDirtyChange={changeFor(`${note.kind}:${note.id}`)}
                  />
                ))}
              </Stack>
            )}
            {pages > 1 && (
              <Pagination
                total={pages}
                value={Math.min(filter.page, pages)}
                onChange={(page) => setFilter({ ...filter, page })}
                getControlProps={(control) => ({
                  'aria-label': intl.formatMessage({ id: PAGE_CONTROL[control] }),
                })}
              />
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <NewGroupNote result={result} onDirtyChange={changeFor('new')} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
