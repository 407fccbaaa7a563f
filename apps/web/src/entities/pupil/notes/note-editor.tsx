import { NOTE_LIMIT, type NoteCategoryOption } from '@leerzicht/contract';
import { Button, Checkbox, Group, NativeSelect, Stack } from '@mantine/core';
import { useEffect, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { LimitedTextarea } from '../../../components/forms/limited-textarea';
import { ReadOnlyNotice } from '../../../components/read-only-notice';
import { isSuppressed } from '../../../lib/api-client';
import { fieldError, fieldErrorsOf } from '../../../lib/server-errors';
import { useNoteDraft } from '../../../lib/note-draft';

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
 * A note being written: the text with its counter (pasted text is cut to the limit), a category and the
 * confidential mark. While it holds unsaved text the panel blocks leaving the page (spec section 5), and the text
 * is kept as a draft in the tab.
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
  const draft = useNoteDraft(draftKey, initial.content);
  const [category, setCategory] = useState(initial.category);
  const [confidential, setConfidential] = useState(initial.confidential);
  const [error, setError] = useState<string | null>(null);
  const [suppressed, setSuppressed] = useState(false);
  const dirty = draft.text.trim() !== initial.content.trim();
  useEffect(() => {
    onDirtyChange(dirty);
    return () => onDirtyChange(false);
  }, [dirty, onDirtyChange]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (draft.text.trim() === '') {
      setError(intl.formatMessage({ id: 'form.required' }));
      return;
    }
    try {
      const result = await onSave({ content: draft.text, category, confidential });
      setSuppressed(isSuppressed(result));
      draft.clear();
    } catch (failure) {
      const fields = fieldErrorsOf(failure);
      setError(
        fieldError(intl, fields, 'content') ??
          fieldError(intl, fields, 'category') ??
          intl.formatMessage({ id: 'notes.saveFailed' }),
      );
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} aria-label={intl.formatMessage({ id: 'notes.editor' })}>
      <Stack gap="xs">
        <LimitedTextarea
          label={intl.formatMessage({ id: 'notes.content' })}
          value={draft.text}
          onChange={draft.setText}
          limit={NOTE_LIMIT}
          rows={3}
          error={error ?? undefined}
        />
        <Group align="flex-end">
          <NativeSelect
            size="xs"
            label={intl.formatMessage({ id: 'notes.category' })}
            value={category}
            onChange={(event) => setCategory(event.currentTarget.value)}
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
        <Group gap="xs">
          <Button size="xs" type="submit" loading={pending}>
            {intl.formatMessage({ id: 'notes.save' })}
          </Button>
          <Button
            size="xs"
            variant="subtle"
            onClick={() => {
              draft.clear();
              setError(null);
              onCancel?.();
            }}
          >
            {intl.formatMessage({ id: 'notes.cancel' })}
          </Button>
          {suppressed && <ReadOnlyNotice inline />}
        </Group>
      </Stack>
    </form>
  );
}
