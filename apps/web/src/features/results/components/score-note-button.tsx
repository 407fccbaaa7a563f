import { NOTE_LIMIT, type ScoreNote } from '@leerzicht/contract';
import { ActionIcon, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { LimitedTextarea } from '../../../components/forms/limited-textarea';
import { ReadOnlyNotice } from '../../../components/read-only-notice';
import { isSuppressed } from '../../../lib/api-client';
import { fieldError, fieldErrorsOf } from '../../../lib/server-errors';
import { useCreateCitoScoreNote } from '../api/score-notes';

/**
 * The notes of one national result: a note icon (filled where a note exists, with their number for screen readers)
 * that opens the notes and a form for a new note with its forward-looking note.
 */
export function ScoreNoteButton({
  scoreId,
  notes,
  label,
}: {
  scoreId: number;
  notes: ScoreNote[];
  label: string;
}) {
  const intl = useIntl();
  const [opened, setOpened] = useState(false);
  const [content, setContent] = useState('');
  const [forwardLooking, setForwardLooking] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [suppressed, setSuppressed] = useState(false);
  const create = useCreateCitoScoreNote();
  const save = async () => {
    setError(null);
    if (content.trim() === '') {
      setError(intl.formatMessage({ id: 'form.required' }));
      return;
    }
    try {
      const result = await create.mutateAsync({
        citoTestScoreId: scoreId,
        content,
        forwardLooking: forwardLooking.trim() === '' ? null : forwardLooking,
      });
      setSuppressed(isSuppressed(result));
      setContent('');
      setForwardLooking('');
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
            value={content}
            onChange={setContent}
            limit={NOTE_LIMIT}
            rows={2}
            error={error ?? undefined}
          />
          <LimitedTextarea
            label={intl.formatMessage({ id: 'scoreNotes.forwardLooking' })}
            value={forwardLooking}
            onChange={setForwardLooking}
            limit={NOTE_LIMIT}
            rows={2}
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
