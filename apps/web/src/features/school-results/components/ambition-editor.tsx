import { schoolAmbitionUpdateSchema, type SchoolAmbition } from '@leerzicht/contract';
import { Button, Group, NumberInput, Text } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { useContractForm } from '../../../components/forms/use-contract-form';
import { ReadOnlyNotice } from '../../../components/read-only-notice';
import type { FieldErrors } from '../../../lib/server-errors';
import { useUpdateSchoolAmbition } from '../api/school-ambition';

/** The low and high ambition of a subject (percentile scale), saved with `PATCH /school_ambitions/{id}/`. */
export function AmbitionEditor({
  schoolId,
  ambition,
  subjectName,
}: {
  schoolId: number;
  ambition: SchoolAmbition;
  subjectName: string;
}) {
  const intl = useIntl();
  const [low, setLow] = useState<number | string>(ambition.lowScore);
  const [high, setHigh] = useState<number | string>(ambition.highScore);
  const form = useContractForm({
    schema: schoolAmbitionUpdateSchema,
    mutation: useUpdateSchoolAmbition(schoolId),
    failureMessage: 'results.ambition.failed',
    clientErrors: (error) => {
      const found: FieldErrors = {};
      for (const issue of error.issues) {
        const message = issue.code === 'custom' ? 'results.ambition.order' : 'results.ambition.range';
        found[String(issue.path[0] ?? 'lowScore')] ??= [intl.formatMessage({ id: message })];
      }
      return found;
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // An empty box is "required", not "out of range".
    const required: FieldErrors = {};
    if (low === '') required.lowScore = [intl.formatMessage({ id: 'form.required' })];
    if (high === '') required.highScore = [intl.formatMessage({ id: 'form.required' })];
    void form.submit({ id: ambition.id, lowScore: Number(low), highScore: Number(high) }, required);
  };

  return (
    <form
      onSubmit={submit}
      aria-label={intl.formatMessage({ id: 'results.ambition.form' }, { subject: subjectName })}
    >
      <Group align="flex-start" gap="sm">
        <NumberInput
          size="xs"
          w={110}
          min={0}
          max={100}
          label={intl.formatMessage({ id: 'results.ambition.low' })}
          value={low}
          onChange={setLow}
          error={form.fieldError('lowScore') ?? form.generalError ?? undefined}
        />
        <NumberInput
          size="xs"
          w={110}
          min={0}
          max={100}
          label={intl.formatMessage({ id: 'results.ambition.high' })}
          value={high}
          onChange={setHigh}
          error={form.fieldError('highScore')}
        />
        <Button size="xs" mt={22} type="submit" loading={form.pending}>
          {intl.formatMessage({ id: 'results.ambition.save' })}
        </Button>
        {form.outcome === 'suppressed' && (
          <Text component="div" mt={26}>
            <ReadOnlyNotice inline />
          </Text>
        )}
        {form.outcome === 'saved' && (
          <Text size="sm" mt={26} c="teal" role="status">
            {intl.formatMessage({ id: 'results.ambition.saved' })}
          </Text>
        )}
      </Group>
    </form>
  );
}
