import { AGGREGATION_TYPES, VERDICT_MEASURES, type AggregationType } from '@leerzicht/contract';
import { Group, SegmentedControl, Switch } from '@mantine/core';
import { useIntl } from 'react-intl';
import { useUpdateUserSettings, useUserSettings } from './user-settings-api';

/**
 * The user's chart settings; every change is saved (`PUT /user-settings/update/`). A page leaves out the controls
 * its charts do not follow (`withAggregation`, `withVerdict`).
 */
export function SettingsToggles({
  withAggregation = true,
  withVerdict = true,
}: {
  withAggregation?: boolean;
  withVerdict?: boolean;
}) {
  const intl = useIntl();
  const settings = useUserSettings();
  const update = useUpdateUserSettings();
  return (
    <Group gap="lg" wrap="wrap">
      {withAggregation && (
        <SegmentedControl
          size="xs"
          aria-label={intl.formatMessage({ id: 'results.settings.aggregation' })}
          value={settings.aggregationType}
          onChange={(value) => {
            const aggregationType = AGGREGATION_TYPES.find((type) => type === value);
            if (aggregationType)
              update.mutate({ aggregationType: aggregationType satisfies AggregationType });
          }}
          data={[
            { value: 'year', label: intl.formatMessage({ id: 'results.settings.perYear' }) },
            { value: 'moment', label: intl.formatMessage({ id: 'results.settings.perMoment' }) },
          ]}
        />
      )}
      {withVerdict && (
        <SegmentedControl
          size="xs"
          aria-label={intl.formatMessage({ id: 'results.settings.verdict' })}
          value={settings.verdictMeasure}
          onChange={(value) => {
            const verdictMeasure = VERDICT_MEASURES.find((measure) => measure === value);
            if (verdictMeasure) update.mutate({ verdictMeasure });
          }}
          data={[
            {
              value: 'levelValue',
              label: intl.formatMessage({ id: 'results.settings.verdict.levelValue' }),
            },
            {
              value: 'percentile',
              label: intl.formatMessage({ id: 'results.settings.verdict.percentile' }),
            },
          ]}
        />
      )}
      <Switch
        label={intl.formatMessage({ id: 'results.settings.nationalAverage' })}
        checked={settings.showNationalAverage}
        onChange={(event) => update.mutate({ showNationalAverage: event.currentTarget.checked })}
      />
      <Switch
        label={intl.formatMessage({ id: 'results.settings.barAverage' })}
        checked={settings.showBarAverage}
        onChange={(event) => update.mutate({ showBarAverage: event.currentTarget.checked })}
      />
    </Group>
  );
}
