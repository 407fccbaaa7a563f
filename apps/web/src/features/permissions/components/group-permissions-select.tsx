import type { SchoolClass } from '@leerzicht/contract';
import { MultiSelect } from '@mantine/core';
import { useIntl } from 'react-intl';
import { useChangePermissionsMutation } from '../api/group-permissions';

interface GroupPermissionsSelectProps {
  schoolId: number;
  userId: number;
  userName: string;
  /** The groups of the current school year. */
  groups: SchoolClass[];
  permittedGroupIds: number[];
  onResult: (result: unknown) => void;
  onError: (error: unknown) => void;
}

const collator = new Intl.Collator('nl', { sensitivity: 'base', numeric: true });

/** The groups of the current year a teacher may read; each change is saved at once. */
export function GroupPermissionsSelect(props: GroupPermissionsSelectProps) {
  const { schoolId, userId, userName, groups, permittedGroupIds, onResult, onError } = props;
  const intl = useIntl();
  const mutation = useChangePermissionsMutation(schoolId);
  const currentIds = new Set(groups.map((group) => group.yearClassId));
  const selected = permittedGroupIds.filter((id) => currentIds.has(id)).map(String);

  function change(values: string[]) {
    const next = new Set(values.map(Number));
    const before = new Set(selected.map(Number));
    const added = [...next].filter((id) => !before.has(id));
    const removed = [...before].filter((id) => !next.has(id));
    for (const [action, groupIds] of [
      ['add', added],
      ['remove', removed],
    ] as const) {
      if (groupIds.length > 0)
        mutation.mutate(
          { action, request: { schoolId, userId, groupIds } },
          { onSuccess: onResult, onError },
        );
    }
  }

  return (
    <MultiSelect
      aria-label={intl.formatMessage({ id: 'permissions.groupsOf' }, { name: userName })}
      placeholder={selected.length === 0 ? intl.formatMessage({ id: 'permissions.noGroups' }) : undefined}
      data={[...groups]
        .sort((a, b) => collator.compare(a.yearClassName, b.yearClassName))
        .map((group) => ({ value: String(group.yearClassId), label: group.yearClassName }))}
      value={selected}
      onChange={change}
      disabled={mutation.isPending}
      searchable
      clearable={false}
      size="xs"
      miw={220}
    />
  );
}
