import { useState, type KeyboardEvent } from 'react';

/**
 * Tracks caps lock from the key events of a field (KeyboardEvent.getModifierState), so a password field can warn.
 * Spread `handlers` on the input; `capsLockOn` turns false again on blur.
 */
export function useCapsLock() {
  const [capsLockOn, setCapsLockOn] = useState(false);
  const read = (event: KeyboardEvent<HTMLElement>) => {
    if (typeof event.getModifierState === 'function') setCapsLockOn(event.getModifierState('CapsLock'));
  };
  return {
    capsLockOn,
    handlers: { onKeyDown: read, onKeyUp: read, onBlur: () => setCapsLockOn(false) },
  };
}
