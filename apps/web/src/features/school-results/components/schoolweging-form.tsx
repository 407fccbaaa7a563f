import { schoolwegingUpdateSchema } from '@leerzicht/contract';
import { Button, Group, NumberInput, Text } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { useContractForm } from '../../../components/forms/use-contract-form';
import { ReadOnlyNotice } from '../../../components/read-only-notice';
import { useUpdateSchoolweging } from '../api/school-inspection';

/** The school's CBS schoolweging (20-40), entered by a superuser; empty clears it. */
export function SchoolwegingForm({ schoolId, current }: { schoolId: number; current: number | null }) {
  const intl = useIntl();
  const [value, setValue] = useState<number | string>(current ?? '');
  const form = useContractForm({
    schema: schoolwegingUpdateSchema,
    mutation: useUpdateSchoolweging(schoolId),
    failureMessage: 'results.inspection.weging.failed',
    clientErrors: () => ({
      schoolweging: [intl.formatMessage({ id: 'results.inspection.weging.range' })],
    }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void form.submit({ schoolweging: value === '' ? null : Number(value) });
  };
  return (
    <form onSubmit={submit} aria-label={intl.formatMessage({ id: 'results.inspection.weging.form' })}>
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
          decimalSeparator={intl.locale.startsWith('nl') ? ',' : '.'}
          label={intl.formatMessage({ id: 'results.inspection.weging.label' })}
          value={value}
          onChange={setValue}
          error={form.fieldError('schoolweging') ?? form.generalError ?? undefined}
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
