import { useEffect, useState } from 'react';

/*
 * The draft of a note while it is typed, kept in the tab's sessionStorage: a reload or a lost connection loses
 * nothing, and closing the tab forgets it (pupil data does not stay on the device).
 */
const PREFIX = 'leerzicht.noteDraft.';

export function readDraft(key: string): string | null {
  try {
    return window.sessionStorage.getItem(PREFIX + key);
  } catch {
    return null;
  }
}

function writeDraft(key: string, text: string | null): void {
  try {
    if (text === null) window.sessionStorage.removeItem(PREFIX + key);
    else window.sessionStorage.setItem(PREFIX + key, text);
  } catch {
    // Storage full or refused: the note is still in the form.
  }
}

/** The text of a note editor, restored from and saved to its draft; `clear` after saving or cancelling. */
export function useNoteDraft(key: string, initial: string) {
  const [text, setText] = useState(() => readDraft(key) ?? initial);
  useEffect(() => {
    writeDraft(key, text === initial ? null : text);
  }, [key, text, initial]);
  return {
    text,
    setText,
    clear: () => {
      writeDraft(key, null);
      setText(initial);
    },
  };
}
