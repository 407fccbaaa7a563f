import { fullName, type MomentLike, type YearClassResult } from '@leerzicht/contract';
import { Card, MultiSelect, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { NoteEditorView } from '../../../components/note-editor/note-editor-view';
import { useNoteEditor } from '../../../components/note-editor/use-note-editor';
import { useCreateGroupNote } from '../../../entities/group';

interface MomentNotesProps {
  result: YearClassResult;
  subjectId: number;
  moment: MomentLike;
  momentLabel: string;
}

/**
 * The group's notes on this test moment of the subject, with the pupils they name, and the shared note editor for
 * a new one.
 */
export function MomentNotes({ result, subjectId, moment, momentLabel }: MomentNotesProps) {
  const intl = useIntl();
  // The text is kept as a draft in the tab per group, subject and moment: a reload loses nothing. No leave guard,
  // as before: the results page keeps none, and the draft stays in the tab all the same.
  const editor = useNoteEditor({
    draftKey: `moment.${result.group.id}.${subjectId}.${moment.calendarYear}.${moment.yearTime}`,
    fields: ['relatedPupils'],
    leaveGuard: 'none',
  });
  const [pupils, setPupils] = useState<string[]>([]);
  const create = useCreateGroupNote();
  const notes = result.testMomentNotes.filter(
    (note) =>
      note.subjectId === subjectId &&
      note.calendarYear === moment.calendarYear &&
      note.yearTime === moment.yearTime,
  );
  const save = async () => {
    const outcome = await editor.save((content) =>
      create.mutateAsync({
        yearClassId: result.group.id,
        kind: 'test_moment',
        subjectId,
        calendarYear: moment.calendarYear,
        yearTime: moment.yearTime,
        content,
        relatedPupils: pupils.map(Number),
      }),
    );
    if (outcome !== null) setPupils([]);
  };
  return (
    <Card withBorder data-testid="moment-notes">
      <NoteEditorView
        editor={editor}
        above={
          <>
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
          </>
        }
        label={intl.formatMessage({ id: 'momentNotes.new' })}
        rows={2}
        // The pupils' 400 error is said at the text, as before: the pupil list shows none of its own.
        error={editor.errorOf('relatedPupils')}
        buttonSize="xs"
        saveLabel="momentNotes.save"
        onSave={() => void save()}
        below={
          <MultiSelect
            label={intl.formatMessage({ id: 'momentNotes.pupils' })}
            data={result.pupils.map((pupil) => ({ value: String(pupil.id), label: fullName(pupil) }))}
            value={pupils}
            onChange={setPupils}
            searchable
            clearable
          />
        }
      />
    </Card>
  );
}
