import { Button, Group, NativeSelect, Switch } from '@mantine/core';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';

const YEARS = Array.from({ length: 10 }, (_, index) => index + 1);

/** The retention period in school years and the scheduled removal switch, saved together. */
export function RetentionSettings({
  retentionYears,
  autoRemoveLeftPupils,
  busy,
  onSave,
}: {
  retentionYears: number;
  autoRemoveLeftPupils: boolean;
  busy: boolean;
  onSave: (settings: { retentionYears: number; autoRemoveLeftPupils: boolean }) => void;
}) {
  const intl = useIntl();
  const [years, setYears] = useState(retentionYears);
  const [auto, setAuto] = useState(autoRemoveLeftPupils);
  const dirty = years !== retentionYears || auto !== autoRemoveLeftPupils;
  return (
    <Group align="flex-end" gap="lg">
      <NativeSelect
        label={intl.formatMessage({ id: 'retention.years.label' })}
        data={YEARS.map((value) => ({
          value: String(value),
          label: intl.formatMessage({ id: 'retention.years.option' }, { count: value }),
        }))}
        value={String(years)}
        onChange={(event) => setYears(Number(event.currentTarget.value))}
        w={220}
      />
      <Switch
        label={intl.formatMessage({ id: 'retention.auto.label' })}
        description={intl.formatMessage({ id: 'retention.auto.help' })}
        checked={auto}
        onChange={(event) => setAuto(event.currentTarget.checked)}
        maw={420}
      />
      <Button
        variant="default"
        disabled={!dirty}
        loading={busy}
        onClick={() => onSave({ retentionYears: years, autoRemoveLeftPupils: auto })}
      >
        <FormattedMessage id="retention.save" />
      </Button>
    </Group>
  );
}
