import { useState } from 'react';
import { useIntl } from 'react-intl';
import { isApiError } from '../../../lib/api-error';
import { isSuppressed } from '../../../lib/api-client';
import { detailOf, translateServerMessage } from '../../../lib/server-errors';
import { codeProblem } from '../lib/code-validation';
import { ConfirmationCancelledError } from './use-password-confirmation';

/**
 * The code box state of a two-step dialog: checks the code ('No code entered', 'The entered code is not
 * valid'), runs the call, and turns a refused code (or a call a read-only session does not send) into the box's
 * error.
 */
export function useCodeSubmit(call: (code: string) => Promise<unknown>, onDone: () => void) {
  const intl = useIntl();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit() {
    if (busy) return;
    const problem = codeProblem(code);
    if (problem) {
      setError(intl.formatMessage({ id: problem }));
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const answer = await call(code);
      if (isSuppressed(answer)) {
        setError(intl.formatMessage({ id: 'readOnly.notSaved' }));
        return;
      }
      setCode('');
      onDone();
    } catch (caught) {
      if (caught instanceof ConfirmationCancelledError) return;
      const detail = detailOf(caught);
      const unspecific = !detail || (isApiError(caught, 400) && detail === 'Invalid input.');
      setError(
        unspecific ? intl.formatMessage({ id: 'twoStep.codeInvalid' }) : translateServerMessage(intl, detail),
      );
    } finally {
      setBusy(false);
    }
  }

  function change(next: string) {
    setCode(next);
    setError(null);
  }

  function reset() {
    setCode('');
    setError(null);
  }

  return { code, change, error, busy, submit, reset };
}
