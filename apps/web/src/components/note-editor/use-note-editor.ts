import { NOTE_LIMIT } from '@leerzicht/contract';
import { useEffect, useState } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import type { MessageId } from '../../i18n/messages';
import { isSuppressed } from '../../lib/api-client';
import { useNoteDraft } from '../../lib/note-draft';
import { fieldError, fieldErrorsOf, type FieldErrors } from '../../lib/server-errors';

/**
 * Who keeps the user from leaving while the text is unsaved (spec section 5):
 * - a callback: the page's one guard, told whether this editor holds unsaved text (a router allows one blocker at a
 *   time, so a page with several editors collects them, see lib/use-dirty-keys.ts);
 * - 'own': the editor renders the guard itself, for an editor that is alone on its page;
 * - 'none': nobody; the draft stays in the tab all the same.
 */
export type NoteLeaveGuard = ((dirty: boolean) => void) | 'own' | 'none';

/** A save that went through, or that a read-only session did not send (the editor says so, see ReadOnlyNotice). */
export type NoteSaveOutcome = 'saved' | 'suppressed';

export interface NoteEditorOptions {
  /** Where the draft is kept in the tab: what it is about, e.g. `plan.7.evaluation` or `12.new`. */
  draftKey: string;
  /** The saved text being changed, or '' for a new note. */
  initial?: string;
  /** The most characters the text takes; typing stops there and a paste is cut to it. */
  limit?: number;
  /** Said at the field while the text is at its limit (the evaluation's message of spec section 5). */
  limitMessage?: MessageId;
  /** The request's field that carries the text, for the 400 answer's errors. */
  field?: string;
  /** The request's other fields whose errors the editor shows at their own inputs (a pupil, a date). */
  fields?: readonly string[];
  /** An empty text (white space only) is refused before anything is sent. */
  required?: boolean;
  /** Said when the save failed without an error for a field the editor shows. */
  failureMessage?: MessageId;
  /** Where that message goes: at the text (notes), or beside the save button (a form where the text is optional). */
  failureAt?: 'text' | 'actions';
  /**
   * After a save the editor starts again from `initial` (a new note, or an editor that closes). An editor of a text
   * that stays on screen keeps what was saved instead: `initial` becomes it once the saved text is read again.
   */
  clearOnSave?: boolean;
  leaveGuard: NoteLeaveGuard;
  /** The mutation is busy elsewhere too (e.g. archiving uses the same one): the save button waits for it. */
  pending?: boolean;
}

export interface NoteSaveChecks {
  /** Fields of the editor's own that must be filled and are empty: refused with the required message. */
  missing?: readonly string[];
}

/** One editor's text and what happens to it: kept as a draft, checked, saved, refused with errors at its fields. */
export interface NoteEditorState {
  text: string;
  limit: number;
  /** The user typed or pasted: the draft follows, and the last save's outcome no longer applies. */
  change: (text: string) => void;
  /** The text differs from the saved one by more than white space. */
  dirty: boolean;
  pending: boolean;
  outcome: NoteSaveOutcome | null;
  /** What the text field says: its own error, the failure (when shown there), or the limit message. */
  textError: string | undefined;
  /** The failure, when it is shown beside the save button. */
  failure: string | undefined;
  /** A field's error, translated, for that field's `error` prop. */
  errorOf: (field: string) => string | undefined;
  ownLeaveGuard: boolean;
  /**
   * Checks the text (and `missing`), sends it and takes the answer: null when nothing was saved (refused or
   * failed), so the editor resets its other fields only after a save.
   */
  save: (
    send: (text: string) => Promise<unknown>,
    checks?: NoteSaveChecks,
  ) => Promise<NoteSaveOutcome | null>;
  /** Shows errors a form found itself (with its contract schema) at their fields; nothing is sent. */
  refuse: (errors: FieldErrors) => void;
  /** Drops the draft and the errors: the text is the saved one again (cancel, or a second text after a save). */
  reset: () => void;
}

/** Translated messages per field, in the shape of a 400 answer's `errors`. */
function translated(intl: IntlShape, errors: FieldErrors): Record<string, string> {
  const result: Record<string, string> = {};
  for (const name of Object.keys(errors)) {
    const message = fieldError(intl, errors, name);
    if (message !== undefined) result[name] = message;
  }
  return result;
}

/**
 * The one flow of every note editor: the text kept as a draft in the tab (a reload loses nothing), dirty while it
 * differs from the saved text, the leave guard told, the required check, the save with its pending state and the
 * 400 answer's errors at their fields. Render it with NoteEditorView (or NoteTextField for a text of its own).
 */
export function useNoteEditor(options: NoteEditorOptions): NoteEditorState {
  const {
    draftKey,
    initial = '',
    limit = NOTE_LIMIT,
    limitMessage,
    field = 'content',
    fields = [],
    required = true,
    failureMessage = 'notes.saveFailed',
    failureAt = 'text',
    clearOnSave = true,
    leaveGuard,
  } = options;
  const intl = useIntl();
  const draft = useNoteDraft(draftKey, initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failed, setFailed] = useState(false);
  const [outcome, setOutcome] = useState<NoteSaveOutcome | null>(null);
  const [sending, setSending] = useState(false);
  // White space alone is no change worth blocking a move or a save for.
  const dirty = draft.text.trim() !== initial.trim();
  const pending = sending || options.pending === true;

  useEffect(() => {
    if (typeof leaveGuard !== 'function') return undefined;
    leaveGuard(dirty);
    // An editor that closes holds nothing unsaved any more.
    return () => leaveGuard(false);
  }, [dirty, leaveGuard]);

  const failure = failed ? intl.formatMessage({ id: failureMessage }) : undefined;
  const atLimit = limitMessage !== undefined && draft.text.length >= limit;

  const save = async (send: (text: string) => Promise<unknown>, checks: NoteSaveChecks = {}) => {
    if (pending) return null;
    setOutcome(null);
    setFailed(false);
    const refused: Record<string, string> = {};
    const requiredMessage = intl.formatMessage({ id: 'form.required' });
    if (required && draft.text.trim() === '') refused[field] = requiredMessage;
    for (const name of checks.missing ?? []) refused[name] = requiredMessage;
    setErrors(refused);
    if (Object.keys(refused).length > 0) return null;
    setSending(true);
    try {
      const answer = await send(draft.text);
      const result: NoteSaveOutcome = isSuppressed(answer) ? 'suppressed' : 'saved';
      setOutcome(result);
      if (clearOnSave) draft.clear();
      return result;
    } catch (error) {
      const found = translated(intl, fieldErrorsOf(error));
      setErrors(found);
      // A field the editor has no input for would leave its error unseen: the failure message says it instead.
      setFailed(![field, ...fields].some((name) => found[name] !== undefined));
      return null;
    } finally {
      setSending(false);
    }
  };

  return {
    text: draft.text,
    limit,
    change: (text) => {
      setOutcome(null);
      draft.setText(text);
    },
    dirty,
    pending,
    outcome,
    textError:
      errors[field] ??
      (failureAt === 'text' ? failure : undefined) ??
      (atLimit && limitMessage ? intl.formatMessage({ id: limitMessage }) : undefined),
    failure: failureAt === 'actions' ? failure : undefined,
    errorOf: (name) => errors[name],
    ownLeaveGuard: leaveGuard === 'own',
    save,
    refuse: (found) => {
      setOutcome(null);
      setFailed(false);
      setErrors(translated(intl, found));
    },
    reset: () => {
      draft.clear();
      setErrors({});
      setFailed(false);
    },
  };
}
