import { Table } from '@mantine/core';
import { useIntl } from 'react-intl';
import type { MessageId } from '../../../i18n/messages';
import { formatGrowth, formatScore, yearLabel } from '../lib/format';
import type { PupilScoreRow } from '../lib/pupil-results';
import { ScoreCell } from './score-cell';

/** The pupil's national results of a subject (newest first): the figures of the chart and every score field. */
export function PupilScoresTable({ rows, caption }: { rows: PupilScoreRow[]; caption: string }) {
  const intl = useIntl();
  const format = (value: number | null | undefined, digits = 0) => formatScore(intl.locale, value, digits);
  const th = (id: MessageId, align: 'left' | 'right' = 'right') => (
    <Table.Th scope="col" ta={align}>
      {intl.formatMessage({ id })}
    </Table.Th>
  );
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table striped captionSide="top" data-testid="pupil-scores">
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {th('results.column.moment', 'left')}
            {th('school.column.grade')}
            {th('results.column.provider')}
            {th('results.column.abilityScore')}
            {th('results.column.nationalAverage')}
            {th('results.column.level')}
            {th('results.column.percentile')}
            {th('results.column.functionalLevel')}
            {th('results.column.dle')}
            {th('results.column.referenceLevel')}
            {th('results.column.projectedReferenceLevel')}
            {th('results.column.growth')}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {[...rows].reverse().map(({ score, norm, growth }) => (
            <Table.Tr key={score.id} data-score-id={score.id}>
              <Table.Th scope="row" fw={500}>
                {intl.formatMessage(
                  { id: 'results.moment' },
                  { yearTime: score.yearTime, year: yearLabel(score.calendarYear) },
                )}
              </Table.Th>
              <Table.Td ta="right">{score.grade}</Table.Td>
              <Table.Td ta="right">{score.provider}</Table.Td>
              <ScoreCell measure="abilityScore" value={score.abilityScore}>
                {format(score.abilityScore)}
              </ScoreCell>
              <Table.Td ta="right">{format(norm, 1)}</Table.Td>
              <ScoreCell measure="levelValue" value={score.levelValue}>
                {score.roman ?? score.alphabetical ?? '–'}
              </ScoreCell>
              <ScoreCell measure="percentile" value={score.percentile}>
                {format(score.percentile)}
              </ScoreCell>
              <Table.Td ta="right">{score.functionalLevel ?? '–'}</Table.Td>
              <Table.Td ta="right">{format(score.dle)}</Table.Td>
              <Table.Td ta="right">{score.referenceLevel ?? '–'}</Table.Td>
              <Table.Td ta="right">{score.projectedReferenceLevel ?? '–'}</Table.Td>
              <Table.Td ta="right">{formatGrowth(intl.locale, growth)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
