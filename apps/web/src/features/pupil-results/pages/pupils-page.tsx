import { fullName } from '@leerzicht/contract';
import { Anchor, Group, NativeSelect, Pagination, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDeferredValue, useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { useSchoolQuery } from '../../../entities/school';
import { useSchoolPupilsQuery } from '../api/get-school-pupils';
import { PinButton } from '../components/pin-button';
import { SchoolHeader } from '../../../entities/school';
import { parseId, yearLabel } from '../../../entities/results';
import { filterPupils, pagePupils } from '../lib/pupil-list';

/**
 * `/app/schools/:schoolId/pupils`: the school year's pupils, searchable and filtered by group, pinned first, then by
 * surname, a hundred per page.
 */
export function PupilsPage() {
  const intl = useIntl();
  const schoolId = parseId(useParams().schoolId);
  const { data: school } = useSchoolQuery(schoolId);
  const { data } = useSchoolPupilsQuery(schoolId);
  const [search, setSearch] = useState('');
  const [group, setGroup] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const deferred = useDeferredValue(search);
  const groupId = group === null ? null : Number(group);
  const pupils = useMemo(
    () => (data ? filterPupils(data.pupils, deferred, groupId) : []),
    [data, deferred, groupId],
  );
  if (!school || !data) return <PageLoader />;

  const { rows, pages } = pagePupils(pupils, page);

  const groupName = new Map(data.yearClasses.map((group) => [group.yearclassId, group.yearclassName]));
  const title = intl.formatMessage({ id: 'results.pupils.title' });
  return (
    <Stack gap="lg">
      <SchoolHeader school={school} title={title} crumbs={[{ label: title }]} />
      <Group align="end" gap="md">
        <TextInput
          type="search"
          w={320}
          maw="100%"
          label={intl.formatMessage({ id: 'results.pupils.search' })}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
        />
        <NativeSelect
          w={220}
          label={intl.formatMessage({ id: 'results.pupils.groupFilter' })}
          data={[
            { value: '', label: intl.formatMessage({ id: 'results.pupils.allGroups' }) },
            ...data.yearClasses.map((yearClass) => ({
              value: String(yearClass.yearclassId),
              label: yearClass.yearclassName,
            })),
          ]}
          value={group ?? ''}
          onChange={(event) => {
            setGroup(event.currentTarget.value === '' ? null : event.currentTarget.value);
            setPage(1);
          }}
        />
      </Group>
      {pupils.length === 0 ? (
        <Text c="dimmed" role="status">
          {intl.formatMessage({
            id: data.pupils.length === 0 ? 'results.pupils.none' : 'results.pupils.noMatch',
          })}
        </Text>
      ) : (
        <Table striped highlightOnHover captionSide="top" data-testid="pupil-list">
          <Table.Caption>
            {intl.formatMessage(
              { id: 'results.pupils.caption' },
              { count: pupils.length, year: yearLabel(data.calendarYear) },
            )}
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{intl.formatMessage({ id: 'results.column.pupil' })}</Table.Th>
              <Table.Th scope="col">{intl.formatMessage({ id: 'school.column.group' })}</Table.Th>
              <Table.Th scope="col">{intl.formatMessage({ id: 'school.column.grade' })}</Table.Th>
              <Table.Th scope="col">{intl.formatMessage({ id: 'results.pupils.pinColumn' })}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((pupil) => {
              const name = fullName(pupil);
              return (
                <Table.Tr key={pupil.id}>
                  <Table.Th scope="row" fw={500}>
                    <Anchor component={Link} to={`/app/schools/${schoolId}/pupils/${pupil.id}`}>
                      {name}
                    </Anchor>
                  </Table.Th>
                  <Table.Td>{groupName.get(pupil.yearclassId) ?? '–'}</Table.Td>
                  <Table.Td>{pupil.grade}</Table.Td>
                  <Table.Td>
                    <PinButton
                      schoolId={schoolId}
                      pupilId={pupil.id}
                      pupilName={name}
                      pinId={pupil.pinId}
                      isPinned={pupil.isPinned}
                    />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
      {pages > 1 && (
        <Pagination
          total={pages}
          value={Math.min(page, pages)}
          onChange={setPage}
          aria-label={intl.formatMessage({ id: 'results.pupils.pages' })}
          getControlProps={(control) => ({
            'aria-label': intl.formatMessage({
              id:
                control === 'previous' || control === 'first'
                  ? 'results.pupils.previousPage'
                  : 'results.pupils.nextPage',
            }),
          })}
        />
      )}
    </Stack>
  );
}
