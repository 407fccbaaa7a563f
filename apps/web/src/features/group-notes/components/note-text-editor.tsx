import { NOTE_LIMIT, type AllNote } from '@leerzicht/contract';
import { Button, Group, Stack } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { LimitedTextarea } from '../../../components/forms/limited-textarea';
import { useNoteDraft } from '../../../lib/note-draft';
import { fieldError, fieldErrorsOf } from '../../../lib/server-errors';
import { useEditNote } from '../api/all-notes';
import type { EditableKind } from '../lib/note-kinds';

/** A note's text being changed in place, kept as a draft in the tab until saved or cancelled. */
export function NoteTextEditor({
  kind,
  note,
  onDirtyChange,
  onDone,
}: {
  kind: EditableKind;
  note: AllNote;
  onDirtyChange: (dirty: boolean) => void;
  onDone: (answer: unknown) => void;
}) {
  const intl = useIntl();
  const draft = useNoteDraft(`group.${kind}.${note.id}`, note.content);
  const edit = useEditNote();
  const [error, setError] = useState<string | null>(null);
  const dirty = draft.text.trim() !== note.content.trim();
  useEffect(() => {
    onDirtyChange(dirty);
    return () => onDirtyChange(false);
  }, [dirty, onDirtyChange]);
  const save = async () => {
    setError(null);
    if (draft.text.trim() === '') {
      setError(intl.formatMessage({ id: 'form.required' }));
      return;
    }
    try {
      const answer = await edit.mutateAsync({ kind, id: note.id, content: draft.text });
      draft.clear();
      onDone(answer);
    } catch (failure) {
      setError(
        fieldError(intl, fieldErrorsOf(failure), 'content') ?? intl.formatMessage({ id: 'notes.saveFailed' }),
      );
    }
  };
  return (
    <Stack gap="xs">
      <LimitedTextarea
        label={intl.formatMessage({ id: 'notes.content' })}
        value={draft.text}
        onChange={draft.setText}
        limit={NOTE_LIMIT}
        rows={3}
        error={error ?? undefined}
      />
      <Group gap="xs">
        <Button size="xs" loading={edit.isPending} onClick={() => void save()}>
          {intl.formatMessage({ id: 'notes.save' })}
        </Button>
        <Button
          size="xs"
          variant="default"
          onClick={() => {
            draft.clear();
            onDone(undefined);
          }}
        >
          {intl.formatMessage({ id: 'notes.cancel' })}
        </Button>
      </Group>
    </Stack>
  );
}
