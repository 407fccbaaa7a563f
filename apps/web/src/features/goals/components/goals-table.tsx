import { fullName, type GroupGoals } from '@leerzicht/contract';
import { Anchor, Table, Text, VisuallyHidden } from '@mantine/core';
import type { CSSProperties } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { BAND_BACKGROUND } from '../../../lib/band-colours';
import type { GoalCell } from '../lib/goal-bands';
import { groupCell, pupilCell, type DomainColumns } from '../lib/goal-columns';

/** The pupil column stays in view while the goals scroll sideways, as narrow as the longest name. */
const STICKY: CSSProperties = {
  position: 'sticky',
  left: 0,
  zIndex: 1,
  background: 'var(--mantine-color-body)',
  width: '1%',
  whiteSpace: 'nowrap',
};
/** Each domain starts with a stronger line, so the groups of columns read as groups. */
const DOMAIN_EDGE: CSSProperties = { borderLeft: '2px solid var(--mantine-color-gray-5)' };

function Cell({ cell, first, label }: { cell: GoalCell | null; first: boolean; label: string }) {
  const intl = useIntl();
  const edge = first ? DOMAIN_EDGE : undefined;
  if (!cell) {
    return (
      <Table.Td ta="center" c="dimmed" style={edge}>
        <span aria-hidden>–</span>
        <VisuallyHidden>{intl.formatMessage({ id: 'goals.cell.none' })}</VisuallyHidden>
      </Table.Td>
    );
  }
  const points = intl.formatMessage(
    { id: 'goals.cell.points' },
    { score: intl.formatNumber(cell.score), maxScore: cell.maxScore },
  );
  return (
    <Table.Td
      ta="center"
      data-band={cell.band}
      style={{ ...edge, background: BAND_BACKGROUND[cell.band], whiteSpace: 'nowrap' }}
      title={`${label}: ${points}`}
    >
      {intl.formatNumber(cell.percent / 100, { style: 'percent' })}
    </Table.Td>
  );
}

/**
 * Pupils (rows, each leading to the pupil's page) against goals: the columns grouped per domain, then per method
 * test, one per test section with its code and goal. Every cell shows the share of the section's points as a
 * percentage, coloured by its band; the last row is the whole group's share.
 */
export function GoalsTable({
  goals,
  columns,
  schoolId,
}: {
  goals: GroupGoals;
  columns: DomainColumns[];
  schoolId: number;
}) {
  const intl = useIntl();
  const sections = columns.flatMap((domain) =>
    domain.tests.flatMap((test) =>
      test.sections.map((section, index) => ({
        section,
        test,
        first: index === 0 && test === domain.tests[0],
      })),
    ),
  );
  const label = (entry: (typeof sections)[number]) =>
    `${entry.section.domainName}, ${entry.test.label} ${entry.section.code}: ${entry.section.goalName}`;

  return (
    <Table.ScrollContainer minWidth={360} type="native">
      <Table withTableBorder withColumnBorders captionSide="top" data-testid="goals-table">
        <Table.Caption>
          {intl.formatMessage({ id: 'goals.table.caption' }, { group: goals.group.name })}
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col" rowSpan={3} style={{ ...STICKY, verticalAlign: 'bottom' }}>
              {intl.formatMessage({ id: 'goals.column.pupil' })}
            </Table.Th>
            {columns.map((domain) => (
              <Table.Th
                key={domain.domain.id}
                scope="colgroup"
                colSpan={domain.span}
                ta="center"
                style={DOMAIN_EDGE}
              >
                {domain.domain.name}
              </Table.Th>
            ))}
          </Table.Tr>
          <Table.Tr>
            {columns.flatMap((domain) =>
              domain.tests.map((test, index) => (
                <Table.Th
                  key={`${domain.domain.id}-${test.test.id}`}
                  scope="colgroup"
                  colSpan={test.sections.length}
                  ta="center"
                  fw={500}
                  title={`${test.test.methodName}: ${test.test.name}`}
                  style={{ ...(index === 0 ? DOMAIN_EDGE : undefined), whiteSpace: 'nowrap' }}
                >
                  {test.label}
                </Table.Th>
              )),
            )}
          </Table.Tr>
          <Table.Tr>
            {sections.map(({ section, first }) => (
              <Table.Th
                key={section.id}
                scope="col"
                title={section.details ? `${section.goalName} (${section.details})` : section.goalName}
                style={{
                  ...(first ? DOMAIN_EDGE : undefined),
                  minWidth: 96,
                  maxWidth: 140,
                  verticalAlign: 'top',
                }}
              >
                <Text size="xs" fw={700}>
                  {section.code}
                </Text>
                <Text size="xs" fw={400} lineClamp={3}>
                  {section.goalName}
                </Text>
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {goals.pupils.map((pupil) => (
            <Table.Tr key={pupil.id}>
              <Table.Th scope="row" fw={500} style={STICKY}>
                <Anchor component={Link} to={`/app/schools/${schoolId}/pupils/${pupil.id}`} size="sm">
                  {fullName(pupil)}
                </Anchor>
              </Table.Th>
              {sections.map((entry) => (
                <Cell
                  key={entry.section.id}
                  cell={pupilCell(pupil, entry.section.id)}
                  first={entry.first}
                  label={label(entry)}
                />
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th scope="row" style={STICKY}>
              {intl.formatMessage({ id: 'goals.row.group' })}
            </Table.Th>
            {sections.map((entry) => (
              <Cell
                key={entry.section.id}
                cell={groupCell(goals, entry.section.id)}
                first={entry.first}
                label={label(entry)}
              />
            ))}
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}
