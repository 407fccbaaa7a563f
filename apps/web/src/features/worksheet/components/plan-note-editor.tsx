import { NOTE_LIMIT } from '@leerzicht/contract';
import { Button, Group, NativeSelect, Stack } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { LimitedTextarea } from '../../../components/forms/limited-textarea';
import { ReadOnlyNotice } from '../../../components/read-only-notice';
import { isSuppressed } from '../../../lib/api-client';
import { useNoteDraft } from '../../../lib/note-draft';
import { fieldError, fieldErrorsOf } from '../../../lib/server-errors';

interface PlanNoteEditorProps {
  draftKey: string;
  /** The text being changed (an existing note) or '' (a new one). */
  initial: string;
  /** For a PUPIL category: the pupils a note can be about. */
  pupils?: { id: number; name: string }[];
  pending: boolean;
  onSave: (values: { content: string; pupilId: number | null }) => Promise<unknown>;
  onCancel?: () => void;
  onDirtyChange: (dirty: boolean) => void;
}

/**
 * A note in a category of the plan: the text with its counter (pasted text cut to the limit), kept as a draft in the
 * tab; while it holds unsaved text the page blocks leaving (spec section 5).
 */
export function PlanNoteEditor({
  draftKey,
  initial,
  pupils,
  pending,
  onSave,
  onCancel,
  onDirtyChange,
}: PlanNoteEditorProps) {
  const intl = useIntl();
  const draft = useNoteDraft(draftKey, initial);
  const [pupilId, setPupilId] = useState('');
  const [errors, setErrors] = useState<{ content?: string; pupilId?: string }>({});
  const [suppressed, setSuppressed] = useState(false);
  const dirty = draft.text.trim() !== initial.trim();
  useEffect(() => {
    onDirtyChange(dirty);
    return () => onDirtyChange(false);
  }, [dirty, onDirtyChange]);

  const save = async () => {
    const required = intl.formatMessage({ id: 'form.required' });
    const missing = {
      content: draft.text.trim() === '' ? required : undefined,
      pupilId: pupils && pupilId === '' ? required : undefined,
    };
    setErrors(missing);
    if (missing.content || missing.pupilId) return;
    try {
      const answer = await onSave({ content: draft.text, pupilId: pupilId === '' ? null : Number(pupilId) });
      setSuppressed(isSuppressed(answer));
      draft.clear();
      setPupilId('');
    } catch (failure) {
      const fields = fieldErrorsOf(failure);
      setErrors({
        content: fieldError(intl, fields, 'content') ?? intl.formatMessage({ id: 'notes.saveFailed' }),
        pupilId: fieldError(intl, fields, 'pupilId'),
      });
    }
  };

  return (
    <Stack gap={6}>
      {pupils && (
        <NativeSelect
          size="xs"
          label={intl.formatMessage({ id: 'worksheet.note.pupil' })}
          withAsterisk
          value={pupilId}
          error={errors.pupilId}
          onChange={(event) => setPupilId(event.currentTarget.value)}
          data={[
            { value: '', label: intl.formatMessage({ id: 'groupNotes.new.choose' }), disabled: true },
            ...pupils.map((pupil) => ({ value: String(pupil.id), label: pupil.name })),
          ]}
        />
      )}
      <LimitedTextarea
        size="sm"
        label={intl.formatMessage({ id: initial ? 'notes.content' : 'worksheet.note.new' })}
        withAsterisk
        value={draft.text}
        onChange={draft.setText}
        limit={NOTE_LIMIT}
        rows={2}
        error={errors.content}
      />
      <Group gap="xs">
        <Button size="compact-sm" loading={pending} onClick={() => void save()}>
          {intl.formatMessage({ id: 'notes.save' })}
        </Button>
        {onCancel && (
          <Button
            size="compact-sm"
            variant="default"
            onClick={() => {
              draft.clear();
              onCancel();
            }}
          >
            {intl.formatMessage({ id: 'notes.cancel' })}
          </Button>
        )}
        {suppressed && <ReadOnlyNotice inline />}
      </Group>
    </Stack>
  );
}
