import type { NoteLayer } from '@leerzicht/contract';
import { Button, Group, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { ReadOnlyNotice } from '../../../components/read-only-notice';
import { isSuppressed } from '../../../lib/api-client';
import { fieldError, fieldErrorsOf } from '../../../lib/server-errors';
import { useCreateCategory } from '../api/categories';

/** A new category at the end of a layer's roots or of a category's children. */
export function AddCategory({
  planId,
  layer,
  parentId,
  label,
  onDone,
}: {
  planId: number;
  layer: NoteLayer;
  parentId: number | null;
  label: string;
  onDone?: () => void;
}) {
  const intl = useIntl();
  const create = useCreateCategory();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [suppressed, setSuppressed] = useState(false);
  const save = async () => {
    if (name.trim() === '') {
      setError(intl.formatMessage({ id: 'form.required' }));
      return;
    }
    try {
      const answer = await create.mutateAsync({
        name,
        layer,
        group_plan_id: planId,
        parent_note_category_id: parentId,
      });
      setSuppressed(isSuppressed(answer));
      setName('');
      setError(undefined);
      onDone?.();
    } catch (failure) {
      setError(
        fieldError(intl, fieldErrorsOf(failure), 'name') ??
          intl.formatMessage({ id: 'worksheet.category.failed' }),
      );
    }
  };
  return (
    <Group align="flex-start" gap="xs">
      <TextInput
        size="xs"
        label={label}
        withAsterisk
        value={name}
        maxLength={100}
        error={error}
        onChange={(event) => setName(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') void save();
        }}
      />
      <Button size="xs" mt={22} loading={create.isPending} onClick={() => void save()}>
        {intl.formatMessage({ id: 'worksheet.category.add' })}
      </Button>
      {suppressed && <ReadOnlyNotice inline />}
    </Group>
  );
}
