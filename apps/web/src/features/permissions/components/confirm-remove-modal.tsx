import { ConfirmModal, type ConfirmModalProps } from '../../../components/confirm-modal';

/** Asks before a colleague or an invitation is removed from the school. */
export function ConfirmRemoveModal(props: ConfirmModalProps) {
  return (
    <ConfirmModal
      {...props}
      title="permissions.remove.title"
      question="permissions.remove.question"
      confirm="permissions.remove.confirm"
    />
  );
}
