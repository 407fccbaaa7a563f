import { useEffect } from 'react';
import { useIntl } from 'react-intl';

/**
 * Sets the browser tab's title to the given parts and the product name ("Resultaten Groep 5 - OBS De Regenboog -
 * Leerzicht"), so that tabs, history and screen readers name the page; the product name alone once the page goes.
 */
export function useDocumentTitle(parts: readonly (string | null | undefined)[]): void {
  const intl = useIntl();
  const product = intl.formatMessage({ id: 'app.name' });
  const title = [...parts.filter((part): part is string => Boolean(part)), product].join(' - ');
  useEffect(() => {
    document.title = title;
    return () => {
      document.title = product;
    };
  }, [title, product]);
}
