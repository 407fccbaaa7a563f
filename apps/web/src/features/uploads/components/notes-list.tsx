import { List, Stack, Text } from '@mantine/core';
import type { UploadPreview } from '@leerzicht/contract';
import { FormattedMessage, useIntl } from 'react-intl';
import { noteText } from '../lib/edexml-messages';

/** EDEXML: imported groups and pupils that the import adapts (a renamed group, a year by age), with the line. */
export function NotesList({ notes, count }: { notes: NonNullable<UploadPreview['notes']>; count: number }) {
  const intl = useIntl();
  if (count === 0) return null;
  return (
    <Stack gap="xs">
      <Text fw={600}>
        <FormattedMessage id="uploads.notes.title" values={{ count }} />
      </Text>
      {count > notes.length && (
        <Text size="sm" c="dimmed">
          <FormattedMessage id="uploads.skipped.firstOnly" values={{ shown: notes.length, count }} />
        </Text>
      )}
      <List size="sm" aria-label={intl.formatMessage({ id: 'uploads.notes.caption' })}>
        {notes.map((note) => (
          <List.Item key={`${note.line}-${note.code}-${note.key}`}>
            <FormattedMessage
              id="uploads.notes.item"
              values={{ line: note.line, name: note.name, text: noteText(intl, note) }}
            />
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}
