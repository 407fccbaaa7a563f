import type { MethodScore, PerformanceLetter, ScoreNote } from '@leerzicht/contract';
import { Table } from '@mantine/core';
import { useIntl } from 'react-intl';
import { BAND_BACKGROUND, formatScore, ScoreNoteButton } from '../../../entities/results';

const LETTER_BAND = { G: 'good', V: 'middle', M: 'low', O: 'low' } as const satisfies Record<
  PerformanceLetter,
  string
>;

/** The pupil's method test results of a subject within the 30-month window, newest first, with their notes. */
export function PupilMethodTable({
  scores,
  notes,
  caption,
}: {
  scores: MethodScore[];
  notes: ScoreNote[];
  caption: string;
}) {
  const intl = useIntl();
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped captionSide="top" data-testid="pupil-method-scores">
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{intl.formatMessage({ id: 'results.column.date' })}</Table.Th>
            <Table.Th scope="col">{intl.formatMessage({ id: 'results.column.method' })}</Table.Th>
            <Table.Th scope="col">{intl.formatMessage({ id: 'results.column.test' })}</Table.Th>
            <Table.Th scope="col" ta="right">
              {intl.formatMessage({ id: 'results.column.score' })}
            </Table.Th>
            <Table.Th scope="col" ta="center">
              {intl.formatMessage({ id: 'results.column.performance' })}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {intl.formatMessage({ id: 'scoreNotes.column' })}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {scores.map((score) => (
            <Table.Tr key={score.id}>
              <Table.Td>{intl.formatDate(`${score.testDate}T12:00:00`, { dateStyle: 'medium' })}</Table.Td>
              <Table.Td>{score.methodName}</Table.Td>
              <Table.Th scope="row" fw={400}>
                {score.methodTestName}
              </Table.Th>
              <Table.Td ta="right">{`${formatScore(intl.locale, score.score)} / ${score.maxScore}`}</Table.Td>
              <Table.Td
                ta="center"
                data-band={LETTER_BAND[score.performance]}
                style={{ background: BAND_BACKGROUND[LETTER_BAND[score.performance]] }}
              >
                {score.performance}
              </Table.Td>
              <Table.Td ta="right">
                <ScoreNoteButton
                  kind="method"
                  scoreId={score.id}
                  notes={notes.filter((note) => note.methodTestScoreId === score.id)}
                  label={score.methodTestName}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
