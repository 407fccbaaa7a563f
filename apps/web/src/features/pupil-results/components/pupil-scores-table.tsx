import { resultVerdict, type ScoreNote } from '@leerzicht/contract';
import { Table } from '@mantine/core';
import { useIntl } from 'react-intl';
import type { MessageId } from '../../../i18n/messages';
import {
  formatGrowth,
  formatScore,
  LevelCells,
  ScoreCell,
  ScoreNoteButton,
  useUserSettings,
  yearLabel,
} from '../../../entities/results';
import type { PupilScoreRow } from '../lib/pupil-results';
import classes from '../../../components/sticky-table.module.css';
import { TableScrollHint } from '../../../components/table-scroll-hint';

/**
 * The pupil's national results of a subject (newest first): the figures of the chart and every score field, with the
 * provider and test version of each (ability scales differ between them).
 */
export function PupilScoresTable({
  rows,
  caption,
  notes,
}: {
  rows: PupilScoreRow[];
  caption: string;
  /** The pupil's notes on results; each national result shows its own. */
  notes: ScoreNote[];
}) {
  const intl = useIntl();
  const { verdictMeasure } = useUserSettings();
  const format = (value: number | null | undefined, digits = 0) => formatScore(intl.locale, value, digits);
  const th = (id: MessageId, align: 'left' | 'right' = 'right') => (
    <Table.Th scope="col" ta={align}>
      {intl.formatMessage({ id })}
    </Table.Th>
  );
  return (
    <TableScrollHint>
      <Table.ScrollContainer minWidth={960}>
        <Table striped captionSide="top" data-testid="pupil-scores" className={classes.stickyFirstColumn}>
          <Table.Caption>{caption}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              {th('results.column.moment', 'left')}
              {th('school.column.grade')}
              {th('results.column.provider')}
              {th('results.column.testVersion')}
              {th('results.column.abilityScore')}
              {th('results.column.nationalAverage')}
              {th('results.column.level')}
              {th('results.column.percentile')}
              {th('results.column.functionalLevel')}
              {th('results.column.dle')}
              {th('results.column.referenceLevel')}
              {th('results.column.projectedReferenceLevel')}
              {th('results.column.growth')}
              {th('scoreNotes.column')}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {[...rows].reverse().map(({ score, norm, growth }) => {
              const band = resultVerdict(score, verdictMeasure);
              return (
                <Table.Tr key={score.id} data-score-id={score.id}>
                  <Table.Th scope="row" fw={500}>
                    {intl.formatMessage(
                      { id: 'results.moment' },
                      { yearTime: score.yearTime, year: yearLabel(score.calendarYear) },
                    )}
                  </Table.Th>
                  <Table.Td ta="right">{score.grade}</Table.Td>
                  <Table.Td ta="right" data-column="provider">
                    {score.provider}
                  </Table.Td>
                  <Table.Td ta="right" data-column="testVersion" style={{ whiteSpace: 'nowrap' }}>
                    {score.testVersion}
                  </Table.Td>
                  <ScoreCell band={band}>{format(score.abilityScore)}</ScoreCell>
                  <Table.Td ta="right">{format(norm?.abilityScore, 1)}</Table.Td>
                  <ScoreCell band={band}>{score.roman ?? score.alphabetical ?? '–'}</ScoreCell>
                  <ScoreCell band={band}>{format(score.percentile)}</ScoreCell>
                  <LevelCells score={score} />
                  <Table.Td ta="right">{formatGrowth(intl.locale, growth)}</Table.Td>
                  <Table.Td ta="right">
                    <ScoreNoteButton
                      scoreId={score.id}
                      notes={notes.filter((note) => note.citoTestScoreId === score.id)}
                      label={intl.formatMessage(
                        { id: 'results.moment' },
                        { yearTime: score.yearTime, year: yearLabel(score.calendarYear) },
                      )}
                    />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </TableScrollHint>
  );
}
