import type { NoteCategoryOption } from '@leerzicht/contract';
import { Checkbox, Group, NativeSelect } from '@mantine/core';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { NoteEditorView } from '../../../components/note-editor/note-editor-view';
import { useNoteEditor } from '../../../components/note-editor/use-note-editor';

export interface NoteValues {
  content: string;
  category: string;
  confidential: boolean;
}

interface NoteEditorProps {
  /** The draft's key: the pupil and the note (or "new"). */
  draftKey: string;
  initial: NoteValues;
  categories: NoteCategoryOption[];
  categoryLabel: (category: NoteCategoryOption) => string;
  onSave: (values: NoteValues) => Promise<unknown>;
  onCancel?: () => void;
  pending: boolean;
  /** Tells the panel whether this editor holds unsaved text (the panel keeps the one leave guard). */
  onDirtyChange: (dirty: boolean) => void;
}

/**
 * A pupil's note being written: the shared note editor (text, counter, draft, save) with a category and the
 * confidential mark. While it holds unsaved text the panel blocks leaving the page (spec section 5).
 */
export function NoteEditor({
  draftKey,
  initial,
  categories,
  categoryLabel,
  onSave,
  onCancel,
  pending,
  onDirtyChange,
}: NoteEditorProps) {
  const intl = useIntl();
  const editor = useNoteEditor({
    draftKey,
    initial: initial.content,
    fields: ['category'],
    leaveGuard: onDirtyChange,
    pending,
  });
  const [category, setCategory] = useState(initial.category);
  const [confidential, setConfidential] = useState(initial.confidential);

  return (
    <NoteEditorView
      editor={editor}
      formLabel={intl.formatMessage({ id: 'notes.editor' })}
      label={intl.formatMessage({ id: 'notes.content' })}
      rows={3}
      buttonSize="xs"
      saveLabel="notes.save"
      onSave={() => void editor.save((content) => onSave({ content, category, confidential }))}
      // A new note's editor has a cancel button too: it empties the text.
      onCancel={() => onCancel?.()}
      cancelVariant="subtle"
      below={
        <Group align="flex-end">
          <NativeSelect
            size="xs"
            label={intl.formatMessage({ id: 'notes.category' })}
            value={category}
            onChange={(event) => setCategory(event.currentTarget.value)}
            error={editor.errorOf('category')}
            data={categories.map((option) => ({
              value: option.code ?? option.name,
              label: categoryLabel(option),
            }))}
          />
          <Checkbox
            size="xs"
            mb={6}
            label={intl.formatMessage({ id: 'notes.confidential' })}
            checked={confidential}
            onChange={(event) => setConfidential(event.currentTarget.checked)}
          />
        </Group>
      }
    />
  );
}
