import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import { Outlet, useLocation } from 'react-router';
import { isLanguage } from '../lib/language';
import { useLanguage } from '../lib/language-context';
import { usePageFocus } from './page-focus';

/**
 * The update checks load after the page has shown (with TanStack Query, the contract and zod, which the login
 * page needs only once a login is sent). If they cannot load, the page works on without them.
 */
const UpdateChecks = lazy<ComponentType>(() =>
  import('./updates/update-checks').then(
    (module) => ({ default: module.UpdateChecks }),
    () => ({ default: () => null }),
  ),
);

/**
 * `?lang=en|nl` on any address switches the language and is remembered in this browser (a shared link
 * does not change the account's setting; the switch in the shell does).
 */
function useLanguageParameter(): void {
  const { search } = useLocation();
  const { language, setLanguage } = useLanguage();
  useEffect(() => {
    const requested = new URLSearchParams(search).get('lang');
    if (isLanguage(requested) && requested !== language) setLanguage(requested);
    // Only a new address asks; switching with the menu must not be undone by an old ?lang.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search]);
}

/** Above every route, signed in or not: update checks, scroll and focus on navigation, ?lang=. */
export function RootLayout() {
  usePageFocus();
  useLanguageParameter();
  return (
    <>
      <Suspense fallback={null}>
        <UpdateChecks />
      </Suspense>
      <Outlet />
    </>
  );
}
