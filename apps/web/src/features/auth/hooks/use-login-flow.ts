import { loginRequestSchema } from '@leerzicht/contract';
import { useState } from 'react';
import { isApiError } from '../../../lib/api-error';
import { isCompleteCode } from '../../../lib/auth-code';
import { useLoginMutation } from '../api/login';
import { loginFailureOf, type LoginFailure } from '../lib/login-failure';

export interface Credentials {
  username: string;
  password: string;
  rememberMe: boolean;
}

/**
 * The login states of spec section 4: idle, waiting, success, failure, code required and code invalid.
 * Credentials are kept while the code screen shows, so the second call repeats them with the code.
 */
export function useLoginFlow(initialUsername: string, onLoggedIn: () => void) {
  const [credentials, setCredentials] = useState<Credentials>({
    username: initialUsername,
    password: '',
    rememberMe: true,
  });
  const [step, setStep] = useState<'credentials' | 'code'>('credentials');
  const [code, setCode] = useState('');
  const [failure, setFailure] = useState<Exclude<LoginFailure, 'totpRequired'> | null>(null);
  // How long a 429 asked to wait (Retry-After), for the message.
  const [waitSeconds, setWaitSeconds] = useState<number | null>(null);
  const mutation = useLoginMutation();

  const request = loginRequestSchema.safeParse(credentials);
  const canSubmitCredentials = request.success && !mutation.isPending;
  const canSubmitCode = isCompleteCode(code) && !mutation.isPending;

  function handleError(error: unknown) {
    const kind = loginFailureOf(error);
    setWaitSeconds(isApiError(error, 429) ? error.retryAfterSeconds : null);
    if (kind === 'totpRequired') {
      setStep('code');
      setFailure(null);
      return;
    }
    if (kind === 'totpInvalid') setCode('');
    setFailure(kind);
  }

  function submitCredentials() {
    if (!request.success || mutation.isPending) return;
    setFailure(null);
    mutation.mutate(request.data, { onSuccess: onLoggedIn, onError: handleError });
  }

  function submitCode() {
    if (!request.success || !canSubmitCode) return;
    setFailure(null);
    mutation.mutate(
      { ...request.data, totpChallenge: code },
      { onSuccess: onLoggedIn, onError: handleError },
    );
  }

  /** While the account makes new addresses wait, password and two-step code together may still log in. */
  function switchToCode() {
    setStep('code');
    setCode('');
    setFailure(null);
  }

  function backToCredentials() {
    setStep('credentials');
    setCode('');
    setFailure(null);
  }

  return {
    step,
    credentials,
    setCredentials,
    code,
    setCode,
    failure,
    waitSeconds,
    isPending: mutation.isPending,
    canSubmitCredentials,
    canSubmitCode,
    submitCredentials,
    submitCode,
    switchToCode,
    backToCredentials,
  };
}

export type LoginFlow = ReturnType<typeof useLoginFlow>;
