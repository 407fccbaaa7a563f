import { ROMAN_LEVELS, type SubjectResult } from '@leerzicht/contract';
import { Anchor, Stack, Table } from '@mantine/core';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { ChartPanel } from '../../../components/charts/chart-panel';
import { formatScore, levelShares, ScoreCell, useUserSettings } from '../../../entities/results';
import { levelDistributionChart } from '../lib/subject-detail';
import { aggregateVerdict } from '../lib/verdict';

/** The distribution over levels I-V per group at one moment, as a stacked chart and a table; groups lead to their results. */
export function LevelDistribution({
  schoolId,
  result,
  title,
}: {
  schoolId: number;
  result: SubjectResult;
  title: string;
}) {
  const intl = useIntl();
  const { verdictMeasure, showNationalAverage } = useUserSettings();
  const spec = levelDistributionChart(
    result,
    {
      school: intl.formatMessage({ id: 'results.series.school' }),
      national: intl.formatMessage({ id: 'results.series.national' }),
    },
    showNationalAverage,
  );
  const groups = [...result.yearClasses].sort(
    (a, b) => a.grade - b.grade || a.yearClassName.localeCompare(b.yearClassName, 'nl'),
  );
  return (
    <Stack gap="sm">
      <ChartPanel
        spec={spec}
        title={title}
        categoryLabel={intl.formatMessage({ id: 'school.column.group' })}
      />
      <Table.ScrollContainer minWidth={640}>
        <Table striped captionSide="top" data-testid="group-levels">
          <Table.Caption>{intl.formatMessage({ id: 'results.subject.groupsCaption' })}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{intl.formatMessage({ id: 'school.column.group' })}</Table.Th>
              <Table.Th scope="col" ta="right">
                {intl.formatMessage({ id: 'results.column.pupils' })}
              </Table.Th>
              <Table.Th scope="col" ta="right">
                {intl.formatMessage({ id: 'results.column.meanPercentile' })}
              </Table.Th>
              {ROMAN_LEVELS.map((level) => (
                <Table.Th key={level} scope="col" ta="right">
                  {intl.formatMessage({ id: 'results.column.levelShare' }, { level })}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {groups.map((group) => {
              const shares = levelShares(group.levels);
              return (
                <Table.Tr key={group.yearClassId}>
                  <Table.Th scope="row">
                    <Anchor
                      component={Link}
                      to={`/app/schools/${schoolId}/groups/${group.yearClassId}/results`}
                    >
                      {group.yearClassName}
                    </Anchor>
                  </Table.Th>
                  <Table.Td ta="right">{group.pupilCount}</Table.Td>
                  <ScoreCell band={aggregateVerdict(group, verdictMeasure)}>
                    {formatScore(intl.locale, group.meanPercentile)}
                  </ScoreCell>
                  {ROMAN_LEVELS.map((level) => (
                    <Table.Td key={level} ta="right">
                      {formatScore(intl.locale, shares[level])}
                    </Table.Td>
                  ))}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
