import { fullName } from '@leerzicht/contract';
import { Card, Stack, Table, Text, Title } from '@mantine/core';
import { useIntl } from 'react-intl';
import { useParams } from 'react-router';
import { ChartPanel } from '../../../components/charts/chart-panel';
import { PageLoader } from '../../../components/page-loader';
import { usePupilQuery } from '../../../entities/pupil';
import { SchoolHeader, useSchoolQuery } from '../../../entities/school';
import { parseRouteId } from '../../../lib/route-ids';
import { usePupilObservations } from '../api/observations';
import { ObservationForm } from '../components/observation-form';
import { RatingCell } from '../components/rating-cell';
import { useAspectLabel } from '../lib/aspects';
import { observationChart } from '../lib/observation-chart';

/** `/app/schools/:schoolId/pupils/:pupilId/social-emotional`: the pupil's observations over time, and a new one. */
export function PupilObservationsPage() {
  const intl = useIntl();
  const params = useParams();
  const schoolId = parseRouteId(params.schoolId);
  const pupilId = parseRouteId(params.pupilId);
  const { data: school } = useSchoolQuery(schoolId);
  const { data: pupil } = usePupilQuery(pupilId, schoolId);
  const { data } = usePupilObservations(pupilId);
  const label = useAspectLabel();
  if (!school || !pupil || !data || data.view !== 'pupil') return <PageLoader />;
  const name = fullName(pupil);
  const aspects = data.aspects.filter(
    (aspect) =>
      !aspect.isArchived || data.observations.some((o) => o.ratings.some((r) => r.aspectId === aspect.id)),
  );
  const newestFirst = [...data.observations].reverse();
  return (
    <Stack gap="lg">
      <SchoolHeader
        school={school}
        title={intl.formatMessage({ id: 'observations.pupil.title' }, { name })}
        crumbs={[
          {
            label: intl.formatMessage({ id: 'results.pupils.title' }),
            to: `/app/schools/${schoolId}/pupils`,
          },
          { label: name, to: `/app/schools/${schoolId}/pupils/${pupilId}` },
          { label: intl.formatMessage({ id: 'observations.title' }) },
        ]}
      />
      {data.observations.length === 0 ? (
        <Text c="dimmed">{intl.formatMessage({ id: 'observations.pupil.none' })}</Text>
      ) : (
        <>
          <ChartPanel
            spec={observationChart(data, {
              mean: intl.formatMessage({ id: 'observations.mean' }),
              aspect: label,
            })}
            title={intl.formatMessage({ id: 'observations.pupil.chartTitle' }, { name })}
            categoryLabel={intl.formatMessage({ id: 'observations.column.date' })}
            height={260}
          />
          <Table.ScrollContainer minWidth={720}>
            <Table striped captionSide="top" data-testid="pupil-observations">
              <Table.Caption>{intl.formatMessage({ id: 'observations.pupil.caption' })}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{intl.formatMessage({ id: 'observations.column.date' })}</Table.Th>
                  {aspects.map((aspect) => (
                    <Table.Th key={aspect.id} scope="col" ta="center">
                      {label(aspect)}
                    </Table.Th>
                  ))}
                  <Table.Th scope="col" ta="center">
                    {intl.formatMessage({ id: 'observations.mean' })}
                  </Table.Th>
                  <Table.Th scope="col">{intl.formatMessage({ id: 'observations.column.note' })}</Table.Th>
                  <Table.Th scope="col">
                    {intl.formatMessage({ id: 'observations.column.observer' })}
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {newestFirst.map((observation) => (
                  <Table.Tr key={observation.id}>
                    <Table.Th scope="row" fw={500} style={{ whiteSpace: 'nowrap' }}>
                      {intl.formatDate(observation.observedOn, { dateStyle: 'medium' })}
                    </Table.Th>
                    {aspects.map((aspect) => (
                      <RatingCell
                        key={aspect.id}
                        rating={observation.ratings.find((r) => r.aspectId === aspect.id)?.rating ?? null}
                      />
                    ))}
                    <Table.Td ta="center">{observation.mean ?? '–'}</Table.Td>
                    <Table.Td>
                      {observation.confidential && (
                        <Text span size="xs" c="dimmed">
                          {intl.formatMessage({ id: 'observations.confidential' })}{' '}
                        </Text>
                      )}
                      {observation.content}
                    </Table.Td>
                    <Table.Td>{observation.authorName}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </>
      )}
      <Card withBorder>
        <Title order={2} size="h3" mb="sm">
          {intl.formatMessage({ id: 'observations.form.title' })}
        </Title>
        <ObservationForm pupilId={pupilId} aspects={data.aspects} />
      </Card>
    </Stack>
  );
}
