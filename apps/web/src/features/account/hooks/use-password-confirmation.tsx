import { PASSWORD_CONFIRMATION_REQUIRED } from '@leerzicht/contract';
import { useRef, useState } from 'react';
import { detailOf } from '../../../lib/server-errors';
import { PasswordConfirmModal } from '../components/password-confirm-modal';

/** Thrown when the user closes the password question instead of answering it. */
export class ConfirmationCancelledError extends Error {
  constructor() {
    super('Password confirmation cancelled');
    this.name = 'ConfirmationCancelledError';
  }
}

/**
 * Runs a call that may need a fresh password confirmation (PASSWORD_CONFIRMATION_REQUIRED): asks for the
 * password, confirms it and repeats the call. Render `modal` once in the component.
 */
export function usePasswordConfirmation() {
  const [opened, setOpened] = useState(false);
  const waiting = useRef<{ resolve: () => void; reject: (error: Error) => void } | null>(null);

  function askPassword(): Promise<void> {
    setOpened(true);
    return new Promise<void>((resolve, reject) => {
      waiting.current = { resolve, reject };
    });
  }

  async function withConfirmation<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (detailOf(error) !== PASSWORD_CONFIRMATION_REQUIRED) throw error;
      await askPassword();
      return call();
    }
  }

  function settle(confirmed: boolean) {
    setOpened(false);
    const pending = waiting.current;
    waiting.current = null;
    if (confirmed) pending?.resolve();
    else pending?.reject(new ConfirmationCancelledError());
  }

  const modal = (
    <PasswordConfirmModal opened={opened} onConfirmed={() => settle(true)} onCancel={() => settle(false)} />
  );
  return { withConfirmation, modal };
}
