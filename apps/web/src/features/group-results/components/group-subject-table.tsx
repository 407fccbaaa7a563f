import { fullName, resultVerdict, type MomentLike, type YearClassResult } from '@leerzicht/contract';
import { Anchor, Table, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { SortableTable, useSortState, type SortableColumn } from '../../../components/sortable-table';
import {
  formatGrowth,
  formatScore,
  LevelCells,
  ScoreCell,
  ScoreNoteButton,
  testLabel,
  useUserSettings,
} from '../../../entities/results';
import { groupPupilRow, sortGroupRows, type GroupSortKey } from '../lib/group-results';
import classes from '../../../components/sticky-table.module.css';
import { TableScrollHint } from '../../../components/table-scroll-hint';

const COLUMNS: SortableColumn<GroupSortKey>[] = [
  { key: 'name', label: 'results.column.pupil', align: 'left' },
  { key: 'test', label: 'results.column.test' },
  { key: 'abilityScore', label: 'results.column.abilityScore' },
  { key: 'level', label: 'results.column.level' },
  { key: 'percentile', label: 'results.column.percentile' },
  { key: 'functionalLevel', label: 'results.column.functionalLevel' },
  { key: 'dle', label: 'results.column.dle' },
  { key: 'referenceLevel', label: 'results.column.referenceLevel' },
  { key: 'projectedReferenceLevel', label: 'results.column.projectedReferenceLevel' },
  { key: 'growth', label: 'results.column.growth' },
];

interface GroupSubjectTableProps {
  schoolId: number;
  result: YearClassResult;
  subjectId: number;
  moment: MomentLike;
  caption: string;
}

/** The group's pupils at one moment of a subject, coloured by the thresholds, sortable on every column. */
export function GroupSubjectTable({ schoolId, result, subjectId, moment, caption }: GroupSubjectTableProps) {
  const intl = useIntl();
  const { verdictMeasure } = useUserSettings();
  // Names sort A to Z first, scores highest first.
  const { sort, toggle } = useSortState<GroupSortKey>({ key: 'name', direction: 'asc' }, (key) =>
    key === 'name' ? 'asc' : 'desc',
  );
  const rows = useMemo(
    () =>
      sortGroupRows(
        result.pupils.map((pupil) => groupPupilRow(pupil, subjectId, moment)),
        sort.key,
        sort.direction,
      ),
    [result.pupils, subjectId, moment, sort],
  );
  const format = (value: number | null | undefined, digits = 1) => formatScore(intl.locale, value, digits);
  // Said when rows lack a result (e.g. a new groep 3 in the autumn, where only a pupil who repeated the year was
  // tested at the latest moment), so that a table of mostly empty rows reads as what it is.
  const tested = rows.filter((row) => row.score !== null).length;
  return (
    <>
      {tested < rows.length && (
        <Text size="sm" c="dimmed" data-testid="group-results-count">
          {intl.formatMessage({ id: 'results.group.resultCount' }, { count: tested, total: rows.length })}
        </Text>
      )}
      <TableScrollHint>
        <SortableTable
          columns={COLUMNS}
          sort={sort}
          onSort={toggle}
          caption={caption}
          minWidth={860}
          trailingHeaders={['scoreNotes.column']}
          striped
          highlightOnHover
          data-testid="group-results"
          className={classes.stickyFirstColumn}
        >
          {rows.map(({ pupil, score, growth }) => {
            const band = score ? resultVerdict(score, verdictMeasure) : null;
            return (
              <Table.Tr key={pupil.id} data-pupil-id={pupil.id}>
                <Table.Th scope="row" fw={500}>
                  <Anchor component={Link} to={`/app/schools/${schoolId}/pupils/${pupil.id}`}>
                    {fullName(pupil)}
                  </Anchor>
                </Table.Th>
                {score === null ? (
                  <Table.Td colSpan={COLUMNS.length}>
                    <Text size="sm" c="dimmed">
                      {intl.formatMessage({
                        id: pupil.citoIsExcluded ? 'results.empty.excluded' : 'results.group.noResult',
                      })}
                    </Text>
                  </Table.Td>
                ) : (
                  <>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {testLabel(score)}
                    </Table.Td>
                    <ScoreCell band={band}>{format(score.abilityScore, 0)}</ScoreCell>
                    <ScoreCell band={band}>{score.roman ?? score.alphabetical ?? '–'}</ScoreCell>
                    <ScoreCell band={band}>{format(score.percentile, 0)}</ScoreCell>
                    <LevelCells score={score} />
                    <Table.Td ta="right">{formatGrowth(intl.locale, growth)}</Table.Td>
                    <Table.Td ta="right">
                      <ScoreNoteButton
                        scoreId={score.id}
                        notes={pupil.citoNotes.filter((note) => note.citoTestScoreId === score.id)}
                        label={`${fullName(pupil)}, ${caption}`}
                      />
                    </Table.Td>
                  </>
                )}
              </Table.Tr>
            );
          })}
        </SortableTable>
      </TableScrollHint>
    </>
  );
}
