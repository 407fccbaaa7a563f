import { FormattedMessage } from 'react-intl';
import { useLeaveGuard, type LeaveGuardOptions } from '../lib/leave-guard';
import { NavigationConfirmDialog } from './navigation-confirm-dialog';

export interface LeaveGuardProps extends LeaveGuardOptions {
  /** The page holds unsaved work. */
  when: boolean;
  /**
   * `unsavedChanges` asks whether to leave anyway; `unsavedNote` (spec section 5) blocks the move until
   * the note is saved or cancelled.
   */
  kind?: 'unsavedChanges' | 'unsavedNote';
}

/** Drop this into a page with a form: it warns on unload and asks before in-app navigation. */
export function LeaveGuard({ when, kind = 'unsavedChanges', allow }: LeaveGuardProps) {
  const blocker = useLeaveGuard(when, { allow });
  const blocked = blocker.state === 'blocked';
  const cancel = () => blocker.reset?.();
  if (kind === 'unsavedNote') {
    return (
      <NavigationConfirmDialog
        opened={blocked}
        title={<FormattedMessage id="leaveGuard.note.title" />}
        text={<FormattedMessage id="leaveGuard.note.text" />}
        onCancel={cancel}
      />
    );
  }
  return (
    <NavigationConfirmDialog
      opened={blocked}
      title={<FormattedMessage id="leaveGuard.changes.title" />}
      text={<FormattedMessage id="leaveGuard.changes.text" />}
      onCancel={cancel}
      onConfirm={() => blocker.proceed?.()}
    />
  );
}
