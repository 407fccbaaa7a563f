import type { NoteCategoryOption, Subject } from '@leerzicht/contract';
import { Group, NativeSelect, SegmentedControl } from '@mantine/core';
import { useIntl } from 'react-intl';
import { useCategoryLabel } from '../../../lib/note-category-label';
import { useSubjectName } from '../../../lib/subject-name';
import { KIND_LABEL } from '../lib/note-kinds';
import type { NoteFilter } from '../lib/note-filter';

interface NoteFiltersProps {
  filter: NoteFilter;
  onChange: (filter: NoteFilter) => void;
  categories: NoteCategoryOption[];
  subjects: Subject[];
  pupils: { id: number; name: string }[];
}

/** Kind or category, subject, pupil and archived: each change starts again at the first page. */
export function NoteFilters({ filter, onChange, categories, subjects, pupils }: NoteFiltersProps) {
  const intl = useIntl();
  const categoryLabel = useCategoryLabel();
  const subjectName = useSubjectName();
  const set = (change: Partial<NoteFilter>) => onChange({ ...filter, ...change, page: 1 });
  const optionalId = (value: string) => (value === '' ? null : Number(value));
  const all = { value: '', label: intl.formatMessage({ id: 'groupNotes.filter.all' }) };
  const otherKinds = (
    ['cito_score', 'method_score', 'test_moment', 'method_test', 'social_emotional'] as const
  )
    .filter((kind) => !categories.some((category) => category.code === kind))
    .map((kind) => ({ value: kind, label: intl.formatMessage({ id: KIND_LABEL[kind] }) }));
  return (
    <Group align="flex-end" gap="sm" data-testid="note-filters">
      <NativeSelect
        label={intl.formatMessage({ id: 'groupNotes.filter.category' })}
        value={filter.category}
        onChange={(event) => set({ category: event.currentTarget.value })}
        data={[
          all,
          ...categories.map((category) => ({
            value: category.code ?? category.name,
            label: categoryLabel(category),
          })),
          ...otherKinds,
        ]}
      />
      <NativeSelect
        label={intl.formatMessage({ id: 'groupNotes.filter.subject' })}
        value={filter.subjectId === null ? '' : String(filter.subjectId)}
        onChange={(event) => set({ subjectId: optionalId(event.currentTarget.value) })}
        data={[
          all,
          ...subjects.map((subject) => ({ value: String(subject.id), label: subjectName(subject) })),
        ]}
      />
      <NativeSelect
        label={intl.formatMessage({ id: 'groupNotes.filter.pupil' })}
        value={filter.pupilId === null ? '' : String(filter.pupilId)}
        onChange={(event) => set({ pupilId: optionalId(event.currentTarget.value) })}
        data={[all, ...pupils.map((pupil) => ({ value: String(pupil.id), label: pupil.name }))]}
      />
      <SegmentedControl
        aria-label={intl.formatMessage({ id: 'groupNotes.filter.archived' })}
        value={filter.archived}
        onChange={(value) => set({ archived: value === 'true' || value === 'all' ? value : 'false' })}
        data={[
          { value: 'false', label: intl.formatMessage({ id: 'notes.active' }) },
          { value: 'true', label: intl.formatMessage({ id: 'notes.archived' }) },
          { value: 'all', label: intl.formatMessage({ id: 'groupNotes.filter.both' }) },
        ]}
      />
    </Group>
  );
}
