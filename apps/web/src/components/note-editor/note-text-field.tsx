import type { TextareaProps } from '@mantine/core';
import { LimitedTextarea } from '../forms/limited-textarea';
import type { NoteEditorState } from './use-note-editor';

export interface NoteTextFieldProps extends Pick<TextareaProps, 'size' | 'withAsterisk'> {
  editor: NoteEditorState;
  label: string;
  rows: number;
  /** An error the field shows when it has none of its own (a second text saved with another editor's request). */
  error?: string;
}

/**
 * A note's text: at most the editor's limit with a counter; typing stops there and a paste is cut to it (spec
 * section 5); its errors (required, the 400 answer's, the limit message) below it.
 */
export function NoteTextField({ editor, label, rows, size, withAsterisk, error }: NoteTextFieldProps) {
  return (
    <LimitedTextarea
      label={label}
      size={size}
      withAsterisk={withAsterisk}
      value={editor.text}
      onChange={editor.change}
      limit={editor.limit}
      rows={rows}
      error={editor.textError ?? error}
    />
  );
}
