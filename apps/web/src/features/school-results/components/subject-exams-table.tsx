import type { Exam, SubjectResult } from '@leerzicht/contract';
import { Anchor, Table } from '@mantine/core';
import { useIntl } from 'react-intl';
import type { MessageId } from '../../../i18n/messages';
import { Link } from 'react-router';
import { formatScore, ScoreCell, testLabel, useUserSettings, yearLabel } from '../../../entities/results';
import { aggregateVerdict } from '../lib/verdict';
import { ReferenceShareCell } from './reference-share-cell';

interface SubjectExamsTableProps {
  schoolId: number;
  subjectId: number;
  exams: { exam: Exam; result: SubjectResult }[];
  caption: string;
}

/** The school's aggregate of the subject per exam, newest first, each leading to the distribution at that moment. */
export function SubjectExamsTable({ schoolId, subjectId, exams, caption }: SubjectExamsTableProps) {
  const intl = useIntl();
  const { verdictMeasure } = useUserSettings();
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
            {header('results.column.test')}
            {header('results.column.meanAbility')}
            {header('results.column.meanPercentile')}
            {header('results.column.meanLevelValue')}
            {header('results.column.share1F')}
            {header('results.column.shareTarget')}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {[...exams].reverse().map(({ exam, result }) => {
            const band = aggregateVerdict(result.school, verdictMeasure);
            const mixed = result.school.tests.length > 1;
            return (
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
                <Table.Td ta="right">{result.school.tests.map(testLabel).join(', ')}</Table.Td>
                <ScoreCell
                  band={mixed ? null : band}
                  title={mixed ? intl.formatMessage({ id: 'results.meanAbility.mixedTests' }) : undefined}
                >
                  {format(result.school.meanAbilityScore)}
                </ScoreCell>
                <ScoreCell band={band}>{format(result.school.meanPercentile)}</ScoreCell>
                <ScoreCell band={band}>{format(result.school.meanLevelValue)}</ScoreCell>
                <ReferenceShareCell aggregate={result.school} share={result.school.share1F} />
                <ReferenceShareCell aggregate={result.school} share={result.school.shareTarget} />
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
