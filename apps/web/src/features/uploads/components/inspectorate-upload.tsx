import { Alert, Badge, Button, Group, Input, Stack, Table, Text, Title } from '@mantine/core';
import type { InspectorateApplyResult, InspectoratePreview } from '@leerzicht/contract';
import { useId, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ReadOnlyNotice } from '../../../components/read-only-notice';
import { isSuppressed } from '../../../lib/api-client';
import { firstErrorMessage } from '../../../lib/server-errors';
import { useApplyInspectorate, usePreviewInspectorate } from '../api/inspectorate';
import type { UploadProgress } from '../lib/send-upload';
import { refusalOf } from '../lib/upload-messages';
import { SendProgress } from './upload-form';

const ACCEPT =
  '.ods,.csv,.xlsx,application/vnd.oasis.opendocument.spreadsheet,text/csv,' +
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const STATUS_COLOUR = { new: 'teal', changed: 'yellow', unchanged: 'gray' } as const;

type Notice =
  | { kind: 'suppressed' }
  | { kind: 'error'; message: string }
  | { kind: 'applied'; result: InspectorateApplyResult };

/**
 * The inspectorate's open-data file for every school at once (provider staff, the profile's
 * importInspectorateFigures): check it (matched schools, changes, unmatched rows), then apply it.
 */
export function InspectorateUpload() {
  const intl = useIntl();
  const preview = usePreviewInspectorate();
  const apply = useApplyInspectorate();
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [checked, setChecked] = useState<{ preview: InspectoratePreview; file: File } | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);

  const failed = (error: unknown) =>
    setNotice({
      kind: 'error',
      message:
        refusalOf(intl, error)?.message ??
        firstErrorMessage(intl, error) ??
        intl.formatMessage({ id: 'uploads.failed' }),
    });
  const check = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    setNotice(null);
    setChecked(null);
    setProgress({ loaded: 0, total: file.size });
    try {
      const answer = await preview.mutateAsync({ file, onProgress: setProgress });
      if (isSuppressed(answer)) setNotice({ kind: 'suppressed' });
      else setChecked({ preview: answer, file });
    } catch (error) {
      failed(error);
    } finally {
      setProgress(null);
    }
  };
  const confirm = async () => {
    if (!checked) return;
    setNotice(null);
    setProgress({ loaded: 0, total: checked.file.size });
    try {
      const answer = await apply.mutateAsync({
        file: checked.file,
        sha256: checked.preview.sha256,
        onProgress: setProgress,
      });
      if (isSuppressed(answer)) setNotice({ kind: 'suppressed' });
      else {
        setChecked(null);
        setNotice({ kind: 'applied', result: answer });
      }
    } catch (error) {
      failed(error);
    } finally {
      setProgress(null);
    }
  };
  const busy = preview.isPending || apply.isPending;

  return (
    <section aria-labelledby="inspectorate-upload-title" data-testid="inspectorate-upload">
      <Stack gap="sm">
        <Title order={2} size="h3" id="inspectorate-upload-title">
          <FormattedMessage id="uploads.inspectorate.title" />
        </Title>
        <Text c="dimmed" maw={760}>
          <FormattedMessage id="uploads.inspectorate.intro" />
        </Text>
        <form onSubmit={(event) => void check(event)}>
          <Group align="flex-end" gap="sm">
            {/* A native file input, as the other upload form has: keyboard and screen readers know it. */}
            <Input.Wrapper
              label={intl.formatMessage({ id: 'uploads.inspectorate.file' })}
              labelProps={{ htmlFor: inputId }}
            >
              <input
                id={inputId}
                type="file"
                accept={ACCEPT}
                disabled={busy}
                onChange={(event) => setFile(event.currentTarget.files?.[0] ?? null)}
                style={{ display: 'block', marginTop: 6 }}
              />
            </Input.Wrapper>
            <Button type="submit" disabled={!file} loading={busy}>
              <FormattedMessage id="uploads.inspectorate.check" />
            </Button>
          </Group>
        </form>
        <SendProgress progress={progress} />
        {notice?.kind === 'suppressed' && <ReadOnlyNotice />}
        {notice?.kind === 'error' && (
          <Alert color="red" role="alert" title={intl.formatMessage({ id: 'uploads.refused' })}>
            {notice.message}
          </Alert>
        )}
        {notice?.kind === 'applied' && (
          <Alert color="green" role="status" title={intl.formatMessage({ id: 'uploads.applied.title' })}>
            <FormattedMessage
              id="uploads.inspectorate.applied"
              values={{ schools: notice.result.schoolCount, rows: notice.result.rowCount }}
            />
          </Alert>
        )}
        {checked && (
          <InspectoratePreviewPanel
            preview={checked.preview}
            busy={busy}
            onApply={() => void confirm()}
            onCancel={() => setChecked(null)}
          />
        )}
      </Stack>
    </section>
  );
}

function InspectoratePreviewPanel({
  preview,
  busy,
  onApply,
  onCancel,
}: {
  preview: InspectoratePreview;
  busy: boolean;
  onApply: () => void;
  onCancel: () => void;
}) {
  const intl = useIntl();
  const first = preview.calendarYears[0];
  const last = preview.calendarYears[preview.calendarYears.length - 1];
  return (
    <Stack gap="xs" data-testid="inspectorate-preview">
      <Text size="sm">
        <FormattedMessage
          id="uploads.inspectorate.summary"
          values={{
            file: preview.fileName,
            from: first === undefined ? '' : `${first}-${first + 1}`,
            to: last === undefined ? '' : `${last}-${last + 1}`,
            rows: preview.rowCount,
            matched: preview.matched.length,
            unmatched: preview.unmatchedCount,
          }}
        />
      </Text>
      {preview.matched.length > 0 && (
        <Table.ScrollContainer minWidth={560}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{intl.formatMessage({ id: 'uploads.inspectorate.school' })}</Table.Th>
                <Table.Th scope="col">ovt</Table.Th>
                <Table.Th scope="col">{intl.formatMessage({ id: 'uploads.inspectorate.status' })}</Table.Th>
                <Table.Th scope="col">{intl.formatMessage({ id: 'uploads.inspectorate.changed' })}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {preview.matched.map((row) => (
                <Table.Tr key={row.ovt} data-ovt={row.ovt}>
                  <Table.Td>{row.schoolName}</Table.Td>
                  <Table.Td>{row.ovt}</Table.Td>
                  <Table.Td>
                    <Badge color={STATUS_COLOUR[row.status]} variant="light" data-status={row.status}>
                      {intl.formatMessage({ id: `uploads.inspectorate.status.${row.status}` })}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{row.changedFields.join(', ')}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {preview.rowErrors.length > 0 && (
        <Alert color="yellow" role="status">
          <FormattedMessage
            id="uploads.inspectorate.rowErrors"
            values={{ count: preview.rowErrors.length }}
          />
          <ul>
            {preview.rowErrors.map((error) => (
              <li key={`${error.line}-${error.column}`}>
                <FormattedMessage
                  id="uploads.inspectorate.rowError"
                  values={{ line: error.line, column: error.column, value: error.value }}
                />
              </li>
            ))}
          </ul>
        </Alert>
      )}
      <Group gap="sm">
        <Button onClick={onApply} loading={busy} disabled={preview.matched.length === 0}>
          <FormattedMessage id="uploads.inspectorate.apply" />
        </Button>
        <Button variant="default" onClick={onCancel} disabled={busy}>
          <FormattedMessage id="uploads.inspectorate.cancel" />
        </Button>
      </Group>
    </Stack>
  );
}
