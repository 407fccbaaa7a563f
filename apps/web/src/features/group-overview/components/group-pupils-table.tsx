import { fullName, type Approach, type YearClassResult } from '@leerzicht/contract';
import { Anchor, Badge, Table } from '@mantine/core';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { MessageId } from '../../../i18n/messages';
import { useSubjectName } from '../../../lib/subject-name';

const APPROACH_LABEL: Record<Approach, MessageId> = {
  enriched: 'approaches.enriched',
  basic: 'approaches.basic',
  intensive: 'approaches.intensive',
  undefined: 'approaches.undefined',
};

/** The group's pupils by name with their grade and, per subject that has them, their instruction group. */
export function GroupPupilsTable({ result, schoolId }: { result: YearClassResult; schoolId: number }) {
  const intl = useIntl();
  const subjectName = useSubjectName();
  const subjectIds = new Set(result.pupils.flatMap((pupil) => pupil.approaches.map((a) => a.subjectId)));
  const subjects = result.subjects.filter((subject) => subjectIds.has(subject.id));
  const mixedGrades = result.group.grades.length > 1;
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table striped captionSide="top" data-testid="group-pupils">
        <Table.Caption>{intl.formatMessage({ id: 'groupPage.pupilsCaption' })}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{intl.formatMessage({ id: 'results.column.pupil' })}</Table.Th>
            {mixedGrades && <Table.Th scope="col">{intl.formatMessage({ id: 'groupPage.grade' })}</Table.Th>}
            {subjects.map((subject) => (
              <Table.Th key={subject.id} scope="col">
                {intl.formatMessage({ id: 'groupPage.approachColumn' }, { subject: subjectName(subject) })}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {result.pupils.map((pupil) => (
            <Table.Tr key={pupil.id}>
              <Table.Th scope="row" fw={500}>
                <Anchor component={Link} to={`/app/schools/${schoolId}/pupils/${pupil.id}`}>
                  {fullName(pupil)}
                </Anchor>
                {pupil.citoIsExcluded && (
                  <Badge ml="xs" size="sm" color="gray" variant="outline">
                    {intl.formatMessage({ id: 'groupPage.excluded' })}
                  </Badge>
                )}
              </Table.Th>
              {mixedGrades && <Table.Td>{pupil.grade}</Table.Td>}
              {subjects.map((subject) => {
                const approach = pupil.approaches.find((item) => item.subjectId === subject.id)?.approach;
                return (
                  <Table.Td key={subject.id}>
                    {intl.formatMessage({ id: APPROACH_LABEL[approach ?? 'undefined'] })}
                  </Table.Td>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
