import { Anchor, Stack, Table } from '@mantine/core';
import { useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { useSchoolQuery } from '../../../entities/school';
import { useYearGradesQuery } from '../api/get-year-grades';
import { NoResults, parseId, yearLabel } from '../../../entities/results';
import { SchoolHeader } from '../../../entities/school';

/** `/app/schools/:schoolId/years`: the grades of the school, each leading to its cohorts over the years. */
export function YearGradesPage() {
  const intl = useIntl();
  const schoolId = parseId(useParams().schoolId);
  const { data: school } = useSchoolQuery(schoolId);
  const { data: grades } = useYearGradesQuery(schoolId);
  if (!school || !grades) return <PageLoader />;
  const title = intl.formatMessage({ id: 'results.grades.title' });
  return (
    <Stack gap="lg">
      <SchoolHeader school={school} title={title} crumbs={[{ label: title }]} />
      {grades.length === 0 ? (
        <NoResults schoolId={schoolId} />
      ) : (
        <Table striped captionSide="top">
          <Table.Caption>{intl.formatMessage({ id: 'results.grades.caption' })}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{intl.formatMessage({ id: 'school.column.grade' })}</Table.Th>
              <Table.Th scope="col">{intl.formatMessage({ id: 'results.column.schoolYears' })}</Table.Th>
              <Table.Th scope="col" ta="right">
                {intl.formatMessage({ id: 'results.column.groupCount' })}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {[...grades]
              .sort((a, b) => a.grade - b.grade)
              .map((grade) => (
                <Table.Tr key={grade.id}>
                  <Table.Th scope="row">
                    <Anchor component={Link} to={`/app/schools/${schoolId}/years/${grade.id}`}>
                      {intl.formatMessage({ id: 'results.series.grade' }, { grade: grade.grade })}
                    </Anchor>
                  </Table.Th>
                  <Table.Td>
                    {grade.calendarYears.length > 0
                      ? `${yearLabel(Math.min(...grade.calendarYears))} – ${yearLabel(Math.max(...grade.calendarYears))}`
                      : '–'}
                  </Table.Td>
                  <Table.Td ta="right">{grade.yearClassCount}</Table.Td>
                </Table.Tr>
              ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
