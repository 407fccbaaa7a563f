import { Alert, Button, Checkbox, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { schoolYearLabel, type UploadPreview } from '@leerzicht/contract';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { changeCount } from '../lib/counts';
import { CountsTable } from './counts-table';
import { EckIdConflictsTable } from './eck-id-conflicts-table';
import { LocationsTable } from './locations-table';
import { NotesList } from './notes-list';
import { RowErrorsTable } from './row-errors-table';
import { SkippedRowsTable } from './skipped-rows-table';
import { TeachersPanel } from './teachers-panel';

/**
 * What the checked file would change, before anything changes: the counts, every row error, whether the file was
 * applied before, its pupils whose ECK-iD the file would replace, and (EDEXML) its vestigingen, the groups and
 * pupils it skips with the reason, the rows the import adapts, and its teachers without an account or address. Applying
 * needs the user's consent to skip the rows with errors when there are any, and replaces only the ECK-iDs the user
 * ticked (each one counts as a change: the counts assume none).
 */
export function PreviewPanel({
  schoolId,
  preview,
  busy,
  onApply,
  onCancel,
}: {
  schoolId: number;
  preview: UploadPreview;
  busy: boolean;
  onApply: (skipRowErrors: boolean, replaceEckIds: string[]) => void;
  onCancel: () => void;
}) {
  const intl = useIntl();
  const [skip, setSkip] = useState(false);
  const [replace, setReplace] = useState<ReadonlySet<string>>(new Set());
  const changes = changeCount(preview.counts) + replace.size;
  const choose = (key: string, replaced: boolean) =>
    setReplace((current) => {
      const next = new Set(current);
      if (replaced) next.add(key);
      else next.delete(key);
      return next;
    });
  const hasErrors = preview.errorCount > 0;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="upload-preview-title">
      <Stack>
        <div>
          <Title order={2} size="h3" id="upload-preview-title">
            <FormattedMessage id="uploads.preview.title" />
          </Title>
          <Text size="sm" c="dimmed">
            {preview.fileName} · <FormattedMessage id={`uploads.kind.${preview.kind}`} />
            {preview.calendarYear !== null && ` · ${schoolYearLabel(preview.calendarYear)}`}
          </Text>
        </div>
        {preview.alreadyApplied && (
          <Alert color="blue" role="status">
            <FormattedMessage id="uploads.preview.alreadyApplied" />
          </Alert>
        )}
        <CountsTable counts={preview.counts} />
        <LocationsTable locations={preview.locations ?? []} />
        {hasErrors ? (
          <Stack gap="xs">
            <Text fw={600} c="red.8">
              <FormattedMessage id="uploads.errors.title" values={{ count: preview.errorCount }} />
            </Text>
            <RowErrorsTable errors={preview.errors} errorCount={preview.errorCount} />
          </Stack>
        ) : (
          <Text size="sm">
            <FormattedMessage id="uploads.errors.none" />
          </Text>
        )}
        <SkippedRowsTable skipped={preview.skipped ?? []} count={preview.skippedCount ?? 0} />
        <NotesList notes={preview.notes ?? []} count={preview.noteCount ?? 0} />
        <EckIdConflictsTable
          conflicts={preview.eckIdConflicts}
          count={preview.eckIdConflictCount}
          replace={replace}
          onChange={choose}
        />
        <TeachersPanel schoolId={schoolId} teachers={preview.teachers} />
        {hasErrors && (
          <Checkbox
            checked={skip}
            onChange={(event) => setSkip(event.currentTarget.checked)}
            label={intl.formatMessage({ id: 'uploads.apply.skipErrors' }, { count: preview.errorCount })}
          />
        )}
        <Group>
          <Button
            onClick={() => onApply(skip, [...replace])}
            disabled={(hasErrors && !skip) || changes === 0}
            loading={busy}
          >
            <FormattedMessage id="uploads.apply" values={{ count: changes }} />
          </Button>
          <Button variant="default" onClick={onCancel} disabled={busy}>
            <FormattedMessage id="common.cancel" />
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
