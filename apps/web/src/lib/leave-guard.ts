import { useEffect } from 'react';
import { useBlocker, type Blocker, type Location } from 'react-router';

export interface LeaveGuardOptions {
  /** Moves that need no warning (e.g. certain same-subject school page moves for notes). */
  allow?: (move: { currentLocation: Location; nextLocation: Location }) => boolean;
}

/**
 * Warns before leaving a page with unsaved work: the browser's own prompt on unload or reload, and a
 * blocked in-app navigation (React Router's useBlocker) that the caller confirms with `proceed()` or
 * cancels with `reset()`. Render `<LeaveGuard>` from components/ for the standard dialog.
 */
export function useLeaveGuard(when: boolean, options: LeaveGuardOptions = {}): Blocker {
  const { allow } = options;
  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    if (!when) return false;
    if (currentLocation.pathname === nextLocation.pathname && currentLocation.search === nextLocation.search)
      return false;
    return !(allow?.({ currentLocation, nextLocation }) ?? false);
  });

  useEffect(() => {
    if (!when) return undefined;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [when]);

  useEffect(() => {
    // The work was saved or dropped while the question was open: let the move go on.
    if (!when && blocker.state === 'blocked') blocker.proceed();
  }, [when, blocker]);

  return blocker;
}
