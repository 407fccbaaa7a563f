import { NOTE_LIMIT, type ScoreNote } from '@leerzicht/contract';
import { ActionIcon, Badge, Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { LimitedTextarea } from '../../../components/forms/limited-textarea';
import { ReadOnlyNotice } from '../../../components/read-only-notice';
import { isSuppressed } from '../../../lib/api-client';
import { useNoteDraft } from '../../../lib/note-draft';
import { fieldError, fieldErrorsOf } from '../../../lib/server-errors';
import { useCreateScoreNote, type ScoreNoteKind } from '../api/score-notes';

/**
 * The notes of one result: a note icon (filled where a note exists, with their number for screen readers) that
 * opens the notes and a form for a new one; a national result also has the forward-looking note. The texts are kept
 * as drafts in the tab until saved.
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
  const content = useNoteDraft(`score.${kind}.${scoreId}`, '');
  const forwardLooking = useNoteDraft(`score.${kind}.${scoreId}.forward`, '');
  const [confidential, setConfidential] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [suppressed, setSuppressed] = useState(false);
  const create = useCreateScoreNote();
  const save = async () => {
    setError(null);
    if (content.text.trim() === '') {
      setError(intl.formatMessage({ id: 'form.required' }));
      return;
    }
    try {
      const result = await create.mutateAsync(
        kind === 'cito'
          ? {
              kind,
              citoTestScoreId: scoreId,
              content: content.text,
              forwardLooking: forwardLooking.text.trim() === '' ? null : forwardLooking.text,
              confidential,
            }
          : { kind, methodTestScoreId: scoreId, content: content.text, confidential },
      );
      setSuppressed(isSuppressed(result));
      content.clear();
      forwardLooking.clear();
      setConfidential(false);
    } catch (failure) {
      setError(
        fieldError(intl, fieldErrorsOf(failure), 'content') ?? intl.formatMessage({ id: 'notes.saveFailed' }),
      );
    }
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
        <Stack gap="sm">
          {notes.length === 0 ? (
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
          )}
          <LimitedTextarea
            label={intl.formatMessage({ id: 'scoreNotes.content' })}
            value={content.text}
            onChange={content.setText}
            limit={NOTE_LIMIT}
            rows={2}
            error={error ?? undefined}
          />
          {kind === 'cito' && (
            <LimitedTextarea
              label={intl.formatMessage({ id: 'scoreNotes.forwardLooking' })}
              value={forwardLooking.text}
              onChange={forwardLooking.setText}
              limit={NOTE_LIMIT}
              rows={2}
            />
          )}
          <Checkbox
            label={intl.formatMessage({ id: 'notes.confidential' })}
            checked={confidential}
            onChange={(event) => setConfidential(event.currentTarget.checked)}
          />
          <Group>
            <Button size="xs" onClick={() => void save()} loading={create.isPending}>
              {intl.formatMessage({ id: 'scoreNotes.save' })}
            </Button>
            {suppressed && <ReadOnlyNotice inline />}
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
