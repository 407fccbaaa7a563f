import { ASPECT_NAME_MAX, aspectUpdateSchema, type SocialEmotionalAspect } from '@leerzicht/contract';
import { ActionIcon, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { useContractForm } from '../../../components/forms/use-contract-form';
import { ReadOnlyNotice } from '../../../components/read-only-notice';
import { useUpdateAspect } from '../api/observations';
import { useAspectFieldError } from '../lib/aspect-errors';
import { useAspectLabel } from '../lib/aspects';

interface AspectRowProps {
  aspect: SocialEmotionalAspect;
  isFirst: boolean;
  isLast: boolean;
  /** A move or (un)archive in the list is under way: the list's buttons wait for it. */
  busy: boolean;
  onMove: (step: -1 | 1) => void;
  onArchive: () => void;
}

/** An aspect in use: its name to change in place, moves up and down, and archiving. */
export function AspectRow({ aspect, isFirst, isLast, busy, onMove, onArchive }: AspectRowProps) {
  const intl = useIntl();
  const label = useAspectLabel();
  const errorText = useAspectFieldError();
  const name = label(aspect);
  const [draft, setDraft] = useState(name);
  const update = useUpdateAspect();
  const form = useContractForm({
    schema: aspectUpdateSchema,
    mutation: {
      mutateAsync: (body) => update.mutateAsync({ id: aspect.id, body }),
      isPending: update.isPending,
    },
    failureMessage: 'observations.aspects.saveFailed',
    onSaved: (saved) => setDraft(label(saved)),
  });
  const dirty = draft.trim() !== name;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (dirty) void form.submit({ name: draft });
  };
  const values = { name };
  return (
    <Group component="li" align="flex-start" gap="xs" wrap="nowrap" data-aspect-id={aspect.id}>
      <form style={{ flex: 1 }} onSubmit={submit} noValidate>
        <Stack gap={4}>
          <Group align="flex-start" gap="xs" wrap="nowrap">
            <TextInput
              style={{ flex: 1 }}
              aria-label={intl.formatMessage({ id: 'observations.aspects.nameOf' }, values)}
              value={draft}
              onChange={(event) => {
                setDraft(event.currentTarget.value);
                form.clearOutcome();
              }}
              maxLength={ASPECT_NAME_MAX}
              required
              error={errorText(form.errors.name)}
            />
            <Button
              type="submit"
              variant="light"
              disabled={!dirty}
              loading={form.pending}
              aria-label={intl.formatMessage({ id: 'observations.aspects.saveName' }, values)}
            >
              {intl.formatMessage({ id: 'observations.aspects.save' })}
            </Button>
          </Group>
          {form.generalError && (
            <Text size="sm" c="red" role="alert">
              {form.generalError}
            </Text>
          )}
          {form.outcome === 'suppressed' && <ReadOnlyNotice inline />}
          {form.outcome === 'saved' && (
            <Text size="xs" c="teal" role="status">
              {intl.formatMessage({ id: 'observations.aspects.saved' })}
            </Text>
          )}
        </Stack>
      </form>
      <ActionIcon
        variant="default"
        size="lg"
        aria-label={intl.formatMessage({ id: 'observations.aspects.moveUp' }, values)}
        disabled={isFirst || busy}
        onClick={() => onMove(-1)}
      >
        <span aria-hidden="true">↑</span>
      </ActionIcon>
      <ActionIcon
        variant="default"
        size="lg"
        aria-label={intl.formatMessage({ id: 'observations.aspects.moveDown' }, values)}
        disabled={isLast || busy}
        onClick={() => onMove(1)}
      >
        <span aria-hidden="true">↓</span>
      </ActionIcon>
      <Button
        variant="subtle"
        color="gray"
        disabled={busy}
        aria-label={intl.formatMessage({ id: 'observations.aspects.archiveName' }, values)}
        onClick={onArchive}
      >
        {intl.formatMessage({ id: 'observations.aspects.archive' })}
      </Button>
    </Group>
  );
}
