import { fullName, type AttentionReason } from '@leerzicht/contract';
import { Anchor, Group, Stack, Table, Text } from '@mantine/core';
import { useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { SchoolHeader, useSchoolAbilities, useSchoolQuery } from '../../../entities/school';
import type { MessageId } from '../../../i18n/messages';
import { parseRouteId } from '../../../lib/route-ids';
import { useGroupObservations } from '../api/observations';
import { ManageAspectsButton } from '../components/manage-aspects-button';
import { RatingCell } from '../components/rating-cell';
import { useAspectLabel } from '../lib/aspects';

const REASON: Record<AttentionReason, MessageId> = {
  low_rating: 'observations.reason.low_rating',
  mean_drop: 'observations.reason.mean_drop',
};

/**
 * `/app/schools/:schoolId/groups/:yearclassId/social-emotional`: each pupil's latest observation as a colour table,
 * pupils who need attention first (an aspect at 2 or lower, or a mean that fell by a point). Superusers and sencos
 * manage the school's aspects from here.
 */
export function GroupObservationsPage() {
  const intl = useIntl();
  const params = useParams();
  const schoolId = parseRouteId(params.schoolId);
  const yearClassId = parseRouteId(params.yearclassId);
  const { data: school } = useSchoolQuery(schoolId);
  const { data } = useGroupObservations(yearClassId);
  const label = useAspectLabel();
  const { manageAspects: canManageAspects } = useSchoolAbilities(schoolId);
  if (!school || !data || data.view !== 'group') return <PageLoader />;
  const group = school.classes.find((item) => item.yearClassId === yearClassId);
  const groupName = group?.yearClassName ?? '';
  const aspects = data.aspects.filter((aspect) => !aspect.isArchived);
  const observed = data.pupils.filter((row) => row.latest !== null).length;
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="sm">
        <SchoolHeader
          school={school}
          title={intl.formatMessage({ id: 'observations.group.title' }, { group: groupName })}
          crumbs={[
            {
              label: intl.formatMessage({ id: 'results.groups.title' }),
              to: `/app/schools/${schoolId}/groups`,
            },
            { label: groupName },
          ]}
        />
        {canManageAspects && <ManageAspectsButton schoolId={schoolId} />}
      </Group>
      {data.pupils.length === 0 ? (
        <Text c="dimmed">{intl.formatMessage({ id: 'observations.group.noPupils' })}</Text>
      ) : (
        <>
          <Text size="sm">
            {intl.formatMessage(
              { id: 'observations.group.summary' },
              {
                observed,
                total: data.pupils.length,
                attention: data.pupils.filter((row) => row.needsAttention).length,
              },
            )}
          </Text>
          <Table.ScrollContainer minWidth={820}>
            <Table striped captionSide="top" data-testid="group-observations">
              <Table.Caption>{intl.formatMessage({ id: 'observations.group.caption' })}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{intl.formatMessage({ id: 'results.column.pupil' })}</Table.Th>
                  <Table.Th scope="col">{intl.formatMessage({ id: 'observations.column.date' })}</Table.Th>
                  {aspects.map((aspect) => (
                    <Table.Th key={aspect.id} scope="col" ta="center">
                      {label(aspect)}
                    </Table.Th>
                  ))}
                  <Table.Th scope="col" ta="center">
                    {intl.formatMessage({ id: 'observations.mean' })}
                  </Table.Th>
                  <Table.Th scope="col">
                    {intl.formatMessage({ id: 'observations.column.attention' })}
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.pupils.map((row) => (
                  <Table.Tr key={row.pupilId} data-pupil-id={row.pupilId}>
                    <Table.Th scope="row" fw={500}>
                      <Anchor
                        component={Link}
                        to={`/app/schools/${schoolId}/pupils/${row.pupilId}/social-emotional`}
                      >
                        {fullName(row)}
                      </Anchor>
                    </Table.Th>
                    {row.latest === null ? (
                      <Table.Td colSpan={aspects.length + 3}>
                        <Text size="sm" c="dimmed">
                          {intl.formatMessage({ id: 'observations.group.notObserved' })}
                        </Text>
                      </Table.Td>
                    ) : (
                      <>
                        <Table.Td style={{ whiteSpace: 'nowrap' }}>
                          {intl.formatDate(row.latest.observedOn, { dateStyle: 'medium' })}
                        </Table.Td>
                        {aspects.map((aspect) => (
                          <RatingCell
                            key={aspect.id}
                            rating={row.latest?.ratings.find((r) => r.aspectId === aspect.id)?.rating ?? null}
                          />
                        ))}
                        <Table.Td ta="center">{row.latest.mean ?? '–'}</Table.Td>
                        <Table.Td>
                          {row.attentionReasons.map((reason) => (
                            <Text key={reason} size="xs" c="red.8" fw={600}>
                              {intl.formatMessage({ id: REASON[reason] })}
                            </Text>
                          ))}
                        </Table.Td>
                      </>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </>
      )}
    </Stack>
  );
}
