import { ALL_NOTE_KINDS, type AllNote, type AllNoteKind } from '@leerzicht/contract';
import type { MessageId } from '../../../i18n/messages';

/** The kinds whose text can be changed from the notes page (an observation is changed on its own page). */
export type EditableKind = Exclude<AllNoteKind, 'social_emotional'>;

export const KIND_LABEL: Record<AllNoteKind, MessageId> = {
  pupil: 'groupNotes.kind.pupil',
  cito_score: 'groupNotes.kind.cito_score',
  method_score: 'groupNotes.kind.method_score',
  test_moment: 'groupNotes.kind.test_moment',
  method_test: 'groupNotes.kind.method_test',
  social_emotional: 'groupNotes.kind.social_emotional',
};

export const KIND_COLOR: Record<AllNoteKind, string> = {
  pupil: 'blue',
  cito_score: 'grape',
  method_score: 'teal',
  test_moment: 'orange',
  method_test: 'cyan',
  social_emotional: 'pink',
};

export function editableKind(note: Pick<AllNote, 'kind'>): EditableKind | null {
  return note.kind === 'social_emotional' ? null : note.kind;
}

export const isNoteKind = (value: string): value is AllNoteKind =>
  (ALL_NOTE_KINDS as readonly string[]).includes(value);
