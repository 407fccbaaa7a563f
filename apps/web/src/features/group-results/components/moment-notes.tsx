import { fullName, NOTE_LIMIT, type MomentLike, type YearClassResult } from '@leerzicht/contract';
import { Button, Card, Group, MultiSelect, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { LimitedTextarea } from '../../../components/forms/limited-textarea';
import { ReadOnlyNotice } from '../../../components/read-only-notice';
import { isSuppressed } from '../../../lib/api-client';
import { useNoteDraft } from '../../../lib/note-draft';
import { fieldError, fieldErrorsOf } from '../../../lib/server-errors';
import { useCreateGroupNote } from '../../../entities/group';

interface MomentNotesProps {
  result: YearClassResult;
  subjectId: number;
  moment: MomentLike;
  momentLabel: string;
}

/** The group's notes on this test moment of the subject, with the pupils they name, and a new one. */
export function MomentNotes({ result, subjectId, moment, momentLabel }: MomentNotesProps) {
  const intl = useIntl();
  // The text is kept as a draft in the tab per group, subject and moment: a reload loses nothing.
  const draft = useNoteDraft(
    `moment.${result.group.id}.${subjectId}.${moment.calendarYear}.${moment.yearTime}`,
    '',
  );
  const content = draft.text;
  const [pupils, setPupils] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [suppressed, setSuppressed] = useState(false);
  const create = useCreateGroupNote();
  const notes = result.testMomentNotes.filter(
    (note) =>
      note.subjectId === subjectId &&
      note.calendarYear === moment.calendarYear &&
      note.yearTime === moment.yearTime,
  );
  const save = async () => {
    setError(null);
    if (content.trim() === '') {
      setError(intl.formatMessage({ id: 'form.required' }));
      return;
    }
    try {
      const answer = await create.mutateAsync({
        yearClassId: result.group.id,
        kind: 'test_moment',
        subjectId,
        calendarYear: moment.calendarYear,
        yearTime: moment.yearTime,
        content,
        relatedPupils: pupils.map(Number),
      });
      setSuppressed(isSuppressed(answer));
      draft.clear();
      setPupils([]);
    } catch (failure) {
      const fields = fieldErrorsOf(failure);
      setError(
        fieldError(intl, fields, 'content') ??
          fieldError(intl, fields, 'relatedPupils') ??
          intl.formatMessage({ id: 'notes.saveFailed' }),
      );
    }
  };
  return (
    <Card withBorder data-testid="moment-notes">
      <Stack gap="xs">
        <Title order={3} size="h5">
          {intl.formatMessage({ id: 'momentNotes.title' }, { moment: momentLabel })}
        </Title>
        {notes.length === 0 ? (
          <Text size="sm" c="dimmed">
            {intl.formatMessage({ id: 'momentNotes.none' })}
          </Text>
        ) : (
          notes.map((note) => (
            <div key={note.id} data-moment-note-id={note.id}>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {note.content}
              </Text>
              {note.relatedPupils.length > 0 && (
                <Text size="xs" c="dimmed">
                  {intl.formatMessage(
                    { id: 'momentNotes.about' },
                    { names: note.relatedPupils.map((pupil) => fullName(pupil)).join(', ') },
                  )}
                </Text>
              )}
            </div>
          ))
        )}
        <LimitedTextarea
          label={intl.formatMessage({ id: 'momentNotes.new' })}
          value={content}
          onChange={draft.setText}
          limit={NOTE_LIMIT}
          rows={2}
          error={error ?? undefined}
        />
        <MultiSelect
          label={intl.formatMessage({ id: 'momentNotes.pupils' })}
          data={result.pupils.map((pupil) => ({ value: String(pupil.id), label: fullName(pupil) }))}
          value={pupils}
          onChange={setPupils}
          searchable
          clearable
        />
        <Group>
          <Button size="xs" onClick={() => void save()} loading={create.isPending}>
            {intl.formatMessage({ id: 'momentNotes.save' })}
          </Button>
          {suppressed && <ReadOnlyNotice inline />}
        </Group>
      </Stack>
    </Card>
  );
}
