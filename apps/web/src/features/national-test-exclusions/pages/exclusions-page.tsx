import { Alert, Button, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import { fullName, type ExclusionPupil } from '@leerzicht/contract';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { ReadOnlyNotice } from '../../../components/read-only-notice';
import { SchoolHeader, useSchoolQuery } from '../../../entities/school';
import { isSuppressed } from '../../../lib/api-client';
import { useCurrentProfile } from '../../../lib/current-profile';
import { parseRouteId } from '../../../lib/route-ids';
import { detailOf, fieldErrorsOf } from '../../../lib/server-errors';
import { useExclusionsQuery, useUpdateExclusions } from '../api/exclusions';
import { ExclusionsTable } from '../components/exclusions-table';
import { ReasonModal } from '../components/reason-modal';
import { translateExclusionMessage, visiblePupils } from '../lib/exclusion-list';

/**
 * `/app/schools/:schoolId/admin/pupils` (Management > Pupils): the school's pupils of the session's school year,
 * searchable and sorted on the word after the name particle, with a switch per pupil (and a bulk action) for
 * "excluded from national tests", the reason and who changed it when. The admin guard lets superusers only in.
 */
export function ExclusionsPage() {
  const intl = useIntl();
  const schoolId = parseRouteId(useParams().schoolId);
  const { currentSchoolYear } = useCurrentProfile();
  const { data: school } = useSchoolQuery(schoolId);
  const { data } = useExclusionsQuery(schoolId, currentSchoolYear);
  const update = useUpdateExclusions();
  const [search, setSearch] = useState('');
  const [onlyExcluded, setOnlyExcluded] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [asking, setAsking] = useState<{ ids: number[]; subject: string } | null>(null);
  const [message, setMessage] = useState<'suppressed' | string | null>(null);
  if (!school || !data) return <PageLoader />;

  const title = intl.formatMessage({ id: 'exclusions.title' });
  const pupils = visiblePupils(data.pupils, search).filter((pupil) => !onlyExcluded || pupil.citoIsExcluded);
  const chosen = visiblePupils(data.pupils, '')
    .filter((pupil) => selected.has(pupil.id))
    .map((pupil) => pupil.id);

  const select = (ids: number[], on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids)
        if (on) next.add(id);
        else next.delete(id);
      return next;
    });
  const include = async (ids: number[]) => {
    setMessage(null);
    try {
      const result = await update.mutateAsync({ schoolId, pupilIds: ids, excluded: false });
      if (isSuppressed(result)) setMessage('suppressed');
      else setSelected(new Set());
    } catch (error) {
      const first = Object.values(fieldErrorsOf(error)).flat()[0] ?? detailOf(error);
      setMessage(
        first
          ? translateExclusionMessage(intl, first)
          : intl.formatMessage({ id: 'exclusions.error.failed' }),
      );
    }
  };
  const toggle = (pupil: ExclusionPupil, excluded: boolean) => {
    if (excluded) setAsking({ ids: [pupil.id], subject: fullName(pupil) });
    else void include([pupil.id]);
  };
  const excludedCount = data.pupils.filter((pupil) => pupil.citoIsExcluded).length;

  return (
    <Stack gap="lg">
      <SchoolHeader
        school={school}
        title={title}
        crumbs={[{ label: intl.formatMessage({ id: 'menu.admin' }) }, { label: title }]}
      />
      <Text c="dimmed" maw={760}>
        {intl.formatMessage(
          { id: 'exclusions.intro' },
          { year: `${data.calendarYear}-${data.calendarYear + 1}`, count: excludedCount },
        )}
      </Text>
      <Group align="flex-end" justify="space-between">
        <Group align="flex-end">
          <TextInput
            label={intl.formatMessage({ id: 'exclusions.search' })}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            w={320}
          />
          <Checkbox
            label={intl.formatMessage({ id: 'exclusions.onlyExcluded' })}
            checked={onlyExcluded}
            onChange={(event) => setOnlyExcluded(event.currentTarget.checked)}
            mb={8}
          />
        </Group>
        <Group>
          <Text size="sm" c="dimmed" aria-live="polite">
            {intl.formatMessage({ id: 'exclusions.selected' }, { count: chosen.length })}
          </Text>
          <Button
            disabled={chosen.length === 0}
            onClick={() =>
              setAsking({
                ids: chosen,
                subject: intl.formatMessage({ id: 'exclusions.pupilCount' }, { count: chosen.length }),
              })
            }
          >
            {intl.formatMessage({ id: 'exclusions.bulk.exclude' })}
          </Button>
          <Button
            variant="default"
            disabled={chosen.length === 0}
            loading={update.isPending && asking === null}
            onClick={() => void include(chosen)}
          >
            {intl.formatMessage({ id: 'exclusions.bulk.include' })}
          </Button>
        </Group>
      </Group>
      {message === 'suppressed' && <ReadOnlyNotice />}
      {message !== null && message !== 'suppressed' && (
        <Alert color="red" role="alert">
          {message}
        </Alert>
      )}
      {pupils.length === 0 ? (
        <Text c="dimmed">
          {intl.formatMessage({ id: data.pupils.length === 0 ? 'exclusions.none' : 'exclusions.noMatch' })}
        </Text>
      ) : (
        <ExclusionsTable
          pupils={pupils}
          selected={selected}
          onSelect={select}
          onToggle={toggle}
          busy={update.isPending}
        />
      )}
      <ReasonModal
        key={asking?.ids.join(',') ?? 'closed'}
        schoolId={schoolId}
        pupilIds={asking?.ids ?? []}
        subject={asking?.subject ?? ''}
        onClose={() => setAsking(null)}
        onSaved={() => {
          setAsking(null);
          setSelected(new Set());
        }}
      />
    </Stack>
  );
}
