import { schoolAmbitionUpdateSchema, type SchoolAmbition } from '@leerzicht/contract';
import { Button, Group, NumberInput, Text } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { fieldErrorsOf, translateServerMessage, type FieldErrors } from '../../../lib/server-errors';
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
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saved, setSaved] = useState(false);
  const mutation = useUpdateSchoolAmbition(schoolId);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    const parsed = schoolAmbitionUpdateSchema.safeParse({
      id: ambition.id,
      lowScore: Number(low),
      highScore: Number(high),
    });
    if (!parsed.success || low === '' || high === '') {
      const next: FieldErrors = {};
      if (low === '') next.lowScore = [intl.formatMessage({ id: 'form.required' })];
      if (high === '') next.highScore = [intl.formatMessage({ id: 'form.required' })];
      for (const issue of parsed.success ? [] : parsed.error.issues) {
        const field = String(issue.path[0] ?? 'lowScore');
        if (next[field]) continue;
        next[field] = [
          intl.formatMessage({
            id: issue.code === 'custom' ? 'results.ambition.order' : 'results.ambition.range',
          }),
        ];
      }
      setErrors(next);
      return;
    }
    setErrors({});
    mutation.mutate(parsed.data, {
      onSuccess: () => setSaved(true),
      onError: (error) => {
        const fromServer = fieldErrorsOf(error);
        setErrors(
          Object.keys(fromServer).length > 0
            ? fromServer
            : { lowScore: [intl.formatMessage({ id: 'results.ambition.failed' })] },
        );
      },
    });
  };

  const errorOf = (field: string) => {
    const messages = errors[field];
    return messages && messages.length > 0
      ? messages.map((message) => translateServerMessage(intl, message)).join(' ')
      : undefined;
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
          error={errorOf('lowScore')}
        />
        <NumberInput
          size="xs"
          w={110}
          min={0}
          max={100}
          label={intl.formatMessage({ id: 'results.ambition.high' })}
          value={high}
          onChange={setHigh}
          error={errorOf('highScore')}
        />
        <Button size="xs" mt={22} type="submit" loading={mutation.isPending}>
          {intl.formatMessage({ id: 'results.ambition.save' })}
        </Button>
        {saved && (
          <Text size="sm" mt={26} c="teal" role="status">
            {intl.formatMessage({ id: 'results.ambition.saved' })}
          </Text>
        )}
      </Group>
    </form>
  );
}
