import type { ScoreNote } from '@leerzicht/contract';
import { ActionIcon, Badge, Checkbox, Modal, Text } from '@mantine/core';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { NoteEditorView } from '../../components/note-editor/note-editor-view';
import { NoteTextField } from '../../components/note-editor/note-text-field';
import { useNoteEditor } from '../../components/note-editor/use-note-editor';
import { useCreateScoreNote, type ScoreNoteKind } from './score-notes-api';

/**
 * The notes of one result: a note icon (filled where a note exists, with their number for screen readers) that
 * opens the notes and the shared note editor for a new one; a national result also has the forward-looking note.
 * The texts are kept as drafts in the tab until saved.
 */
export function ScoreNoteButton({
  kind = 'cito',
  scoreId,
  notes,
  label,
}: {
  kind?: ScoreNoteKind;
  scoreId: number;
  notes: ScoreNote[];
  label: string;
}) {
  const intl = useIntl();
  const [opened, setOpened] = useState(false);
  // No leave guard: a results table holds a button per score and a router allows one blocker at a time (the pupil
  // page's is its notes panel's). The drafts stay in the tab all the same.
  const content = useNoteEditor({
    draftKey: `score.${kind}.${scoreId}`,
    fields: ['forwardLooking'],
    leaveGuard: 'none',
  });
  // The forward-looking text is sent with the note's request: only its draft, limit and counter are its own.
  const forwardLooking = useNoteEditor({
    draftKey: `score.${kind}.${scoreId}.forward`,
    required: false,
    leaveGuard: 'none',
  });
  const [confidential, setConfidential] = useState(false);
  const create = useCreateScoreNote();
  const save = async () => {
    const outcome = await content.save((text) =>
      create.mutateAsync(
        kind === 'cito'
          ? {
              kind,
              citoTestScoreId: scoreId,
              content: text,
              forwardLooking: forwardLooking.text.trim() === '' ? null : forwardLooking.text,
              confidential,
            }
          : { kind, methodTestScoreId: scoreId, content: text, confidential },
      ),
    );
    if (outcome === null) return;
    forwardLooking.reset();
    setConfidential(false);
  };
  const title = intl.formatMessage({ id: 'scoreNotes.title' }, { score: label, count: notes.length });
  return (
    <>
      <ActionIcon
        variant={notes.length > 0 ? 'light' : 'subtle'}
        color={notes.length > 0 ? 'blue' : 'gray'}
        size="sm"
        aria-label={title}
        data-has-notes={notes.length > 0 ? 'true' : undefined}
        onClick={() => setOpened(true)}
      >
        <span aria-hidden="true">{notes.length > 0 ? '✎' : '+'}</span>
      </ActionIcon>
      <Modal opened={opened} onClose={() => setOpened(false)} title={title} size="lg">
        <NoteEditorView
          editor={content}
          gap="sm"
          above={
            notes.length === 0 ? (
              <Text size="sm" c="dimmed">
                {intl.formatMessage({ id: 'scoreNotes.none' })}
              </Text>
            ) : (
              notes.map((note) => (
                <div key={note.id} data-score-note-id={note.id}>
                  {note.confidential && (
                    <Badge color="red" variant="outline" size="sm">
                      {intl.formatMessage({ id: 'notes.confidentialMark' })}
                    </Badge>
                  )}
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                    {note.content}
                  </Text>
                  {note.forwardLooking && (
                    <Text size="sm" c="dimmed">
                      {intl.formatMessage(
                        { id: 'scoreNotes.forwardLookingShown' },
                        { text: note.forwardLooking },
                      )}
                    </Text>
                  )}
                </div>
              ))
            )
          }
          label={intl.formatMessage({ id: 'scoreNotes.content' })}
          rows={2}
          buttonSize="xs"
          saveLabel="scoreNotes.save"
          onSave={() => void save()}
          below={
            <>
              {kind === 'cito' && (
                <NoteTextField
                  editor={forwardLooking}
                  label={intl.formatMessage({ id: 'scoreNotes.forwardLooking' })}
                  rows={2}
                  error={content.errorOf('forwardLooking')}
                />
              )}
              <Checkbox
                label={intl.formatMessage({ id: 'notes.confidential' })}
                checked={confidential}
                onChange={(event) => setConfidential(event.currentTarget.checked)}
              />
            </>
          }
        />
      </Modal>
    </>
  );
}
