/** jsdom lacks a few browser APIs that antd relies on; the app's i18n is set up in English for every test. */
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { initI18n } from '../i18n/index.ts';

if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = ResizeObserverStub;
}

// jsdom does not implement pseudo-element styles and logs an error each time antd asks for them.
const getComputedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => getComputedStyle(element);

void initI18n('en');

// antd validates and re-renders asynchronously: on two loaded cores (CI runs the server suites beside these)
// a message took over the library's 1-s default to appear. A real failure still fails, after 5 s.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
});
