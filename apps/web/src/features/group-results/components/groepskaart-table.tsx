import { fullName, levelValueForRoman, ROMAN_LEVELS, scoreBand } from '@leerzicht/contract';
import { Anchor, Badge, Group, Stack, Table, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { YearClassResult } from '@leerzicht/contract';
import { useSubjectName } from '../../../lib/subject-name';
import { BAND_BACKGROUND, shortMomentLabel } from '../../../entities/results';
import { buildGroepskaart, LEVEL_ROWS, levelRowLabel, type GroepskaartPupil } from '../lib/groepskaart';
import classes from '../../../components/sticky-table.module.css';
import { TableScrollHint } from '../../../components/table-scroll-hint';

// Dark enough for white text at badge size (contrast at least 4.5:1); orange.9 is not.
const APPROACH_COLOUR = { enriched: 'teal.9', basic: 'blue.9', intensive: '#a63c06' } as const;

function PupilEntry({ schoolId, item }: { schoolId: number; item: GroepskaartPupil }) {
  const intl = useIntl();
  return (
    <Group gap={4} data-pupil-id={item.pupil.id}>
      <Anchor component={Link} to={`/app/schools/${schoolId}/pupils/${item.pupil.id}`} size="sm">
        {fullName(item.pupil)}
      </Anchor>
      {item.approach && (
        <Badge
          size="xs"
          variant="filled"
          color={APPROACH_COLOUR[item.approach]}
          data-approach={item.approach}
        >
          {intl.formatMessage({ id: `approaches.${item.approach}` })}
        </Badge>
      )}
    </Group>
  );
}

/**
 * The groepskaart: per subject (columns) the group's pupils by level (rows I..V) at the subject's latest moment,
 * each with their instruction group; the last row names the pupils without a level there.
 */
export function GroepskaartTable({ schoolId, result }: { schoolId: number; result: YearClassResult }) {
  const intl = useIntl();
  const subjectName = useSubjectName();
  const map = useMemo(() => buildGroepskaart(result), [result]);
  return (
    <TableScrollHint>
      <Table.ScrollContainer minWidth={180 * (map.columns.length + 1)}>
        <Table
          withColumnBorders
          captionSide="top"
          className={classes.stickyFirstColumn}
          data-testid="groepskaart"
          verticalSpacing="xs"
        >
          <Table.Caption>
            {intl.formatMessage({ id: 'results.groepskaart.caption' }, { group: result.group.name })}
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{intl.formatMessage({ id: 'results.column.level' })}</Table.Th>
              {map.columns.map((column) => (
                <Table.Th key={column.subject.id} scope="col" data-subject-id={column.subject.id}>
                  <Stack gap={0}>
                    <span>{subjectName(column.subject)}</span>
                    <Text size="xs" c="gray.7" component="span">
                      {column.moment ? shortMomentLabel(column.moment) : '–'}
                    </Text>
                  </Stack>
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {LEVEL_ROWS.map((row) => {
              const band = scoreBand('levelValue', levelValueForRoman(ROMAN_LEVELS[row]));
              return (
                <Table.Tr key={row} data-level-row={row}>
                  <Table.Th
                    scope="row"
                    style={band === 'middle' ? undefined : { background: BAND_BACKGROUND[band] }}
                  >
                    {intl.formatMessage(
                      { id: 'results.groepskaart.level' },
                      { level: levelRowLabel(row, map.scales) },
                    )}
                  </Table.Th>
                  {map.columns.map((column) => (
                    <Table.Td key={column.subject.id} data-subject-id={column.subject.id} valign="top">
                      <Stack gap={2}>
                        {column.levels[row]?.map((item) => (
                          <PupilEntry key={item.pupil.id} schoolId={schoolId} item={item} />
                        ))}
                      </Stack>
                    </Table.Td>
                  ))}
                </Table.Tr>
              );
            })}
            <Table.Tr data-level-row="none">
              <Table.Th scope="row">{intl.formatMessage({ id: 'results.groepskaart.noLevel' })}</Table.Th>
              {map.columns.map((column) => (
                <Table.Td key={column.subject.id} data-subject-id={column.subject.id} valign="top">
                  <Text size="sm" c="gray.7">
                    {column.withoutLevel.map((pupil) => fullName(pupil)).join(', ')}
                  </Text>
                </Table.Td>
              ))}
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </TableScrollHint>
  );
}
