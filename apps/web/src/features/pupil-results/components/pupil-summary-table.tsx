import { resultVerdict } from '@leerzicht/contract';
import { Table } from '@mantine/core';
import { useIntl } from 'react-intl';
import {
  formatScore,
  referenceLabel,
  ScoreCell,
  useUserSettings,
  yearLabel,
} from '../../../entities/results';
import type { PupilScoreRow } from '../lib/pupil-results';
import classes from '../../../components/sticky-table.module.css';
import { TableScrollHint } from '../../../components/table-scroll-hint';

export interface PupilSummaryRow {
  subjectId: number;
  name: string;
  latest: PupilScoreRow | null;
}

/** Per subject the pupil's latest national result, so every subject is seen at a glance. */
export function PupilSummaryTable({ rows, caption }: { rows: PupilSummaryRow[]; caption: string }) {
  const intl = useIntl();
  const { verdictMeasure } = useUserSettings();
  const format = (value: number | null | undefined) => formatScore(intl.locale, value, 0);
  return (
    <TableScrollHint>
      <Table.ScrollContainer minWidth={640}>
        <Table striped captionSide="top" data-testid="pupil-summary" className={classes.stickyFirstColumn}>
          <Table.Caption>{caption}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{intl.formatMessage({ id: 'results.column.subject' })}</Table.Th>
              <Table.Th scope="col">{intl.formatMessage({ id: 'results.column.moment' })}</Table.Th>
              <Table.Th scope="col" ta="right">
                {intl.formatMessage({ id: 'results.column.abilityScore' })}
              </Table.Th>
              <Table.Th scope="col" ta="right">
                {intl.formatMessage({ id: 'results.column.level' })}
              </Table.Th>
              <Table.Th scope="col" ta="right">
                {intl.formatMessage({ id: 'results.column.percentile' })}
              </Table.Th>
              <Table.Th scope="col" ta="right">
                {intl.formatMessage({ id: 'results.column.referenceLevel' })}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map(({ subjectId, name, latest }) => (
              <Table.Tr key={subjectId}>
                <Table.Th scope="row" fw={500}>
                  {name}
                </Table.Th>
                {latest === null ? (
                  <Table.Td colSpan={5}>{intl.formatMessage({ id: 'results.empty.noResults' })}</Table.Td>
                ) : (
                  <>
                    <Table.Td>
                      {intl.formatMessage(
                        { id: 'results.moment' },
                        { yearTime: latest.score.yearTime, year: yearLabel(latest.score.calendarYear) },
                      )}
                    </Table.Td>
                    <ScoreCell band={resultVerdict(latest.score, verdictMeasure)}>
                      {format(latest.score.abilityScore)}
                    </ScoreCell>
                    <ScoreCell band={resultVerdict(latest.score, verdictMeasure)}>
                      {latest.score.roman ?? latest.score.alphabetical ?? '–'}
                    </ScoreCell>
                    <ScoreCell band={resultVerdict(latest.score, verdictMeasure)}>
                      {format(latest.score.percentile)}
                    </ScoreCell>
                    <Table.Td ta="right">
                      {referenceLabel(latest.score.referenceLevel ?? latest.score.projectedReferenceLevel)}
                    </Table.Td>
                  </>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </TableScrollHint>
  );
}
