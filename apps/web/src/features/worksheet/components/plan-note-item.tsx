import type { GroupPlanNote } from '@leerzicht/contract';
import { Button, Group, Paper, Text } from '@mantine/core';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useDeletePlanNote, useUpdatePlanNote } from '../api/categories';
import { ConfirmButton } from './confirm-button';
import { PlanNoteEditor } from './plan-note-editor';

/** A note of the plan: text, about whom, author and date; its author (or a senco, superuser) edits or deletes it. */
export function PlanNoteItem({
  note,
  pupilName,
  onDirtyChange,
}: {
  note: GroupPlanNote;
  pupilName: string | null;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const intl = useIntl();
  const [editing, setEditing] = useState(false);
  const update = useUpdatePlanNote();
  const remove = useDeletePlanNote();
  return (
    <Paper withBorder p="xs" data-plan-note={note.id}>
      {editing ? (
        <PlanNoteEditor
          draftKey={`plan-note.${note.id}`}
          initial={note.content}
          pending={update.isPending}
          onDirtyChange={onDirtyChange}
          onCancel={() => setEditing(false)}
          onSave={async ({ content }) => {
            const answer = await update.mutateAsync({ id: note.id, content });
            setEditing(false);
            return answer;
          }}
        />
      ) : (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {pupilName && (
            <Text span fw={600}>
              {pupilName}:{' '}
            </Text>
          )}
          {note.content}
        </Text>
      )}
      <Group justify="space-between" gap="xs" mt={4}>
        <Text size="xs" c="dimmed">
          {intl.formatMessage(
            { id: 'groupNotes.byline' },
            {
              author: note.authorName || intl.formatMessage({ id: 'groupNotes.unknownAuthor' }),
              date: intl.formatDate(note.dateCreated, { dateStyle: 'medium' }),
            },
          )}
        </Text>
        {note.canEdit && !editing && (
          <Group gap={4}>
            <Button size="compact-xs" variant="subtle" onClick={() => setEditing(true)}>
              {intl.formatMessage({ id: 'notes.edit' })}
            </Button>
            <Button
              size="compact-xs"
              variant="subtle"
              onClick={() =>
                void update.mutateAsync({ id: note.id, date_archived: new Date().toISOString() })
              }
            >
              {intl.formatMessage({ id: 'notes.archive' })}
            </Button>
            <ConfirmButton
              label={intl.formatMessage({ id: 'notes.delete' })}
              title="notes.deleteTitle"
              text="notes.deleteText"
              onConfirm={() => remove.mutateAsync(note.id)}
            />
          </Group>
        )}
      </Group>
    </Paper>
  );
}
