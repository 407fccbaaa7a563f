import { fullName, type PerformanceLetter, type YearClassResult } from '@leerzicht/contract';
import { Group, Table, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { BAND_BACKGROUND, ScoreNoteButton } from '../../../entities/results';
import { methodColumns } from '../lib/group-results';
import classes from '../../../components/sticky-table.module.css';
import { TableScrollHint } from '../../../components/table-scroll-hint';

const LETTER_BAND = { G: 'good', V: 'middle', M: 'low', O: 'low' } as const satisfies Record<
  PerformanceLetter,
  string
>;

/** The group's method test results of a subject within the 30-month window: per pupil and test G, V, M or O. */
export function MethodResultsTable({
  result,
  subjectId,
  today,
  caption,
}: {
  result: YearClassResult;
  subjectId: number;
  today: Date;
  caption: string;
}) {
  const intl = useIntl();
  const tests = useMemo(() => methodColumns(result, subjectId, today), [result, subjectId, today]);
  if (tests.length === 0) {
    return <Text c="dimmed">{intl.formatMessage({ id: 'results.method.none' })}</Text>;
  }
  return (
    <TableScrollHint>
      <Table.ScrollContainer minWidth={480}>
        <Table striped captionSide="top" data-testid="method-results" className={classes.stickyFirstColumn}>
          <Table.Caption>{caption}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{intl.formatMessage({ id: 'results.column.pupil' })}</Table.Th>
              {tests.map((test) => (
                <Table.Th
                  key={test.methodTestId}
                  scope="col"
                  ta="center"
                  title={`${test.methodName}: ${test.methodTestName}`}
                >
                  {test.methodTestName}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {result.pupils.map((pupil) => (
              <Table.Tr key={pupil.id}>
                <Table.Th scope="row" fw={500}>
                  {fullName(pupil)}
                </Table.Th>
                {tests.map((test) => {
                  const score = pupil.methodScores.find((item) => item.methodTestId === test.methodTestId);
                  return (
                    <Table.Td
                      key={test.methodTestId}
                      ta="center"
                      data-band={score ? LETTER_BAND[score.performance] : undefined}
                      style={
                        score ? { background: BAND_BACKGROUND[LETTER_BAND[score.performance]] } : undefined
                      }
                      title={score ? `${score.score} / ${score.maxScore}` : undefined}
                    >
                      {score ? (
                        <Group gap={4} justify="center" wrap="nowrap">
                          <span data-letter>{score.performance}</span>
                          <ScoreNoteButton
                            kind="method"
                            scoreId={score.id}
                            notes={pupil.methodNotes.filter((note) => note.methodTestScoreId === score.id)}
                            label={`${fullName(pupil)}, ${test.methodTestName}`}
                          />
                        </Group>
                      ) : (
                        '–'
                      )}
                    </Table.Td>
                  );
                })}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </TableScrollHint>
  );
}
