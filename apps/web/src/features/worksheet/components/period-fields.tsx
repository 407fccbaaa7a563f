import { Group, TextInput } from '@mantine/core';
import { useIntl } from 'react-intl';

interface PeriodFieldsProps {
  startDate: string;
  endDate: string;
  errors: { startDate?: string; endDate?: string };
  onStart: (value: string) => void;
  onEnd: (value: string) => void;
}

/** The plan's period: start and end date side by side, each with its own error. */
export function PeriodFields({ startDate, endDate, errors, onStart, onEnd }: PeriodFieldsProps) {
  const intl = useIntl();
  return (
    <Group grow>
      <TextInput
        type="date"
        label={intl.formatMessage({ id: 'worksheet.plan.start' })}
        value={startDate}
        error={errors.startDate}
        onChange={(event) => onStart(event.currentTarget.value)}
      />
      <TextInput
        type="date"
        label={intl.formatMessage({ id: 'worksheet.plan.end' })}
        value={endDate}
        error={errors.endDate}
        onChange={(event) => onEnd(event.currentTarget.value)}
      />
    </Group>
  );
}
