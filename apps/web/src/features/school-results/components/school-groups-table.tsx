import { GRADE_THRESHOLD, type SchoolClass } from '@leerzicht/contract';
import { Anchor, Table, Text } from '@mantine/core';
import { FormattedMessage, FormattedNumber, useIntl } from 'react-intl';
import { Link } from 'react-router';

const collator = new Intl.Collator('nl', { sensitivity: 'base', numeric: true });

function byGradeThenName(a: SchoolClass, b: SchoolClass): number {
  return a.yearClassGrade - b.yearClassGrade || collator.compare(a.yearClassName, b.yearClassName);
}

/** "4/5" for a combination group, "8" for an ordinary one. */
function gradeLabel(group: SchoolClass): string {
  return (group.grades.length > 0 ? group.grades : [group.yearClassGrade]).join('/');
}

interface SchoolGroupsTableProps {
  schoolId: number;
  groups: SchoolClass[];
  caption: string;
  /** Adds a column with the way into the group's results (grade 3 and higher). */
  withResults?: boolean;
  /** Whether the user sees every group of the school (superuser, senco) or only their own (a teacher). */
  wholeSchool?: boolean;
}

/** The groups of the school year, by grade then name; a group's name leads to its page. */
export function SchoolGroupsTable({
  schoolId,
  groups,
  caption,
  withResults = false,
  wholeSchool = true,
}: SchoolGroupsTableProps) {
  const intl = useIntl();
  if (groups.length === 0) {
    // A teacher sees only their own groups: say that, and who can change it.
    return (
      <Text c="dimmed">
        <FormattedMessage id={wholeSchool ? 'school.noGroups' : 'school.noOwnGroups'} />
      </Text>
    );
  }
  const resultsPath = (group: SchoolClass) => `/app/schools/${schoolId}/groups/${group.yearClassId}/results`;
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
          {withResults && (
            <Table.Th scope="col">
              <FormattedMessage id="results.column.results" />
            </Table.Th>
          )}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {[...groups].sort(byGradeThenName).map((group) => {
          const upper = group.yearClassGrade >= GRADE_THRESHOLD;
          return (
            <Table.Tr key={group.yearClassId}>
              <Table.Th scope="row" fw={500}>
                <Anchor component={Link} to={`/app/schools/${schoolId}/groups/${group.yearClassId}`}>
                  {group.yearClassName}
                </Anchor>
              </Table.Th>
              <Table.Td>{gradeLabel(group)}</Table.Td>
              <Table.Td ta="right">
                <FormattedNumber value={group.pupilCount} />
              </Table.Td>
              {withResults && (
                <Table.Td>
                  {upper ? (
                    <Anchor component={Link} to={resultsPath(group)}>
                      {intl.formatMessage(
                        { id: 'results.group.openResults' },
                        { group: group.yearClassName },
                      )}
                    </Anchor>
                  ) : (
                    <Text size="sm" c="dimmed">
                      {intl.formatMessage({ id: 'results.group.belowThreshold' }, { grade: GRADE_THRESHOLD })}
                    </Text>
                  )}
                </Table.Td>
              )}
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
