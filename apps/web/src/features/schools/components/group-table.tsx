import type { SchoolClass } from '@leerzicht/contract';
import { Table, Text } from '@mantine/core';
import { FormattedMessage, FormattedNumber } from 'react-intl';

const collator = new Intl.Collator('nl', { sensitivity: 'base', numeric: true });

function byGradeThenName(a: SchoolClass, b: SchoolClass): number {
  return a.yearClassGrade - b.yearClassGrade || collator.compare(a.yearClassName, b.yearClassName);
}

/** "4/5" for a combination group, "8" for an ordinary one. */
function gradeLabel(group: SchoolClass): string {
  const grades = group.grades.length > 0 ? group.grades : [group.yearClassGrade];
  return grades.join('/');
}

export function GroupTable({ groups, caption }: { groups: SchoolClass[]; caption: string }) {
  if (groups.length === 0) {
    return (
      <Text c="dimmed">
        <FormattedMessage id="school.noGroups" />
      </Text>
    );
  }
  return (
    <Table striped highlightOnHover captionSide="top">
      <Table.Caption>{caption}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">
            <FormattedMessage id="school.column.group" />
          </Table.Th>
          <Table.Th scope="col">
            <FormattedMessage id="school.column.grade" />
          </Table.Th>
          <Table.Th scope="col" ta="right">
            <FormattedMessage id="school.column.pupils" />
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {[...groups].sort(byGradeThenName).map((group) => (
          <Table.Tr key={group.yearClassId}>
            <Table.Th scope="row" fw={500}>
              {group.yearClassName}
            </Table.Th>
            <Table.Td>{gradeLabel(group)}</Table.Td>
            <Table.Td ta="right">
              <FormattedNumber value={group.pupilCount} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
