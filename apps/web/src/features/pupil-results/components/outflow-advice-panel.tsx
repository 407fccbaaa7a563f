import { OUTFLOW_ADVICES, type OutflowAdvice, type PupilDetail } from '@leerzicht/contract';
import { Button, Card, Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { ReadOnlyNotice } from '../../../components/read-only-notice';
import { isSuppressed } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { detailOf, fieldErrorsOf, translateServerMessage } from '../../../lib/server-errors';
import { useSaveOutflowAdvice } from '../api/outflow-advice';

/** The secondary-school advice of a grade-8 pupil (and after), saved with `POST /pupil-outflow-advice/`. */
export function OutflowAdvicePanel({ pupil }: { pupil: PupilDetail }) {
  const intl = useIntl();
  const current = pupil.outflowAdvice.outflowAdvice;
  const [advice, setAdvice] = useState<OutflowAdvice | ''>(current ?? '');
  const [error, setError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<'saved' | 'suppressed' | null>(null);
  const mutation = useSaveOutflowAdvice();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    if (advice === '') {
      setError(intl.formatMessage({ id: 'form.required' }));
      return;
    }
    setError(null);
    mutation.mutate(
      { pupilId: pupil.id, outflowAdvice: advice },
      {
        onSuccess: (result) => setOutcome(isSuppressed(result) ? 'suppressed' : 'saved'),
        onError: (failure) => {
          const field = fieldErrorsOf(failure).outflowAdvice?.[0];
          if (field) setError(translateServerMessage(intl, field));
          else if (isApiError(failure, 403))
            setError(intl.formatMessage({ id: 'results.outflow.forbidden' }));
          else setError(detailOf(failure) ?? intl.formatMessage({ id: 'results.outflow.failed' }));
        },
      },
    );
  };

  return (
    <Card withBorder>
      <Stack gap="xs">
        <Title order={2} size="h3">
          {intl.formatMessage({ id: 'results.outflow.title' })}
        </Title>
        <Text size="sm" data-testid="outflow-current">
          {current
            ? intl.formatMessage({ id: 'results.outflow.current' }, { advice: current })
            : intl.formatMessage({ id: 'results.outflow.none' })}
        </Text>
        <form onSubmit={submit}>
          <Group align="flex-end" gap="sm">
            <NativeSelect
              w={220}
              label={intl.formatMessage({ id: 'results.outflow.label' })}
              value={advice}
              error={error ?? undefined}
              onChange={(event) => {
                const value = OUTFLOW_ADVICES.find((item) => item === event.currentTarget.value);
                setAdvice(value ?? '');
              }}
              data={[
                { value: '', label: intl.formatMessage({ id: 'results.outflow.choose' }) },
                ...OUTFLOW_ADVICES.map((item) => ({ value: item, label: item })),
              ]}
            />
            <Button type="submit" loading={mutation.isPending}>
              {intl.formatMessage({ id: 'results.outflow.save' })}
            </Button>
            {outcome === 'suppressed' && <ReadOnlyNotice inline />}
            {outcome === 'saved' && (
              <Text size="sm" c="teal" role="status">
                {intl.formatMessage({ id: 'results.outflow.saved' })}
              </Text>
            )}
          </Group>
        </form>
      </Stack>
    </Card>
  );
}
