import type { GroupPlan } from '@leerzicht/contract';
import { Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { ReadOnlyNotice } from '../../../components/read-only-notice';
import { isSuppressed } from '../../../lib/api-client';
import { fieldError, fieldErrorsOf } from '../../../lib/server-errors';
import { useDeletePlan, useUpdatePlan } from '../api/plans';
import { ConfirmButton } from './confirm-button';
import { PeriodFields } from './period-fields';

/** The plan's name, period and maker; change the name and period, or delete the plan. */
export function PlanHeader({ plan }: { plan: GroupPlan }) {
  const intl = useIntl();
  const update = useUpdatePlan();
  const remove = useDeletePlan();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(plan.name);
  const [startDate, setStartDate] = useState(plan.startDate ?? '');
  const [endDate, setEndDate] = useState(plan.endDate ?? '');
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [suppressed, setSuppressed] = useState(false);
  const date = (value: string | null) =>
    value ? intl.formatDate(`${value}T12:00:00`, { dateStyle: 'medium' }) : '…';
  const save = async () => {
    if (name.trim() === '') {
      setErrors({ name: intl.formatMessage({ id: 'form.required' }) });
      return;
    }
    try {
      const answer = await update.mutateAsync({
        id: plan.id,
        name,
        startDate: startDate === '' ? null : startDate,
        endDate: endDate === '' ? null : endDate,
      });
      setSuppressed(isSuppressed(answer));
      setEditing(false);
      setErrors({});
    } catch (failure) {
      const fields = fieldErrorsOf(failure);
      setErrors({
        name: fieldError(intl, fields, 'name'),
        startDate: fieldError(intl, fields, 'startDate'),
        endDate:
          fieldError(intl, fields, 'endDate') ??
          (Object.keys(fields).length === 0
            ? intl.formatMessage({ id: 'worksheet.plan.failed' })
            : undefined),
      });
    }
  };
  if (editing)
    return (
      <Card withBorder>
        <Stack gap="xs">
          <TextInput
            label={intl.formatMessage({ id: 'worksheet.plan.name' })}
            withAsterisk
            value={name}
            maxLength={200}
            error={errors.name}
            onChange={(event) => setName(event.currentTarget.value)}
          />
          <PeriodFields
            startDate={startDate}
            endDate={endDate}
            errors={errors}
            onStart={setStartDate}
            onEnd={setEndDate}
          />
          <Group gap="xs">
            <Button size="xs" loading={update.isPending} onClick={() => void save()}>
              {intl.formatMessage({ id: 'worksheet.plan.save' })}
            </Button>
            <Button size="xs" variant="default" onClick={() => setEditing(false)}>
              {intl.formatMessage({ id: 'notes.cancel' })}
            </Button>
          </Group>
        </Stack>
      </Card>
    );
  return (
    <Group justify="space-between" align="flex-start" data-testid="plan-header">
      <div>
        <Title order={2} size="h3">
          {plan.name}
        </Title>
        <Text size="sm" c="dimmed">
          {intl.formatMessage(
            { id: 'worksheet.plan.period' },
            { start: date(plan.startDate), end: date(plan.endDate), maker: plan.userName || '—' },
          )}
        </Text>
      </div>
      <Group gap="xs">
        {suppressed && <ReadOnlyNotice inline />}
        <Button size="xs" variant="default" onClick={() => setEditing(true)}>
          {intl.formatMessage({ id: 'worksheet.plan.edit' })}
        </Button>
        <ConfirmButton
          size="xs"
          variant="light"
          label={intl.formatMessage({ id: 'worksheet.plan.delete' })}
          title="worksheet.plan.deleteTitle"
          text="worksheet.plan.deleteText"
          onConfirm={() => remove.mutateAsync(plan.id)}
        />
      </Group>
    </Group>
  );
}
