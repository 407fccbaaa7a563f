import { NOTE_LIMIT, observationCreateSchema, type SocialEmotionalAspect } from '@leerzicht/contract';
import { Button, Checkbox, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { LimitedTextarea } from '../../../components/forms/limited-textarea';
import { LeaveGuard } from '../../../components/leave-guard';
import { useContractForm } from '../../../components/forms/use-contract-form';
import { ReadOnlyNotice } from '../../../components/read-only-notice';
import { useNoteDraft } from '../../../lib/note-draft';
import { useCreateObservation } from '../api/observations';
import { ratingKey, useAspectLabel } from '../lib/aspects';

const RATINGS = ['1', '2', '3', '4', '5'];

function today(): string {
  const now = new Date();
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** A new observation: the date, a rating 1-5 per active aspect (each optional, at least one) and a note. */
export function ObservationForm({ pupilId, aspects }: { pupilId: number; aspects: SocialEmotionalAspect[] }) {
  const intl = useIntl();
  const label = useAspectLabel();
  const active = aspects.filter((aspect) => !aspect.isArchived);
  const [observedOn, setObservedOn] = useState(today);
  const [ratings, setRatings] = useState<Record<string, string>>({});
  // The note is kept as a draft in the tab, and leaving with it unsaved is blocked (spec section 5).
  const draft = useNoteDraft(`observation.${pupilId}.new`, '');
  const [confidential, setConfidential] = useState(false);
  const form = useContractForm({
    schema: observationCreateSchema,
    mutation: useCreateObservation(),
    failureMessage: 'observations.form.failed',
    onSaved: () => {
      setRatings({});
      draft.clear();
      setConfidential(false);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const given = Object.fromEntries(
      Object.entries(ratings)
        .filter(([, value]) => value !== '')
        .map(([key, value]) => [key, Number(value)]),
    );
    void form.submit({ pupilId, observedOn, ratings: given, content: draft.text, confidential });
  };
  return (
    <form onSubmit={submit} aria-label={intl.formatMessage({ id: 'observations.form.title' })}>
      <LeaveGuard when={draft.text.trim() !== ''} kind="unsavedNote" />
      <Stack gap="sm">
        <TextInput
          type="date"
          w={200}
          label={intl.formatMessage({ id: 'observations.form.date' })}
          value={observedOn}
          onChange={(event) => setObservedOn(event.currentTarget.value)}
          error={form.fieldError('observedOn')}
          required
        />
        {active.map((aspect) => (
          <Group key={aspect.id} gap="sm" wrap="nowrap">
            <Text size="sm" w={200} id={`aspect-${aspect.id}`}>
              {label(aspect)}
            </Text>
            <SegmentedControl
              size="xs"
              aria-labelledby={`aspect-${aspect.id}`}
              value={ratings[ratingKey(aspect)] ?? ''}
              onChange={(value) => setRatings((current) => ({ ...current, [ratingKey(aspect)]: value }))}
              data={[
                { value: '', label: intl.formatMessage({ id: 'observations.form.notRated' }) },
                ...RATINGS.map((value) => ({ value, label: value })),
              ]}
            />
          </Group>
        ))}
        {(form.fieldError('ratings') ?? null) !== null && (
          <Text size="sm" c="red" role="alert">
            {form.fieldError('ratings')}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          {intl.formatMessage({ id: 'observations.form.scale' })}
        </Text>
        <LimitedTextarea
          label={intl.formatMessage({ id: 'observations.form.note' })}
          value={draft.text}
          onChange={draft.setText}
          limit={NOTE_LIMIT}
          rows={3}
          error={form.fieldError('content')}
        />
        <Checkbox
          label={intl.formatMessage({ id: 'observations.form.confidential' })}
          checked={confidential}
          onChange={(event) => setConfidential(event.currentTarget.checked)}
        />
        <Group>
          <Button type="submit" loading={form.pending}>
            {intl.formatMessage({ id: 'observations.form.save' })}
          </Button>
          {form.generalError && (
            <Text size="sm" c="red" role="alert">
              {form.generalError}
            </Text>
          )}
          {form.outcome === 'suppressed' && <ReadOnlyNotice inline />}
          {form.outcome === 'saved' && (
            <Text size="sm" c="teal" role="status">
              {intl.formatMessage({ id: 'observations.form.saved' })}
            </Text>
          )}
        </Group>
      </Stack>
    </form>
  );
}
