import type { NoteCategory } from '@leerzicht/contract';
import { ActionIcon, Button, Group, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { fieldError, fieldErrorsOf, firstErrorMessage } from '../../../lib/server-errors';
import { useDeleteCategory, useUpdateCategory } from '../api/categories';
import { movedPosition } from '../lib/plan-tree';
import { ConfirmButton } from './confirm-button';

/** Move up or down, rename, archive or restore, delete: the changes a category's own row offers. */
export function CategoryActions({
  category,
  categories,
  onRename,
  onError,
}: {
  category: NoteCategory;
  categories: readonly NoteCategory[];
  onRename: () => void;
  onError: (message: string | null) => void;
}) {
  const intl = useIntl();
  const update = useUpdateCategory();
  const remove = useDeleteCategory();
  const failed = (failure: unknown) =>
    onError(firstErrorMessage(intl, failure) ?? intl.formatMessage({ id: 'worksheet.category.failed' }));
  const run = (action: Promise<unknown>) => {
    onError(null);
    return action.catch(failed);
  };
  const move = (step: -1 | 1) => {
    const position = movedPosition(categories, category, step);
    return position === null ? undefined : () => void run(update.mutateAsync({ id: category.id, position }));
  };
  const up = move(-1);
  const down = move(1);
  return (
    <Group gap={2} wrap="nowrap">
      <ActionIcon
        variant="subtle"
        size="sm"
        disabled={!up}
        onClick={up}
        aria-label={intl.formatMessage({ id: 'worksheet.category.up' }, { name: category.name })}
      >
        <span aria-hidden="true">↑</span>
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        size="sm"
        disabled={!down}
        onClick={down}
        aria-label={intl.formatMessage({ id: 'worksheet.category.down' }, { name: category.name })}
      >
        <span aria-hidden="true">↓</span>
      </ActionIcon>
      <Button size="compact-xs" variant="subtle" onClick={onRename}>
        {intl.formatMessage({ id: 'worksheet.category.rename' })}
      </Button>
      <Button
        size="compact-xs"
        variant="subtle"
        onClick={() => void run(update.mutateAsync({ id: category.id, is_archived: !category.is_archived }))}
      >
        {intl.formatMessage({ id: category.is_archived ? 'notes.restore' : 'notes.archive' })}
      </Button>
      <ConfirmButton
        label={intl.formatMessage({ id: 'notes.delete' })}
        title="worksheet.category.deleteTitle"
        text="worksheet.category.deleteText"
        onConfirm={() => run(remove.mutateAsync(category.id))}
      />
    </Group>
  );
}

/** The name of a category being changed in place; Enter saves, Escape cancels. */
export function CategoryRename({ category, onDone }: { category: NoteCategory; onDone: () => void }) {
  const intl = useIntl();
  const update = useUpdateCategory();
  const [name, setName] = useState(category.name);
  const [error, setError] = useState<string | undefined>();
  const save = async () => {
    if (name.trim() === '') {
      setError(intl.formatMessage({ id: 'form.required' }));
      return;
    }
    try {
      await update.mutateAsync({ id: category.id, name });
      onDone();
    } catch (failure) {
      setError(
        fieldError(intl, fieldErrorsOf(failure), 'name') ??
          intl.formatMessage({ id: 'worksheet.category.failed' }),
      );
    }
  };
  return (
    <TextInput
      size="xs"
      autoFocus
      aria-label={intl.formatMessage({ id: 'worksheet.category.name' })}
      value={name}
      maxLength={100}
      error={error}
      onChange={(event) => setName(event.currentTarget.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') void save();
        if (event.key === 'Escape') onDone();
      }}
      onBlur={() => void save()}
    />
  );
}
