import { Button, Group, Stack, Text, type ButtonProps, type MantineSpacing } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { MessageId } from '../../i18n/messages';
import { LeaveGuard } from '../leave-guard';
import { ReadOnlyNotice } from '../read-only-notice';
import { NoteTextField, type NoteTextFieldProps } from './note-text-field';
import type { NoteEditorState } from './use-note-editor';

export interface NoteEditorViewProps extends Omit<NoteTextFieldProps, 'editor'> {
  editor: NoteEditorState;
  /** Sends the note: the editor's own request around `editor.save`. */
  onSave: () => void;
  saveLabel: MessageId;
  /** Shown with a cancel button: the draft is dropped first. */
  onCancel?: () => void;
  cancelVariant?: ButtonProps['variant'];
  buttonSize?: ButtonProps['size'];
  /** Said after a save (an editor that stays on screen); a new note's text simply empties. */
  savedMessage?: MessageId;
  /** The save button waits for a change (an editor of a text that is always there). */
  saveOnlyWhenDirty?: boolean;
  /** Rendered as a form with this name: Enter in its inputs saves, and the form can be found by its name. */
  formLabel?: string;
  gap?: MantineSpacing | number;
  /** The editor's own fields above the text (which pupil, the date, ratings). */
  above?: ReactNode;
  /** The editor's own fields below the text (category, confidential). */
  below?: ReactNode;
}

/**
 * The one note editor: the text with its limit, counter and paste rule, the editor's own fields around it, save
 * (pending while it is sent) and cancel, what the save came to, and the unsaved-note guard when the editor keeps
 * its own. The flow behind it is useNoteEditor.
 */
export function NoteEditorView({
  editor,
  onSave,
  saveLabel,
  onCancel,
  cancelVariant = 'default',
  buttonSize,
  savedMessage,
  saveOnlyWhenDirty = false,
  formLabel,
  gap = 'xs',
  above,
  below,
  ...field
}: NoteEditorViewProps) {
  const intl = useIntl();
  const body = (
    <Stack gap={gap}>
      {above}
      <NoteTextField editor={editor} {...field} />
      {below}
      <Group gap="xs">
        <Button
          size={buttonSize}
          type={formLabel === undefined ? 'button' : 'submit'}
          onClick={formLabel === undefined ? onSave : undefined}
          loading={editor.pending}
          disabled={saveOnlyWhenDirty && !editor.dirty}
        >
          {intl.formatMessage({ id: saveLabel })}
        </Button>
        {onCancel && (
          <Button
            size={buttonSize}
            variant={cancelVariant}
            onClick={() => {
              editor.reset();
              onCancel();
            }}
          >
            {intl.formatMessage({ id: 'notes.cancel' })}
          </Button>
        )}
        {editor.failure !== undefined && (
          <Text size="sm" c="red" role="alert">
            {editor.failure}
          </Text>
        )}
        {editor.outcome === 'suppressed' && <ReadOnlyNotice inline />}
        {editor.outcome === 'saved' && savedMessage && (
          <Text size="sm" c="teal" role="status">
            {intl.formatMessage({ id: savedMessage })}
          </Text>
        )}
      </Group>
    </Stack>
  );
  const guard = editor.ownLeaveGuard && <LeaveGuard when={editor.dirty} kind="unsavedNote" />;
  if (formLabel === undefined)
    return (
      <>
        {guard}
        {body}
      </>
    );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave();
  };
  return (
    <form onSubmit={submit} aria-label={formLabel}>
      {guard}
      {body}
    </form>
  );
}
