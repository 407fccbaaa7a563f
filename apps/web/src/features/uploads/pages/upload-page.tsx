import { Alert, Stack, Text, Title } from '@mantine/core';
import type { UploadKind, UploadPreview, UploadRecord } from '@leerzicht/contract';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { ReadOnlyNotice } from '../../../components/read-only-notice';
import { SchoolHeader, useSchoolAbilities, useSchoolQuery } from '../../../entities/school';
import { isSuppressed } from '../../../lib/api-client';
import { NotFoundError } from '../../../lib/api-error';
import { parseRouteId } from '../../../lib/route-ids';
import { firstErrorMessage } from '../../../lib/server-errors';
import { useApplyUpload, usePreviewUpload, useUploadsQuery } from '../api/uploads';
import { PreviewPanel } from '../components/preview-panel';
import { SendProgress, UploadForm } from '../components/upload-form';
import { UploadsTable } from '../components/uploads-table';
import { InspectorateUpload } from '../components/inspectorate-upload';
import { useCurrentProfile } from '../../../lib/current-profile';
import { changeCount } from '../lib/counts';
import type { UploadProgress } from '../lib/send-upload';
import { refusalOf } from '../lib/upload-messages';

type Notice =
  | { kind: 'suppressed' }
  | { kind: 'error'; message: string; line: number | null }
  | { kind: 'applied'; upload: UploadRecord };

/**
 * `/app/schools/:schoolId/admin/upload` (Management > Upload, provider staff): choose the kind and the file, see
 * what it would change (counts, row errors, teachers without an account), then apply it; the school's uploads
 * below. For anyone else the server answers 404 and so does the page: it does not say that it exists. Provider
 * staff also find the inspectorate's open-data file here, which is for every school at once.
 */
export function UploadPage() {
  const intl = useIntl();
  const schoolId = parseRouteId(useParams().schoolId);
  const { upload: mayUpload } = useSchoolAbilities(schoolId);
  const { data: school } = useSchoolQuery(schoolId);
  const profile = useCurrentProfile();
  const uploads = useUploadsQuery(schoolId, mayUpload);
  const preview = usePreviewUpload();
  const apply = useApplyUpload();
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [checked, setChecked] = useState<{ preview: UploadPreview; kind: UploadKind; file: File } | null>(
    null,
  );
  const [notice, setNotice] = useState<Notice | null>(null);
  // The menu offers Upload only where the profile's upload ability says so; the server answers 404 to anyone else.
  if (!mayUpload) throw new NotFoundError('Upload is for provider staff');
  if (!school || !uploads.data) return <PageLoader />;

  const failed = (error: unknown) => {
    const refusal = refusalOf(intl, error);
    setNotice({
      kind: 'error',
      message:
        refusal?.message ?? firstErrorMessage(intl, error) ?? intl.formatMessage({ id: 'uploads.failed' }),
      line: refusal?.line ?? null,
    });
  };
  const check = async (kind: UploadKind, file: File) => {
    setNotice(null);
    setChecked(null);
    setProgress({ loaded: 0, total: file.size });
    try {
      const answer = await preview.mutateAsync({ schoolId, kind, file, onProgress: setProgress });
      if (isSuppressed(answer)) setNotice({ kind: 'suppressed' });
      else setChecked({ preview: answer, kind, file });
    } catch (error) {
      failed(error);
    } finally {
      setProgress(null);
    }
  };
  const confirm = async (skipRowErrors: boolean, replaceEckIds: string[]) => {
    if (!checked) return;
    setNotice(null);
    setProgress({ loaded: 0, total: checked.file.size });
    try {
      const answer = await apply.mutateAsync({
        schoolId,
        kind: checked.kind,
        file: checked.file,
        sha256: checked.preview.sha256,
        skipRowErrors,
        replaceEckIds,
        onProgress: setProgress,
      });
      if (isSuppressed(answer)) {
        setNotice({ kind: 'suppressed' });
      } else {
        setChecked(null);
        setNotice({ kind: 'applied', upload: answer });
      }
    } catch (error) {
      failed(error);
    } finally {
      setProgress(null);
    }
  };

  const title = intl.formatMessage({ id: 'uploads.title' });
  return (
    <Stack gap="lg">
      <SchoolHeader
        school={school}
        title={title}
        crumbs={[{ label: intl.formatMessage({ id: 'menu.admin' }) }, { label: title }]}
      />
      <Text c="dimmed" maw={760}>
        <FormattedMessage id="uploads.intro" />
      </Text>
      {!school.isConnectionActive && (
        <Alert color="yellow" role="status">
          <FormattedMessage id="uploads.connectionInactive" />
        </Alert>
      )}
      <UploadForm
        busy={preview.isPending || apply.isPending}
        progress={checked ? null : progress}
        onSubmit={(kind, file) => void check(kind, file)}
      />
      {notice?.kind === 'suppressed' && <ReadOnlyNotice />}
      {notice?.kind === 'error' && (
        <Alert color="red" role="alert" title={intl.formatMessage({ id: 'uploads.refused' })}>
          {notice.message}
          {notice.line !== null && (
            <Text size="sm" mt={4}>
              <FormattedMessage id="uploads.refusedAtLine" values={{ line: notice.line }} />
            </Text>
          )}
        </Alert>
      )}
      {notice?.kind === 'applied' && (
        <Alert color="green" role="status" title={intl.formatMessage({ id: 'uploads.applied.title' })}>
          <FormattedMessage
            id="uploads.applied.text"
            values={{ file: notice.upload.fileName, count: changeCount(notice.upload.counts) }}
          />
        </Alert>
      )}
      {checked && (
        <PreviewPanel
          key={checked.preview.sha256}
          schoolId={schoolId}
          preview={checked.preview}
          busy={apply.isPending}
          onApply={(skip, replaceEckIds) => void confirm(skip, replaceEckIds)}
          onCancel={() => setChecked(null)}
        />
      )}
      {checked && <SendProgress progress={progress} />}
      {profile.abilities.importInspectorateFigures && <InspectorateUpload />}
      <section aria-labelledby="uploads-list-title">
        <Title order={2} size="h3" id="uploads-list-title" mb="sm">
          <FormattedMessage id="uploads.list.title" />
        </Title>
        <UploadsTable uploads={uploads.data.results} />
      </section>
    </Stack>
  );
}
