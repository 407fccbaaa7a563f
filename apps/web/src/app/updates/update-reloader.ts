import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useVersionQuery } from '../../features/session/api/get-version';
import { browser } from '../../lib/browser';

/** Off in unit tests (a poll would be one more request in every test); tests of the check switch it on. */
export const updateChecks = { enabled: import.meta.env.MODE !== 'test' };

/**
 * Section 4, update of the application: the server's build version is asked every 60 seconds; once it
 * differs from the version this page started with, the next navigation reloads the page (so the user
 * never loses what is on screen, and lands on the new version where they were going).
 */
export function useUpdateReloader(): void {
  const { data } = useVersionQuery(updateChecks.enabled);
  const initialVersion = useRef<string | null>(null);
  const updatePending = useRef(false);
  const { pathname } = useLocation();
  const previousPath = useRef(pathname);

  useEffect(() => {
    if (!data) return;
    if (initialVersion.current === null) initialVersion.current = data.version;
    else if (data.version !== initialVersion.current) updatePending.current = true;
  }, [data]);

  useEffect(() => {
    if (previousPath.current === pathname) return;
    previousPath.current = pathname;
    if (updatePending.current) browser.reload();
  }, [pathname]);
}
