import { observationCreateSchema, type SocialEmotionalAspect } from '@leerzicht/contract';
import { Checkbox, Group, SegmentedControl, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { NoteEditorView } from '../../../components/note-editor/note-editor-view';
import { useNoteEditor } from '../../../components/note-editor/use-note-editor';
import { schemaFieldErrors } from '../../../lib/server-errors';
import { useCreateObservation } from '../api/observations';
import { ratingKey, useAspectLabel } from '../lib/aspects';

const RATINGS = ['1', '2', '3', '4', '5'];

function today(): string {
  const now = new Date();
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * A new observation: the date, a rating 1-5 per active aspect (each optional, at least one) and a note in the shared
 * note editor, which keeps it as a draft in the tab and blocks leaving with it unsaved (spec section 5).
 */
export function ObservationForm({ pupilId, aspects }: { pupilId: number; aspects: SocialEmotionalAspect[] }) {
  const intl = useIntl();
  const label = useAspectLabel();
  const active = aspects.filter((aspect) => !aspect.isArchived);
  const [observedOn, setObservedOn] = useState(today);
  const [ratings, setRatings] = useState<Record<string, string>>({});
  const [confidential, setConfidential] = useState(false);
  const create = useCreateObservation();
  const editor = useNoteEditor({
    draftKey: `observation.${pupilId}.new`,
    // The note is optional: the ratings are the observation.
    required: false,
    fields: ['observedOn', 'ratings'],
    failureMessage: 'observations.form.failed',
    failureAt: 'actions',
    // The form is alone on its page, so the editor keeps the page's guard.
    leaveGuard: 'own',
  });

  const submit = async () => {
    const given = Object.fromEntries(
      Object.entries(ratings)
        .filter(([, value]) => value !== '')
        .map(([key, value]) => [key, Number(value)]),
    );
    // The contract's check, as the server makes it, before anything is sent.
    const parsed = observationCreateSchema.safeParse({
      pupilId,
      observedOn,
      ratings: given,
      content: editor.text,
      confidential,
    });
    if (!parsed.success) {
      editor.refuse(schemaFieldErrors(parsed.error));
      return;
    }
    const outcome = await editor.save(() => create.mutateAsync(parsed.data));
    if (outcome === null) return;
    setRatings({});
    setConfidential(false);
  };

  const ratingsError = editor.errorOf('ratings');
  return (
    <NoteEditorView
      editor={editor}
      formLabel={intl.formatMessage({ id: 'observations.form.title' })}
      gap="sm"
      above={
        <>
          <TextInput
            type="date"
            w={200}
            label={intl.formatMessage({ id: 'observations.form.date' })}
            value={observedOn}
            onChange={(event) => setObservedOn(event.currentTarget.value)}
            error={editor.errorOf('observedOn')}
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
          {ratingsError !== undefined && (
            <Text size="sm" c="red" role="alert">
              {ratingsError}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            {intl.formatMessage({ id: 'observations.form.scale' })}
          </Text>
        </>
      }
      label={intl.formatMessage({ id: 'observations.form.note' })}
      rows={3}
      saveLabel="observations.form.save"
      savedMessage="observations.form.saved"
      onSave={() => void submit()}
      below={
        <Checkbox
          label={intl.formatMessage({ id: 'observations.form.confidential' })}
          checked={confidential}
          onChange={(event) => setConfidential(event.currentTarget.checked)}
        />
      }
    />
  );
}
