import type { Exam, SubjectResult } from '@leerzicht/contract';
import { Anchor, Table } from '@mantine/core';
import { useIntl } from 'react-intl';
import type { MessageId } from '../../../i18n/messages';
import { Link } from 'react-router';
import { formatScore, yearLabel } from '../lib/format';
import { ScoreCell } from './score-cell';

interface SubjectExamsTableProps {
  schoolId: number;
  subjectId: number;
  exams: { exam: Exam; result: SubjectResult }[];
  caption: string;
}

/** The school's aggregate of the subject per exam, newest first, each leading to the distribution at that moment. */
export function SubjectExamsTable({ schoolId, subjectId, exams, caption }: SubjectExamsTableProps) {
  const intl = useIntl();
  const format = (value: number | null) => formatScore(intl.locale, value);
  const header = (id: MessageId, align: 'left' | 'right' = 'right') => (
    <Table.Th scope="col" ta={align}>
      {intl.formatMessage({ id })}
    </Table.Th>
  );
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped captionSide="top" data-testid="subject-exams">
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {header('results.column.moment', 'left')}
            {header('results.column.pupils')}
            {header('results.column.meanAbility')}
            {header('results.column.meanPercentile')}
            {header('results.column.meanLevelValue')}
            {header('results.column.share1F')}
            {header('results.column.shareTarget')}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {[...exams].reverse().map(({ exam, result }) => (
            <Table.Tr key={exam.key}>
              <Table.Th scope="row">
                <Anchor
                  component={Link}
                  to={`/app/schools/${schoolId}/subjects/${subjectId}/details/${exam.calendarYear}/${exam.yearTime}`}
                >
                  {intl.formatMessage(
                    { id: 'results.moment' },
                    { yearTime: exam.yearTime, year: yearLabel(exam.calendarYear) },
                  )}
                </Anchor>
              </Table.Th>
              <Table.Td ta="right">{result.school.pupilCount}</Table.Td>
              <Table.Td ta="right">{format(result.school.meanAbilityScore)}</Table.Td>
              <ScoreCell measure="percentile" value={result.school.meanPercentile}>
                {format(result.school.meanPercentile)}
              </ScoreCell>
              <ScoreCell measure="levelValue" value={result.school.meanLevelValue}>
                {format(result.school.meanLevelValue)}
              </ScoreCell>
              <Table.Td ta="right">{format(result.school.share1F)}</Table.Td>
              <Table.Td ta="right">{format(result.school.shareTarget)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
