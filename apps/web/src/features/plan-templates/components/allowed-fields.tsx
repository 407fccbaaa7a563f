import { HIGHEST_GRADE, type Subject } from '@leerzicht/contract';
import { Checkbox, Group } from '@mantine/core';
import { useIntl } from 'react-intl';
import { useSubjectName } from '../../../lib/subject-name';

interface AllowedProps {
  value: number[];
  onChange: (value: number[]) => void;
  error?: string;
}

const GRADES = Array.from({ length: HIGHEST_GRADE }, (_, index) => index + 1);
const toNumbers = (values: string[]) => values.map(Number).filter(Number.isSafeInteger);

/** The subjects a template is meant for; none ticked: every subject. */
export function AllowedSubjectsField({
  subjects,
  value,
  onChange,
  error,
}: AllowedProps & { subjects: Subject[] }) {
  const intl = useIntl();
  const subjectName = useSubjectName();
  return (
    <Checkbox.Group
      label={intl.formatMessage({ id: 'templates.field.subjects' })}
      description={intl.formatMessage({ id: 'templates.field.subjectsHint' })}
      value={value.map(String)}
      onChange={(next) => onChange(toNumbers(next))}
      error={error}
    >
      <Group gap="md" mt="xs">
        {[...subjects]
          .sort((a, b) => a.position - b.position)
          .map((subject) => (
            <Checkbox key={subject.id} value={String(subject.id)} label={subjectName(subject)} />
          ))}
      </Group>
    </Checkbox.Group>
  );
}

/** The grades a template is meant for; none ticked: every grade. */
export function AllowedGradesField({ value, onChange, error }: AllowedProps) {
  const intl = useIntl();
  return (
    <Checkbox.Group
      label={intl.formatMessage({ id: 'templates.field.grades' })}
      description={intl.formatMessage({ id: 'templates.field.gradesHint' })}
      value={value.map(String)}
      onChange={(next) => onChange(toNumbers(next))}
      error={error}
    >
      <Group gap="md" mt="xs">
        {GRADES.map((grade) => (
          <Checkbox
            key={grade}
            value={String(grade)}
            label={intl.formatMessage({ id: 'templates.grade' }, { grade })}
          />
        ))}
      </Group>
    </Checkbox.Group>
  );
}
