import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { z } from 'zod';
import type { MessageId } from '../../i18n/messages';
import { isSuppressed, type Suppressed } from '../../lib/api-client';
import {
  detailOf,
  fieldError,
  fieldErrorsOf,
  schemaFieldErrors,
  translateServerMessage,
  type FieldErrors,
} from '../../lib/server-errors';

/** What the form's last submit came to: saved, or not sent because the session is read-only. */
export type FormOutcome = 'saved' | 'suppressed' | null;

/** The part of a TanStack mutation the form drives. */
interface FormMutation<Request, Answer> {
  mutateAsync: (request: Request) => Promise<Answer | Suppressed>;
  isPending: boolean;
}

export interface ContractFormOptions<Schema extends z.ZodType, Answer> {
  /** The contract schema of the request: the same check the server makes, before anything is sent. */
  schema: Schema;
  mutation: FormMutation<z.output<Schema>, Answer>;
  /** Shown when a failure has neither field errors nor a detail. */
  failureMessage: MessageId;
  /** Client-side messages of a schema failure; defaults to the first issue of each field, in the server's words. */
  clientErrors?: (error: z.ZodError) => FieldErrors;
  /** Moves errors to the field that shows them (client and server alike), e.g. firstName under fullName. */
  mapErrors?: (errors: FieldErrors) => FieldErrors;
  /** Wraps the send, e.g. behind a password question. */
  send?: (run: () => Promise<Answer | Suppressed>) => Promise<Answer | Suppressed>;
  /** A failure that is not one (the user cancelled a question): the form stays as it is. */
  isCancellation?: (error: unknown) => boolean;
  onSaved?: (answer: Answer, request: z.output<Schema>) => void;
}

/**
 * Binds a contract schema to a mutation: validates on submit, sends, and keeps the per-field errors (from the
 * schema or from the server's 400), a general error, the outcome and the pending state for the form to show.
 */
export function useContractForm<Schema extends z.ZodType, Answer>(
  options: ContractFormOptions<Schema, Answer>,
) {
  const intl = useIntl();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [generalError, setGeneralError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<FormOutcome>(null);
  const { mutation, mapErrors = (found: FieldErrors) => found } = options;

  function fail(error: unknown) {
    if (options.isCancellation?.(error)) return;
    const fromServer = mapErrors(fieldErrorsOf(error));
    setErrors(fromServer);
    if (Object.keys(fromServer).length > 0) return;
    const detail = detailOf(error);
    setGeneralError(
      detail ? translateServerMessage(intl, detail) : intl.formatMessage({ id: options.failureMessage }),
    );
  }

  /** Checks `candidate` with the schema (plus `extraErrors` the schema cannot find) and sends it when valid. */
  async function submit(candidate: z.input<Schema>, extraErrors: FieldErrors = {}): Promise<void> {
    if (mutation.isPending) return;
    setOutcome(null);
    setGeneralError(null);
    const parsed = options.schema.safeParse(candidate);
    const found = parsed.success ? {} : (options.clientErrors ?? schemaFieldErrors)(parsed.error);
    const clientErrors = mapErrors({ ...found, ...extraErrors });
    if (!parsed.success || Object.keys(clientErrors).length > 0) {
      setErrors(clientErrors);
      return;
    }
    setErrors({});
    const request = parsed.data;
    const run = () => mutation.mutateAsync(request);
    try {
      const answer = await (options.send ? options.send(run) : run());
      if (isSuppressed(answer)) {
        setOutcome('suppressed');
        return;
      }
      setOutcome('saved');
      options.onSaved?.(answer, request);
    } catch (error) {
      fail(error);
    }
  }

  return {
    submit,
    errors,
    /** One field's messages, translated, for a Mantine `error` prop. */
    fieldError: (field: string) => fieldError(intl, errors, field),
    generalError,
    outcome,
    pending: mutation.isPending,
    clearOutcome: () => setOutcome(null),
  };
}
