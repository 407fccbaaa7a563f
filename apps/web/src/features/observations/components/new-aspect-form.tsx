import { ASPECT_NAME_MAX, aspectCreateSchema } from '@leerzicht/contract';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { useContractForm } from '../../../components/forms/use-contract-form';
import { ReadOnlyNotice } from '../../../components/read-only-notice';
import { useCreateAspect } from '../api/observations';
import { useAspectFieldError } from '../lib/aspect-errors';

/** A new own aspect of the school; the server puts it after the last one. */
export function NewAspectForm({ schoolId }: { schoolId: number }) {
  const intl = useIntl();
  const errorText = useAspectFieldError();
  const [name, setName] = useState('');
  const form = useContractForm({
    schema: aspectCreateSchema,
    mutation: useCreateAspect(),
    failureMessage: 'observations.aspects.saveFailed',
    onSaved: () => setName(''),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void form.submit({ schoolId, name });
  };
  const title = intl.formatMessage({ id: 'observations.aspects.new' });
  return (
    <form onSubmit={submit} aria-label={title} noValidate>
      <Stack gap="xs">
        <TextInput
          label={title}
          description={intl.formatMessage({ id: 'observations.aspects.nameLimit' }, { max: ASPECT_NAME_MAX })}
          value={name}
          onChange={(event) => {
            setName(event.currentTarget.value);
            form.clearOutcome();
          }}
          maxLength={ASPECT_NAME_MAX}
          required
          error={errorText(form.errors.name)}
        />
        <Group gap="sm">
          <Button type="submit" loading={form.pending}>
            {intl.formatMessage({ id: 'observations.aspects.add' })}
          </Button>
          {form.generalError && (
            <Text size="sm" c="red" role="alert">
              {form.generalError}
            </Text>
          )}
          {form.outcome === 'suppressed' && <ReadOnlyNotice inline />}
          {form.outcome === 'saved' && (
            <Text size="sm" c="teal" role="status">
              {intl.formatMessage({ id: 'observations.aspects.added' })}
            </Text>
          )}
        </Group>
      </Stack>
    </form>
  );
}
