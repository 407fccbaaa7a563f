import { Alert, Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import {
  EXCLUSION_REASON_TEXT_MAX,
  NATIONAL_TEST_EXCLUSION_REASONS,
  nationalTestExclusionUpdateSchema,
  type NationalTestExclusionReason,
} from '@leerzicht/contract';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { LimitedTextarea } from '../../../components/forms/limited-textarea';
import { useContractForm } from '../../../components/forms/use-contract-form';
import { ReadOnlyNotice } from '../../../components/read-only-notice';
import { useUpdateExclusions } from '../api/exclusions';
import { REASON_LABELS, translateExclusionMessage } from '../lib/exclusion-list';

interface ReasonModalProps {
  schoolId: number;
  /** The pupils to exclude; the modal is closed when empty. */
  pupilIds: number[];
  /** Who they are, for the title: a name, or a count. */
  subject: string;
  onClose: () => void;
  onSaved: () => void;
}

/** Asks the exemption ground (and for "other" a short text) before pupils are excluded from national tests. */
export function ReasonModal({ schoolId, pupilIds, subject, onClose, onSaved }: ReasonModalProps) {
  const intl = useIntl();
  const [reason, setReason] = useState<NationalTestExclusionReason | ''>('');
  const [reasonText, setReasonText] = useState('');
  const form = useContractForm({
    schema: nationalTestExclusionUpdateSchema,
    mutation: useUpdateExclusions(),
    failureMessage: 'exclusions.error.failed',
    onSaved: () => {
      setReason('');
      setReasonText('');
      onSaved();
    },
  });
  const errorOf = (field: string) =>
    form.errors[field]?.map((message) => translateExclusionMessage(intl, message)).join(' ');
  const general = errorOf('pupilIds') ?? form.generalError;

  return (
    <Modal
      opened={pupilIds.length > 0}
      onClose={onClose}
      title={intl.formatMessage({ id: 'exclusions.dialog.title' }, { subject })}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void form.submit({
            schoolId,
            pupilIds,
            excluded: true,
            reason: reason === '' ? null : reason,
            reasonText: reason === 'OTHER' ? reasonText : null,
          });
        }}
      >
        <Stack gap="md">
          <Text size="sm">{intl.formatMessage({ id: 'exclusions.dialog.intro' })}</Text>
          <Radio.Group
            label={intl.formatMessage({ id: 'exclusions.reason' })}
            value={reason}
            onChange={(value) => setReason(value as NationalTestExclusionReason)}
            error={errorOf('reason')}
            withAsterisk
          >
            <Stack gap="xs" mt="xs">
              {NATIONAL_TEST_EXCLUSION_REASONS.map((value) => (
                <Radio key={value} value={value} label={intl.formatMessage({ id: REASON_LABELS[value] })} />
              ))}
            </Stack>
          </Radio.Group>
          {reason === 'OTHER' && (
            <LimitedTextarea
              label={intl.formatMessage({ id: 'exclusions.reasonText' })}
              value={reasonText}
              onChange={setReasonText}
              limit={EXCLUSION_REASON_TEXT_MAX}
              error={errorOf('reasonText')}
              rows={3}
              withAsterisk
            />
          )}
          {general && (
            <Alert color="red" role="alert">
              {general}
            </Alert>
          )}
          {form.outcome === 'suppressed' && <ReadOnlyNotice />}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {intl.formatMessage({ id: 'common.cancel' })}
            </Button>
            <Button type="submit" loading={form.pending}>
              {intl.formatMessage({ id: 'exclusions.dialog.submit' })}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
