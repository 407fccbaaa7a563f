import { schoolYearLabel, type GroupPlanCreate } from '@leerzicht/contract';
import {
  Button,
  Card,
  Group,
  NativeSelect,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { ReadOnlyNotice } from '../../../components/read-only-notice';
import { isSuppressed } from '../../../lib/api-client';
import { fieldError, fieldErrorsOf } from '../../../lib/server-errors';
import { useCreatePlan, usePlanTemplates, useRecentPlans } from '../api/plans';
import { PeriodFields } from './period-fields';

type Source = 'empty' | 'template' | 'plan';

interface StartPlanProps {
  schoolId: number;
  yearClassId: number;
  grade: number;
  subjectId: number;
  defaultName: string;
}

/** A new plan for the group and subject: empty, from a template, or continuing an earlier plan (a deep copy). */
export function StartPlan({ schoolId, yearClassId, grade, subjectId, defaultName }: StartPlanProps) {
  const intl = useIntl();
  const { data: templates = [] } = usePlanTemplates(schoolId, subjectId, grade);
  const { data: recent = [] } = useRecentPlans(schoolId, subjectId);
  const create = useCreatePlan();
  const [source, setSource] = useState<Source>('template');
  const [templateId, setTemplateId] = useState('');
  const [planId, setPlanId] = useState('');
  const [name, setName] = useState(defaultName);
  const [startDate, setStartDate] = useState('');
  const [endDate, setEndDate] = useState('');
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [suppressed, setSuppressed] = useState(false);

  const submit = async () => {
    const required = intl.formatMessage({ id: 'form.required' });
    const missing = {
      name: name.trim() === '' ? required : undefined,
      templateId: source === 'template' && templateId === '' ? required : undefined,
      fromPlanId: source === 'plan' && planId === '' ? required : undefined,
    };
    setErrors(missing);
    if (Object.values(missing).some(Boolean)) return;
    const body: GroupPlanCreate = {
      name,
      subject_id: subjectId,
      yearclass_id: yearClassId,
      startDate: startDate === '' ? null : startDate,
      endDate: endDate === '' ? null : endDate,
      ...(source === 'template' ? { templateId: Number(templateId) } : {}),
      ...(source === 'plan' ? { fromPlanId: Number(planId) } : {}),
    };
    try {
      setSuppressed(isSuppressed(await create.mutateAsync(body)));
    } catch (failure) {
      const fields = fieldErrorsOf(failure);
      const field = (key: string) => fieldError(intl, fields, key);
      setErrors({
        name: field('name'),
        templateId: field('templateId'),
        fromPlanId: field('fromPlanId'),
        startDate: field('startDate'),
        endDate:
          field('endDate') ??
          (Object.keys(fields).length === 0
            ? intl.formatMessage({ id: 'worksheet.plan.failed' })
            : undefined),
      });
    }
  };

  return (
    <Card withBorder data-testid="start-plan">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {intl.formatMessage({ id: 'worksheet.start.title' })}
        </Title>
        <Text size="sm" c="dimmed">
          {intl.formatMessage({ id: 'worksheet.start.intro' })}
        </Text>
        <SegmentedControl
          aria-label={intl.formatMessage({ id: 'worksheet.start.source' })}
          value={source}
          onChange={(value) => setSource(value === 'empty' || value === 'plan' ? value : 'template')}
          data={[
            { value: 'template', label: intl.formatMessage({ id: 'worksheet.start.fromTemplate' }) },
            { value: 'plan', label: intl.formatMessage({ id: 'worksheet.start.fromPlan' }) },
            { value: 'empty', label: intl.formatMessage({ id: 'worksheet.start.empty' }) },
          ]}
        />
        {source === 'template' && (
          <NativeSelect
            label={intl.formatMessage({ id: 'worksheet.start.template' })}
            withAsterisk
            value={templateId}
            error={errors.templateId}
            onChange={(event) => setTemplateId(event.currentTarget.value)}
            description={
              templates.length === 0 ? intl.formatMessage({ id: 'worksheet.start.noTemplates' }) : undefined
            }
            data={[
              { value: '', label: intl.formatMessage({ id: 'groupNotes.new.choose' }), disabled: true },
              ...templates.map((template) => ({
                value: String(template.id),
                label: template.is_system
                  ? intl.formatMessage({ id: 'worksheet.start.systemTemplate' }, { name: template.name })
                  : template.name,
              })),
            ]}
          />
        )}
        {source === 'plan' && (
          <NativeSelect
            label={intl.formatMessage({ id: 'worksheet.start.plan' })}
            withAsterisk
            value={planId}
            error={errors.fromPlanId}
            onChange={(event) => setPlanId(event.currentTarget.value)}
            description={
              recent.length === 0 ? intl.formatMessage({ id: 'worksheet.start.noPlans' }) : undefined
            }
            data={[
              { value: '', label: intl.formatMessage({ id: 'groupNotes.new.choose' }), disabled: true },
              ...recent.map((plan) => ({
                value: String(plan.id),
                label: `${plan.name} · ${plan.yearclassName} ${schoolYearLabel(plan.yearclassCalendarYear)}`,
              })),
            ]}
          />
        )}
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
        <Group>
          <Button onClick={() => void submit()} loading={create.isPending}>
            {intl.formatMessage({ id: 'worksheet.start.submit' })}
          </Button>
          {suppressed && <ReadOnlyNotice inline />}
        </Group>
      </Stack>
    </Card>
  );
}
