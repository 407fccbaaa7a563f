import type { GroupGoals } from '@leerzicht/contract';
import { Button, Group, NativeSelect } from '@mantine/core';
import { useIntl } from 'react-intl';
import { NO_GOAL_FILTER, type GoalFilter } from '../lib/goal-columns';

const toId = (value: string): number | null => (value === '' ? null : Number(value));

/** Narrows the overview to one domain and one test type. */
export function GoalFilters({
  goals,
  filter,
  onChange,
}: {
  goals: GroupGoals;
  filter: GoalFilter;
  /** Called with what changed (the rest of the filter stays as it is in the address). */
  onChange: (change: Partial<GoalFilter>) => void;
}) {
  const intl = useIntl();
  const filtered = filter.domainId !== null || filter.testTypeId !== null;
  return (
    <Group align="flex-end" gap="sm" data-testid="goal-filters">
      <NativeSelect
        label={intl.formatMessage({ id: 'goals.filter.domain' })}
        value={filter.domainId === null ? '' : String(filter.domainId)}
        onChange={(event) => onChange({ domainId: toId(event.currentTarget.value) })}
        data={[
          { value: '', label: intl.formatMessage({ id: 'goals.filter.allDomains' }) },
          ...goals.domains.map((domain) => ({ value: String(domain.id), label: domain.name })),
        ]}
      />
      {goals.testTypes.length > 0 && (
        <NativeSelect
          label={intl.formatMessage({ id: 'goals.filter.testType' })}
          value={filter.testTypeId === null ? '' : String(filter.testTypeId)}
          onChange={(event) => onChange({ testTypeId: toId(event.currentTarget.value) })}
          data={[
            { value: '', label: intl.formatMessage({ id: 'goals.filter.allTestTypes' }) },
            ...goals.testTypes.map((type) => ({ value: String(type.id), label: type.name })),
          ]}
        />
      )}
      {filtered && (
        <Button variant="subtle" onClick={() => onChange(NO_GOAL_FILTER)}>
          {intl.formatMessage({ id: 'goals.filter.reset' })}
        </Button>
      )}
    </Group>
  );
}
