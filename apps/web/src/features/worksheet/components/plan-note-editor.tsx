import { NativeSelect } from '@mantine/core';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { NoteEditorView } from '../../../components/note-editor/note-editor-view';
import { useNoteEditor } from '../../../components/note-editor/use-note-editor';

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
 * A note in a category of the plan: the shared note editor (text, counter, draft, save), and in a pupil category
 * the pupil it is about; while it holds unsaved text the page blocks leaving (spec section 5).
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
  const editor = useNoteEditor({
    draftKey,
    initial,
    fields: ['pupilId'],
    leaveGuard: onDirtyChange,
    pending,
  });
  const [pupilId, setPupilId] = useState('');

  const save = async () => {
    const outcome = await editor.save(
      (content) => onSave({ content, pupilId: pupilId === '' ? null : Number(pupilId) }),
      { missing: pupils && pupilId === '' ? ['pupilId'] : [] },
    );
    if (outcome !== null) setPupilId('');
  };

  return (
    <NoteEditorView
      editor={editor}
      gap={6}
      size="sm"
      label={intl.formatMessage({ id: initial ? 'notes.content' : 'worksheet.note.new' })}
      withAsterisk
      rows={2}
      buttonSize="compact-sm"
      saveLabel="notes.save"
      onSave={() => void save()}
      onCancel={onCancel}
      above={
        pupils && (
          <NativeSelect
            size="xs"
            label={intl.formatMessage({ id: 'worksheet.note.pupil' })}
            withAsterisk
            value={pupilId}
            error={editor.errorOf('pupilId')}
            onChange={(event) => setPupilId(event.currentTarget.value)}
            data={[
              { value: '', label: intl.formatMessage({ id: 'groupNotes.new.choose' }), disabled: true },
              ...pupils.map((pupil) => ({ value: String(pupil.id), label: pupil.name })),
            ]}
          />
        )
      }
    />
  );
}
