import { schoolwegingUpdateSchema } from '@leerzicht/contract';
import { Button, Group, NumberInput, Text } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { useContractForm } from '../../../components/forms/use-contract-form';
import { ReadOnlyNotice } from '../../../components/read-only-notice';
import { useUpdateSchoolweging } from '../api/school-inspection';

const numberOrNull = (value: number | string) => (value === '' ? null : Number(value));

interface SchoolwegingFormProps {
  schoolId: number;
  /** The values the panel shows (imported or entered), to start from. */
  current: { schoolweging: number | null; signalTarget: number | null };
}

/**
 * The schoolweging (20-40) and 1S/2F signaleringswaarde from the inspectorate's letter, entered by a superuser;
 * empty clears a value. The signaleringswaarde is sent only when it was changed (the server keeps it otherwise).
 */
export function SchoolwegingForm({ schoolId, current }: SchoolwegingFormProps) {
  const intl = useIntl();
  const [weging, setWeging] = useState<number | string>(current.schoolweging ?? '');
  const [target, setTarget] = useState<number | string>(current.signalTarget ?? '');
  const form = useContractForm({
    schema: schoolwegingUpdateSchema,
    mutation: useUpdateSchoolweging(schoolId),
    failureMessage: 'results.inspection.weging.failed',
    clientErrors: (error) => {
      const fields = new Set(error.issues.map((issue) => String(issue.path[0])));
      return {
        ...(fields.has('schoolweging')
          ? { schoolweging: [intl.formatMessage({ id: 'results.inspection.weging.range' })] }
          : {}),
        ...(fields.has('signalTarget')
          ? { signalTarget: [intl.formatMessage({ id: 'results.inspection.signalValue.range' })] }
          : {}),
      };
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const signalTarget = numberOrNull(target);
    void form.submit({
      schoolweging: numberOrNull(weging),
      ...(signalTarget === current.signalTarget ? {} : { signalTarget }),
    });
  };
  const decimalSeparator = intl.locale.startsWith('nl') ? ',' : '.';
  return (
    <form onSubmit={submit} aria-label={intl.formatMessage({ id: 'results.inspection.weging.form' })}>
      <Text size="sm" mb={4}>
        {intl.formatMessage({ id: 'results.inspection.weging.intro' })}
      </Text>
      <Group align="flex-start" gap="sm">
        <NumberInput
          size="xs"
          w={160}
          min={20}
          max={40}
          // Out-of-range input stays as typed and gets a message, rather than being changed silently.
          clampBehavior="none"
          step={0.1}
          decimalScale={2}
          decimalSeparator={decimalSeparator}
          label={intl.formatMessage({ id: 'results.inspection.weging.label' })}
          value={weging}
          onChange={setWeging}
          error={form.fieldError('schoolweging') ?? form.generalError ?? undefined}
        />
        <NumberInput
          size="xs"
          w={200}
          min={0}
          max={100}
          clampBehavior="none"
          step={0.1}
          decimalScale={1}
          decimalSeparator={decimalSeparator}
          label={intl.formatMessage({ id: 'results.inspection.signalValue.label' })}
          value={target}
          onChange={setTarget}
          error={form.fieldError('signalTarget') ?? undefined}
        />
        <Button size="xs" mt={22} type="submit" loading={form.pending}>
          {intl.formatMessage({ id: 'results.inspection.weging.save' })}
        </Button>
        {form.outcome === 'suppressed' && (
          <Text component="div" mt={26}>
            <ReadOnlyNotice inline />
          </Text>
        )}
        {form.outcome === 'saved' && (
          <Text size="sm" mt={26} c="teal" role="status">
            {intl.formatMessage({ id: 'results.inspection.weging.saved' })}
          </Text>
        )}
      </Group>
    </form>
  );
}
