import type { NoteCategory } from '@leerzicht/contract';
import { Badge, CloseButton, Group, NativeSelect } from '@mantine/core';
import { useIntl } from 'react-intl';
import { fullName } from '@leerzicht/contract';
import { usePlacePupil, useRemovePlacement } from '../api/categories';

/** The pupils placed in an instruction or pupil category, each removable, and a pupil of the group to add. */
export function CategoryPupils({
  category,
  groupPupils,
}: {
  category: NoteCategory;
  groupPupils: { id: number; name: string }[];
}) {
  const intl = useIntl();
  const place = usePlacePupil();
  const remove = useRemovePlacement();
  const placed = category.pupils ?? [];
  const placedIds = new Set(placed.map((pupil) => pupil.pupilId));
  const free = groupPupils.filter((pupil) => !placedIds.has(pupil.id));
  return (
    <Group gap="xs" align="center" data-category-pupils={category.id}>
      {placed.map((pupil) => (
        <Badge
          key={pupil.linkId}
          variant="light"
          color="gray"
          rightSection={
            <CloseButton
              size="xs"
              aria-label={intl.formatMessage({ id: 'worksheet.pupils.remove' }, { name: fullName(pupil) })}
              onClick={() => void remove.mutateAsync(pupil.linkId)}
            />
          }
        >
          {fullName(pupil)}
        </Badge>
      ))}
      {free.length > 0 && (
        <NativeSelect
          size="xs"
          aria-label={intl.formatMessage({ id: 'worksheet.pupils.add' }, { category: category.name })}
          value=""
          onChange={(event) => {
            const pupilId = Number(event.currentTarget.value);
            if (pupilId > 0) void place.mutateAsync({ pupilId, noteCategoryId: category.id });
          }}
          data={[
            { value: '', label: intl.formatMessage({ id: 'worksheet.pupils.addPlaceholder' }) },
            ...free.map((pupil) => ({ value: String(pupil.id), label: pupil.name })),
          ]}
        />
      )}
    </Group>
  );
}
