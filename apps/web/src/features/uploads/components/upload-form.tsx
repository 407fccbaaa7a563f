import { Button, Group, Input, Progress, Radio, Stack, Text } from '@mantine/core';
import { UPLOAD_KINDS, UPLOAD_MAX_BYTES, type UploadKind } from '@leerzicht/contract';
import { useId, useState, type FormEvent } from 'react';
import { FormattedMessage, FormattedNumber, useIntl } from 'react-intl';
import type { UploadProgress } from '../lib/send-upload';

const ACCEPT: Record<UploadKind, string> = {
  EDEXML: '.xml,application/xml,text/xml',
  NATIONAL_RESULTS: '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  METHOD_RESULTS: '.csv,text/csv',
};

const MAX_MB = Math.floor(UPLOAD_MAX_BYTES / (1024 * 1024));

/** The file's progress: bytes sent, then the server checking (no figure until it answers). */
export function SendProgress({ progress }: { progress: UploadProgress | null }) {
  const intl = useIntl();
  if (progress === null) return null;
  const sent = progress.total > 0 && progress.loaded >= progress.total;
  const percent = progress.total > 0 ? Math.round((progress.loaded / progress.total) * 100) : 0;
  return (
    <Stack gap={4}>
      <Progress
        value={sent ? 100 : percent}
        striped={sent}
        animated={sent}
        aria-label={intl.formatMessage({ id: 'uploads.progress.label' })}
      />
      <Text size="sm" c="dimmed" aria-live="polite">
        {sent ? (
          <FormattedMessage id="uploads.progress.checking" />
        ) : (
          <FormattedMessage id="uploads.progress.sending" values={{ percent }} />
        )}
      </Text>
    </Stack>
  );
}

/**
 * The kind of file, with what it holds, and the file itself; files larger than the server accepts are refused here
 * already. `onSubmit` sends the file for a preview.
 */
export function UploadForm({
  busy,
  progress,
  onSubmit,
}: {
  busy: boolean;
  progress: UploadProgress | null;
  onSubmit: (kind: UploadKind, file: File) => void;
}) {
  const intl = useIntl();
  const inputId = useId();
  const [kind, setKind] = useState<UploadKind>('EDEXML');
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<'required' | 'tooLarge' | null>(null);

  const choose = (chosen: File | null) => {
    setFile(chosen);
    setProblem(chosen !== null && chosen.size > UPLOAD_MAX_BYTES ? 'tooLarge' : null);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (file === null) return setProblem('required');
    if (file.size > UPLOAD_MAX_BYTES) return setProblem('tooLarge');
    onSubmit(kind, file);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Radio.Group
          label={intl.formatMessage({ id: 'uploads.kind.label' })}
          value={kind}
          onChange={(value) => {
            const chosen = UPLOAD_KINDS.find((candidate) => candidate === value);
            if (chosen) setKind(chosen);
          }}
        >
          <Stack gap="xs" mt="xs">
            {UPLOAD_KINDS.map((option) => (
              <Radio
                key={option}
                value={option}
                disabled={busy}
                label={intl.formatMessage({ id: `uploads.kind.${option}` })}
                description={intl.formatMessage({ id: `uploads.kind.${option}.help` })}
              />
            ))}
          </Stack>
        </Radio.Group>
        <Input.Wrapper
          label={intl.formatMessage({ id: 'uploads.file.label' })}
          description={intl.formatMessage({ id: 'uploads.file.help' }, { max: MAX_MB })}
          error={
            problem === null
              ? undefined
              : intl.formatMessage(
                  { id: problem === 'required' ? 'uploads.file.required' : 'uploads.file.tooLarge' },
                  { max: MAX_MB },
                )
          }
          labelProps={{ htmlFor: inputId }}
        >
          <input
            id={inputId}
            type="file"
            accept={ACCEPT[kind]}
            disabled={busy}
            onChange={(event) => choose(event.currentTarget.files?.[0] ?? null)}
            style={{ display: 'block', marginTop: 6 }}
          />
        </Input.Wrapper>
        {file !== null && problem === null && (
          <Text size="sm" c="dimmed">
            {file.name} · <FormattedNumber value={file.size / 1024} maximumFractionDigits={0} /> KB
          </Text>
        )}
        <Group>
          <Button type="submit" loading={busy}>
            <FormattedMessage id="uploads.check" />
          </Button>
        </Group>
        <SendProgress progress={progress} />
      </Stack>
    </form>
  );
}
