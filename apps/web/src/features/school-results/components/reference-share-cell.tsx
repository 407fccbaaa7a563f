import type { ResultAggregate } from '@leerzicht/contract';
import { Table, Text } from '@mantine/core';
import { useIntl } from 'react-intl';
import { formatScore } from '../../../entities/results';

/** "grades 7-8" for [7, 8], "grade 8" for [8]: which grades a reference-level share covers. */
export function gradesLabel(grades: readonly number[]): string {
  if (grades.length === 0) return '';
  const first = grades[0];
  const last = grades[grades.length - 1];
  return first === last ? String(first) : `${first}-${last}`;
}

/**
 * A share at a reference level, with the grades and the number of results it is taken over: only results that
 * carry a reference level count, so the share of a whole school says whose results it is.
 */
export function ReferenceShareCell({
  aggregate,
  share,
}: {
  aggregate: ResultAggregate;
  share: number | null;
}) {
  const intl = useIntl();
  if (share === null) return <Table.Td ta="right">–</Table.Td>;
  const over = intl.formatMessage(
    { id: 'results.referenceShare.over' },
    {
      count: aggregate.referenceCount,
      grades: gradesLabel(aggregate.referenceGrades),
    },
  );
  return (
    <Table.Td ta="right" title={over}>
      {formatScore(intl.locale, share)}
      <Text span size="xs" c="dimmed" display="block">
        {over}
      </Text>
    </Table.Td>
  );
}
