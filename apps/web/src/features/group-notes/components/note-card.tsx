import { schoolYearLabel, type AllNote, type Subject } from '@leerzicht/contract';
import { Anchor, Badge, Button, Card, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { ReadOnlyNotice } from '../../../components/read-only-notice';
import { isSuppressed } from '../../../lib/api-client';
import { useCategoryLabel } from '../../../lib/note-category-label';
import { useSubjectName } from '../../../lib/subject-name';
import { useDeleteNote } from '../api/all-notes';
import { editableKind, KIND_COLOR, KIND_LABEL } from '../lib/note-kinds';
import { NoteTextEditor } from './note-text-editor';

interface NoteCardProps {
  note: AllNote;
  schoolId: number;
  subjects: Subject[];
  /** Tells the page whether this card holds an unsaved change (the page keeps the one leave guard). */
  onDirtyChange: (dirty: boolean) => void;
}

/** One note with what it is about (pupil, subject, test, moment), its author and date; edit and delete in place. */
export function NoteCard({ note, schoolId, subjects, onDirtyChange }: NoteCardProps) {
  const intl = useIntl();
  const subjectName = useSubjectName();
  const categoryLabel = useCategoryLabel();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [suppressed, setSuppressed] = useState(false);
  const remove = useDeleteNote();
  const kind = editableKind(note);
  const subject = subjects.find((item) => item.id === note.subjectId);
  const pupilLink = (pupil: { id: number; name: string }) => (
    <Anchor key={pupil.id} component={Link} to={`/app/schools/${schoolId}/pupils/${pupil.id}`} size="sm">
      {pupil.name}
    </Anchor>
  );
  const context = [
    subject ? subjectName(subject) : null,
    note.testName,
    note.calendarYear === null
      ? null
      : `${note.yearTime ? `${note.yearTime} ` : ''}${schoolYearLabel(note.calendarYear)}`,
  ].filter((part): part is string => part !== null && part !== '');

  return (
    <Card withBorder padding="sm" data-all-note={`${note.kind}:${note.id}`}>
      <Stack gap={6}>
        <Group gap="xs" wrap="wrap">
          <Badge color={KIND_COLOR[note.kind]} variant="light">
            {intl.formatMessage({ id: KIND_LABEL[note.kind] })}
          </Badge>
          {note.kind === 'pupil' && (
            <Badge color="gray" variant="outline">
              {categoryLabel({ code: note.category, name: note.category })}
            </Badge>
          )}
          {note.confidential && (
            <Badge color="red" variant="outline">
              {intl.formatMessage({ id: 'notes.confidentialMark' })}
            </Badge>
          )}
          {note.dateArchived !== null && (
            <Badge color="gray">{intl.formatMessage({ id: 'groupNotes.archivedMark' })}</Badge>
          )}
          {note.pupil && pupilLink(note.pupil)}
          {note.relatedPupils.length > 0 && (
            <Text size="sm" c="dimmed" component="span">
              {intl.formatMessage({ id: 'groupNotes.about' })}{' '}
              {note.relatedPupils.map((pupil, index) => (
                <span key={pupil.id}>
                  {index > 0 && ', '}
                  {pupilLink(pupil)}
                </span>
              ))}
            </Text>
          )}
          {context.length > 0 && (
            <Text size="sm" c="dimmed" component="span">
              {context.join(' · ')}
            </Text>
          )}
        </Group>
        {editing && kind ? (
          <NoteTextEditor
            kind={kind}
            note={note}
            onDirtyChange={onDirtyChange}
            onDone={(answer) => {
              setSuppressed(isSuppressed(answer));
              setEditing(false);
            }}
          />
        ) : (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {note.content}
          </Text>
        )}
        {note.forwardLooking && (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            <Text span fw={600}>
              {intl.formatMessage({ id: 'groupNotes.forwardLooking' })}
            </Text>{' '}
            {note.forwardLooking}
          </Text>
        )}
        <Group justify="space-between" gap="xs">
          <Text size="xs" c="dimmed">
            {intl.formatMessage(
              { id: 'groupNotes.byline' },
              {
                author: note.authorName || intl.formatMessage({ id: 'groupNotes.unknownAuthor' }),
                date: intl.formatDate(note.dateCreated, { dateStyle: 'medium' }),
              },
            )}
          </Text>
          <Group gap="xs">
            {suppressed && <ReadOnlyNotice inline />}
            {note.kind === 'social_emotional' && note.pupil && (
              <Anchor
                component={Link}
                size="xs"
                to={`/app/schools/${schoolId}/pupils/${note.pupil.id}/social-emotional`}
              >
                {intl.formatMessage({ id: 'groupNotes.openObservations' })}
              </Anchor>
            )}
            {kind && note.canEdit && !editing && (
              <>
                <Button size="compact-xs" variant="subtle" onClick={() => setEditing(true)}>
                  {intl.formatMessage({ id: 'notes.edit' })}
                </Button>
                <Button size="compact-xs" variant="subtle" color="red" onClick={() => setConfirming(true)}>
                  {intl.formatMessage({ id: 'notes.delete' })}
                </Button>
              </>
            )}
          </Group>
        </Group>
      </Stack>
      {kind && (
        <Modal
          opened={confirming}
          onClose={() => setConfirming(false)}
          title={intl.formatMessage({ id: 'notes.deleteTitle' })}
        >
          <Stack>
            <Text size="sm">{intl.formatMessage({ id: 'groupNotes.deleteText' })}</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setConfirming(false)}>
                {intl.formatMessage({ id: 'notes.cancel' })}
              </Button>
              <Button
                color="red"
                loading={remove.isPending}
                onClick={() =>
                  void remove.mutateAsync({ kind, id: note.id }).then((answer) => {
                    setSuppressed(isSuppressed(answer));
                    setConfirming(false);
                  })
                }
              >
                {intl.formatMessage({ id: 'notes.delete' })}
              </Button>
            </Group>
          </Stack>
        </Modal>
      )}
    </Card>
  );
}
