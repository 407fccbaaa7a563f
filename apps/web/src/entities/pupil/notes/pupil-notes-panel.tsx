import type { NoteCategoryOption, PupilNote } from '@leerzicht/contract';
import { Button, Card, Group, Modal, Stack, Tabs, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { LeaveGuard } from '../../../components/leave-guard';
import { useCategoryLabel } from '../../../lib/note-category-label';
import { useDirtyKeys } from '../../../lib/use-dirty-keys';
import { useCreateNote, useDeleteNote, useNoteCategories, usePupilNotes, useUpdateNote } from './notes-api';
import { NoteEditor } from './note-editor';

/** The pupil's notes: active and archived, a new note, and per note edit, archive or restore, and delete. */
export function PupilNotesPanel({ pupilId, schoolId }: { pupilId: number; schoolId: number }) {
  const intl = useIntl();
  // One leave guard for every editor of the panel (a router allows one blocker at a time).
  const { anyDirty, changeFor: dirtyChange } = useDirtyKeys();
  const [tab, setTab] = useState<string | null>('active');
  const { data: categories = [] } = useNoteCategories(schoolId);
  const create = useCreateNote();
  const label = useCategoryLabel();
  return (
    <Card withBorder data-testid="pupil-notes">
      <LeaveGuard when={anyDirty} kind="unsavedNote" />
      <Stack gap="sm">
        <Title order={2} size="h3">
          {intl.formatMessage({ id: 'notes.title' })}
        </Title>
        <NoteEditor
          draftKey={`${pupilId}.new`}
          onDirtyChange={dirtyChange('new')}
          initial={{ content: '', category: 'general', confidential: false }}
          categories={categories}
          categoryLabel={label}
          pending={create.isPending}
          onSave={(values) => create.mutateAsync({ pupilId, ...values })}
        />
        <Tabs value={tab} onChange={setTab} keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="active">{intl.formatMessage({ id: 'notes.active' })}</Tabs.Tab>
            <Tabs.Tab value="archived">{intl.formatMessage({ id: 'notes.archived' })}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="active" pt="sm">
            <NoteList pupilId={pupilId} archived={false} categories={categories} dirtyChange={dirtyChange} />
          </Tabs.Panel>
          <Tabs.Panel value="archived" pt="sm">
            <NoteList pupilId={pupilId} archived categories={categories} dirtyChange={dirtyChange} />
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Card>
  );
}

type DirtyChange = (key: string) => (dirty: boolean) => void;

function NoteList({
  pupilId,
  archived,
  categories,
  dirtyChange,
}: {
  pupilId: number;
  archived: boolean;
  categories: NoteCategoryOption[];
  dirtyChange: DirtyChange;
}) {
  const intl = useIntl();
  const { data } = usePupilNotes(pupilId, archived);
  if (!data) return null;
  if (data.results.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {intl.formatMessage({ id: archived ? 'notes.noneArchived' : 'notes.none' })}
      </Text>
    );
  return (
    <Stack gap="xs">
      {data.results.map((note) => (
        <NoteItem
          key={note.id}
          note={note}
          pupilId={pupilId}
          categories={categories}
          dirtyChange={dirtyChange}
        />
      ))}
    </Stack>
  );
}

function NoteItem({
  note,
  pupilId,
  categories,
  dirtyChange,
}: {
  note: PupilNote;
  pupilId: number;
  categories: NoteCategoryOption[];
  dirtyChange: DirtyChange;
}) {
  const intl = useIntl();
  const label = useCategoryLabel();
  const update = useUpdateNote();
  const remove = useDeleteNote();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  // A built-in code reads in the interface language; a school's own category by its name.
  const categoryName = label({ code: note.category, name: note.category });
  return (
    <Card withBorder padding="sm" data-note-id={note.id}>
      {editing ? (
        <NoteEditor
          draftKey={`${pupilId}.${note.id}`}
          onDirtyChange={dirtyChange(String(note.id))}
          initial={{ content: note.content, category: note.category, confidential: note.confidential }}
          categories={categories}
          categoryLabel={label}
          pending={update.isPending}
          onSave={async (values) => {
            const result = await update.mutateAsync({ id: note.id, ...values });
            setEditing(false);
            return result;
          }}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <Stack gap={4}>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {note.content}
          </Text>
          <Text size="xs" c="dimmed">
            {[
              categoryName,
              note.confidential ? intl.formatMessage({ id: 'notes.confidentialMark' }) : null,
              note.authorName,
              intl.formatDate(note.dateCreated, { dateStyle: 'medium' }),
            ]
              .filter(Boolean)
              .join(' · ')}
          </Text>
          {note.canEdit && (
            <Group gap="xs">
              <Button size="compact-xs" variant="subtle" onClick={() => setEditing(true)}>
                {intl.formatMessage({ id: 'notes.edit' })}
              </Button>
              <Button
                size="compact-xs"
                variant="subtle"
                loading={update.isPending}
                onClick={() =>
                  update.mutate({
                    id: note.id,
                    dateArchived: note.dateArchived === null ? new Date().toISOString() : null,
                  })
                }
              >
                {intl.formatMessage({ id: note.dateArchived === null ? 'notes.archive' : 'notes.restore' })}
              </Button>
              <Button size="compact-xs" variant="subtle" color="red" onClick={() => setConfirming(true)}>
                {intl.formatMessage({ id: 'notes.delete' })}
              </Button>
            </Group>
          )}
        </Stack>
      )}
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={intl.formatMessage({ id: 'notes.deleteTitle' })}
      >
        <Text size="sm">{intl.formatMessage({ id: 'notes.deleteText' })}</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setConfirming(false)}>
            {intl.formatMessage({ id: 'notes.cancel' })}
          </Button>
          <Button
            color="red"
            loading={remove.isPending}
            onClick={() => remove.mutate(note.id, { onSettled: () => setConfirming(false) })}
          >
            {intl.formatMessage({ id: 'notes.delete' })}
          </Button>
        </Group>
      </Modal>
    </Card>
  );
}
