import '@testing-library/jest-dom/vitest';
import { cleanup, configure, getConfig, prettyDOM } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Test files share a worker and its jsdom (isolate: false in vitest.config.ts), and this file runs before each
// of them. So that a file still starts as if it ran alone, it gets its own instances of the app's modules
// (module-level state such as the limit on error reports; libraries in node_modules stay loaded) and an empty
// document, storage and real timers.
vi.resetModules();
vi.useRealTimers();
for (const element of [document.documentElement, document.body]) {
  for (const name of element.getAttributeNames()) element.removeAttribute(name);
}
document.head.replaceChildren();
document.body.replaceChildren();
window.localStorage.clear();
window.sessionStorage.clear();

/**
 * Whether a query runs as one try of a wait (waitFor, findBy*): Testing Library marks those tries with this flag,
 * which its typings leave out.
 */
function duringWaitTry(): boolean {
  const config = getConfig();
  return '_disableExpensiveErrorDiagnostics' in config && config._disableExpensiveErrorDiagnostics === true;
}

// A ceiling, not a delay: a passing wait ends as soon as its condition holds. Testing Library's 1 s default is
// too tight for a busy shared machine; failures still report within the test timeout (vitest.config.ts).
// A failed query's error prints the whole document (Testing Library's default, rebuilt here). A wait's failed tries
// printed it too, on every try (every 50 ms and at every change of the page), for errors nobody reads: on a busy
// machine one such try of a page in the app's frame took longer than the 50 ms between tries, and the tries starved
// the render they waited for (the templates page's editor came after the 3 s). So a try's error is the message
// alone; a query that fails outright, and a wait that runs out (its timeout adds the document), still print it.
configure({
  asyncUtilTimeout: 3_000,
  getElementError(message, container) {
    const parts = duringWaitTry()
      ? [message]
      : [message, `Ignored nodes: comments, ${getConfig().defaultIgnore}\n${prettyDOM(container)}`];
    const error = new Error(parts.filter(Boolean).join('\n\n'));
    error.name = 'TestingLibraryElementError';
    return error;
  },
});

// jsdom lacks the layout APIs Mantine asks for.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
window.ResizeObserver = ResizeObserverStub;
window.HTMLElement.prototype.scrollIntoView = () => {};

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

// jsdom cannot scroll.
window.scrollTo = () => {};
