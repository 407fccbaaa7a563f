import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { browser } from '../lib/browser';

const HEADING_WAIT_MS = 5000;

/** Moves focus to the page's main heading (once it has rendered: pages load lazily). */
function focusHeadingWhenReady(): () => void {
  const tryFocus = (): boolean => {
    if (document.querySelector('[role="dialog"]')) return true; // a dialog keeps the focus
    const heading = document.querySelector<HTMLElement>('main h1');
    if (!heading) return false;
    if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
    heading.focus({ preventScroll: true });
    return true;
  };
  if (tryFocus()) return () => undefined;
  const observer = new MutationObserver(() => {
    if (tryFocus()) stop();
  });
  const timer = window.setTimeout(() => stop(), HEADING_WAIT_MS);
  function stop() {
    observer.disconnect();
    window.clearTimeout(timer);
  }
  observer.observe(document.body, { childList: true, subtree: true });
  return stop;
}

/** On every path change: scroll to the top and move focus to the new page's heading (not on first load). */
export function usePageFocus(): void {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return undefined;
    }
    browser.scrollToTop();
    return focusHeadingWhenReady();
  }, [pathname]);
}
