import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
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

// A ceiling, not a delay: a passing wait ends as soon as its condition holds. Testing Library's 1 s default is
// too tight for a busy shared machine; failures still report within the test timeout (vitest.config.ts).
configure({ asyncUtilTimeout: 3_000 });

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
