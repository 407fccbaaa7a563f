import { Button, Code, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useParams } from 'react-router';
import { SupportDialog, useSupportDialog } from '../../features/support/components/support-dialog';
import { browser } from '../../lib/browser';
import { isChunkLoadError } from '../../lib/chunk-errors';
import { newReportId, reportClientError } from '../../lib/error-reporting';
import { SUPPORT_EMAIL } from '../../lib/help-links';
import { ErrorPage, GoHomeButton } from './error-page';

/** Reports the error once and gives the id the user can quote. */
function useErrorReport(error: unknown): string {
  const [reportId] = useState(newReportId);
  useEffect(() => {
    reportClientError(error, reportId);
  }, [error, reportId]);
  return reportId;
}

/** The school the address selects, if any: the support dialog sends its messages for a school. */
function useSchoolIdOfPath(): number | null {
  const id = Number(useParams().schoolId);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * Server errors and render crashes (section 8): the team is notified (the error is reported under an id),
 * the user can give feedback or go home. Within a school the feedback button opens the support dialog with the
 * report id filled in; elsewhere it is a mail to support. A part of the app that failed to load offers a reload.
 */
export function UnexpectedErrorView({ error }: { error?: unknown }) {
  const intl = useIntl();
  const reportId = useErrorReport(error);
  const chunkFailed = isChunkLoadError(error);
  const schoolId = useSchoolIdOfPath();
  const support = useSupportDialog();
  const feedback = `mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent(
    intl.formatMessage({ id: 'errors.feedbackSubject' }, { reportId }),
  )}`;
  return (
    <ErrorPage
      title={<FormattedMessage id="errors.unexpected.title" />}
      message={<FormattedMessage id={chunkFailed ? 'errors.chunk.message' : 'errors.unexpected.message'} />}
      actions={
        <>
          {chunkFailed && (
            <Button onClick={browser.reload}>
              <FormattedMessage id="errors.reload" />
            </Button>
          )}
          <GoHomeButton />
          {schoolId === null ? (
            <Button component="a" href={feedback} variant="default">
              <FormattedMessage id="errors.feedback" />
            </Button>
          ) : (
            <Button variant="default" onClick={() => void support.open({ errorReportId: reportId })}>
              <FormattedMessage id="errors.feedback" />
            </Button>
          )}
        </>
      }
    >
      <Text size="sm" c="dimmed">
        <FormattedMessage id="errors.reportId" values={{ reportId: <Code>{reportId}</Code> }} />
      </Text>
      {schoolId !== null && (
        <SupportDialog state={support.state} onClose={support.close} schoolId={schoolId} />
      )}
    </ErrorPage>
  );
}
