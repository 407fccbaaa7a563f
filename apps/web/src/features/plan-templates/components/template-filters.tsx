import { HIGHEST_GRADE, type Subject } from '@leerzicht/contract';
import { Group, NativeSelect } from '@mantine/core';
import { useIntl } from 'react-intl';
import { useSubjectName } from '../../../lib/subject-name';
import { TEMPLATE_STATUSES, type TemplateFilter, type TemplateStatus } from '../lib/template-filter';

interface TemplateFiltersProps {
  filter: TemplateFilter;
  subjects: Subject[];
  onChange: (filter: TemplateFilter) => void;
}

const STATUS_LABEL = {
  all: 'templates.filter.allStatuses',
  published: 'templates.status.published',
  draft: 'templates.status.draft',
} as const satisfies Record<TemplateStatus, string>;

const GRADES = Array.from({ length: HIGHEST_GRADE }, (_, index) => index + 1);
const idOrNull = (value: string) => (value === '' ? null : Number(value));

/** Subject, grade and published state: the list shows the templates meant for them (the server filters). */
export function TemplateFilters({ filter, subjects, onChange }: TemplateFiltersProps) {
  const intl = useIntl();
  const subjectName = useSubjectName();
  return (
    <Group gap="md" align="flex-end">
      <NativeSelect
        label={intl.formatMessage({ id: 'templates.filter.subject' })}
        value={filter.subjectId === null ? '' : String(filter.subjectId)}
        onChange={(event) => onChange({ ...filter, subjectId: idOrNull(event.currentTarget.value) })}
        data={[
          { value: '', label: intl.formatMessage({ id: 'templates.allSubjects' }) },
          ...[...subjects]
            .sort((a, b) => a.position - b.position)
            .map((subject) => ({ value: String(subject.id), label: subjectName(subject) })),
        ]}
      />
      <NativeSelect
        label={intl.formatMessage({ id: 'templates.filter.grade' })}
        value={filter.grade === null ? '' : String(filter.grade)}
        onChange={(event) => onChange({ ...filter, grade: idOrNull(event.currentTarget.value) })}
        data={[
          { value: '', label: intl.formatMessage({ id: 'templates.allGrades' }) },
          ...GRADES.map((grade) => ({
            value: String(grade),
            label: intl.formatMessage({ id: 'templates.grade' }, { grade }),
          })),
        ]}
      />
      <NativeSelect
        label={intl.formatMessage({ id: 'templates.filter.status' })}
        value={filter.status}
        onChange={(event) => {
          const status = TEMPLATE_STATUSES.find((candidate) => candidate === event.currentTarget.value);
          onChange({ ...filter, status: status ?? 'all' });
        }}
        data={TEMPLATE_STATUSES.map((status) => ({
          value: status,
          label: intl.formatMessage({ id: STATUS_LABEL[status] }),
        }))}
      />
    </Group>
  );
}
