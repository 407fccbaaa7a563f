import { Button, Code, Text } from '@mantine/core';
import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useParams } from 'react-router';
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

interface FeedbackProps {
  schoolId: number;
  reportId: string;
  mailto: string;
}

function MailFeedback({ mailto }: Pick<FeedbackProps, 'mailto'>) {
  return (
    <Button component="a" href={mailto} variant="default">
      <FormattedMessage id="errors.feedback" />
    </Button>
  );
}

/**
 * The support dialog, loaded when an error view within a school shows (the signed-in shell has usually loaded it
 * already): not part of the start-up code. Until it is there, or if it cannot load (the error may be just that),
 * the feedback is a mail.
 */
const SchoolFeedback = lazy<ComponentType<FeedbackProps>>(() =>
  import('./school-feedback').then(
    (module) => ({ default: module.SchoolFeedback }),
    () => ({ default: MailFeedback }),
  ),
);

/**
 * Server errors and render crashes (section 8): the team is notified (the error is reported under an id),
 * the user can give feedback or go home. Within a school the feedback button opens the support dialog with the
 * report id filled in; elsewhere (and until the dialog has loaded) it is a mail to support. A part of the app
 * that failed to load offers a reload.
 */
export function UnexpectedErrorView({ error }: { error?: unknown }) {
  const intl = useIntl();
  const reportId = useErrorReport(error);
  const chunkFailed = isChunkLoadError(error);
  const schoolId = useSchoolIdOfPath();
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
            <MailFeedback mailto={feedback} />
          ) : (
            <Suspense fallback={<MailFeedback mailto={feedback} />}>
              <SchoolFeedback schoolId={schoolId} reportId={reportId} mailto={feedback} />
            </Suspense>
          )}
        </>
      }
    >
      <Text size="sm" c="dimmed">
        <FormattedMessage id="errors.reportId" values={{ reportId: <Code>{reportId}</Code> }} />
      </Text>
    </ErrorPage>
  );
}
