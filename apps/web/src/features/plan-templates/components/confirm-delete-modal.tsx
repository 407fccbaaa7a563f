import { ConfirmModal, type ConfirmModalProps } from '../../../components/confirm-modal';

/** Asks before a template is deleted (plans made from it stay). */
export function ConfirmDeleteModal({
  name,
  ...props
}: Omit<ConfirmModalProps, 'subject'> & { name: string | null }) {
  return (
    <ConfirmModal
      {...props}
      subject={name}
      title="templates.delete.title"
      question="templates.delete.question"
      confirm="templates.delete.confirm"
    />
  );
}
