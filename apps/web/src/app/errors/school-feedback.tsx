import { Button } from '@mantine/core';
import { FormattedMessage } from 'react-intl';
import { SupportDialog, useSupportDialog } from '../../features/support/components/support-dialog';

/** The error view's feedback within a school: the support dialog, with the error-report id filled in. */
export function SchoolFeedback({ schoolId, reportId }: { schoolId: number; reportId: string }) {
  const support = useSupportDialog();
  return (
    <>
      <Button
        loading={support.capturing}
        variant="default"
        onClick={() => void support.open({ errorReportId: reportId })}
      >
        <FormattedMessage id="errors.feedback" />
      </Button>
      <SupportDialog state={support.state} onClose={support.close} schoolId={schoolId} />
    </>
  );
}
