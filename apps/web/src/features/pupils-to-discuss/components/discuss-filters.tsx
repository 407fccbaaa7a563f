import { DISCUSS_REASON_CODES, type DiscussReasonCode, type Subject } from '@leerzicht/contract';
import { Button, Group, Select } from '@mantine/core';
import { useIntl } from 'react-intl';
import { useSubjectName } from '../../../lib/subject-name';
import type { ReasonFilter } from '../lib/reason-filter';
import classes from './print.module.css';

const ALL = 'all';

/** Filters on signal and subject, and the print button; none of it printed. */
export function DiscussFilters({
  filter,
  onChange,
  subjects,
}: {
  filter: ReasonFilter;
  onChange: (filter: ReasonFilter) => void;
  subjects: readonly Subject[];
}) {
  const intl = useIntl();
  const subjectName = useSubjectName();
  const all = intl.formatMessage({ id: 'discuss.filter.all' });
  const isCode = (value: string): value is DiscussReasonCode =>
    (DISCUSS_REASON_CODES as readonly string[]).includes(value);
  return (
    <Group align="flex-end" justify="space-between" className={classes.noPrint}>
      <Group align="flex-end">
        <Select
          label={intl.formatMessage({ id: 'discuss.filter.reason' })}
          data={[
            { value: ALL, label: all },
            ...DISCUSS_REASON_CODES.map((code) => ({
              value: code,
              label: intl.formatMessage({ id: `discuss.reason.${code}` }),
            })),
          ]}
          value={filter.code ?? ALL}
          onChange={(value) => onChange({ ...filter, code: value !== null && isCode(value) ? value : null })}
          allowDeselect={false}
          w={300}
        />
        <Select
          label={intl.formatMessage({ id: 'discuss.filter.subject' })}
          data={[
            { value: ALL, label: all },
            ...subjects.map((subject) => ({ value: String(subject.id), label: subjectName(subject) })),
          ]}
          value={filter.subjectId === null ? ALL : String(filter.subjectId)}
          onChange={(value) =>
            onChange({ ...filter, subjectId: value === null || value === ALL ? null : Number(value) })
          }
          allowDeselect={false}
          w={240}
        />
      </Group>
      <Button variant="default" onClick={() => window.print()}>
        {intl.formatMessage({ id: 'discuss.print' })}
      </Button>
    </Group>
  );
}
