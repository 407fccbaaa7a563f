import type { AllNote } from '@leerzicht/contract';
import { useIntl } from 'react-intl';
import { NoteEditorView } from '../../../components/note-editor/note-editor-view';
import { useNoteEditor } from '../../../components/note-editor/use-note-editor';
import { useEditNote } from '../api/all-notes';
import type { EditableKind } from '../lib/note-kinds';

/** A note's text being changed in place with the shared note editor, kept as a draft until saved or cancelled. */
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
  const edit = useEditNote();
  const editor = useNoteEditor({
    draftKey: `group.${kind}.${note.id}`,
    initial: note.content,
    leaveGuard: onDirtyChange,
  });
  const save = async () => {
    // The card says whether a read-only session held the change back, so it needs the answer itself.
    let answer: unknown;
    const outcome = await editor.save(async (content) => {
      answer = await edit.mutateAsync({ kind, id: note.id, content });
      return answer;
    });
    if (outcome !== null) onDone(answer);
  };
  return (
    <NoteEditorView
      editor={editor}
      label={intl.formatMessage({ id: 'notes.content' })}
      rows={3}
      buttonSize="xs"
      saveLabel="notes.save"
      onSave={() => void save()}
      onCancel={() => onDone(undefined)}
    />
  );
}
