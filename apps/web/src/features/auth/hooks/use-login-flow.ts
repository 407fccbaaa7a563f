import { isCompleteLogin } from '@leerzicht/contract';
import { QueryClientContext } from '@tanstack/react-query';
import { useContext, useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { preloadAppMessages } from '../../../i18n/messages';
import { isCompleteCode } from '../../../lib/auth-code';
import { loadChunk } from '../../../lib/chunk-errors';
import type { LoginCredentials, LoginOutcome } from '../api/submit-login';
import type { LoginFailure } from '../lib/login-failure';

export type Credentials = LoginCredentials;

const loadSubmitLogin = () => loadChunk(() => import('../api/submit-login'));

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
  const [isPending, setPending] = useState(false);
  // Tests give their own query client; the app's own is made when the login is sent.
  const queryClient = useContext(QueryClientContext);
  // An answer arriving after the page was left changes nothing (as a TanStack mutation's callbacks).
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const canSubmitCredentials = isCompleteLogin(credentials) && !isPending;
  const canSubmitCode = isCompleteCode(code) && !isPending;

  function handleOutcome(outcome: LoginOutcome) {
    setPending(false);
    if (outcome.ok) {
      onLoggedIn();
      return;
    }
    setWaitSeconds(outcome.waitSeconds);
    if (outcome.failure === 'totpRequired') {
      setStep('code');
      setFailure(null);
      return;
    }
    if (outcome.failure === 'totpInvalid') setCode('');
    setFailure(outcome.failure);
  }

  function send(totpChallenge?: string) {
    setPending(true);
    setFailure(null);
    loadSubmitLogin()
      .then(({ submitLogin }) => submitLogin(credentials, totpChallenge, queryClient))
      // A part of the app that cannot load fails the login as a network failure would.
      .catch((): LoginOutcome => ({ ok: false, failure: 'failed', waitSeconds: null }))
      .then((outcome) => {
        if (mounted.current) handleOutcome(outcome);
      });
  }

  /** Typing starts loading what sending needs and the signed-in pages' messages, so the login waits for neither. */
  const editCredentials: Dispatch<SetStateAction<Credentials>> = (update) => {
    loadSubmitLogin().catch(() => undefined);
    preloadAppMessages();
    setCredentials(update);
  };

  function submitCredentials() {
    if (!canSubmitCredentials) return;
    send();
  }

  function submitCode() {
    if (!isCompleteLogin(credentials) || !canSubmitCode) return;
    send(code);
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
    setCredentials: editCredentials,
    code,
    setCode,
    failure,
    waitSeconds,
    isPending,
    canSubmitCredentials,
    canSubmitCode,
    submitCredentials,
    submitCode,
    switchToCode,
    backToCredentials,
  };
}

export type LoginFlow = ReturnType<typeof useLoginFlow>;
