import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { server } from './server';

// Lazy route modules and catalogs are transformed on first import; give them time under load. The
// test command runs this stage beside the browser suites on two cores (CI has 30 minutes), where
// a page's first draw took up to 6 s, and 17 s once (CI here, 4 of 555 past 15 s): a ceiling, never
// a wait (findBy* answers when the thing shows).
configure({ asyncUtilTimeout: 30_000 });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  // Build-tool tests (vite/*.test.ts) may run in the node environment: no DOM to reset.
  if (typeof document === 'undefined') return;
  localStorage.clear();
  sessionStorage.clear();
  document.cookie = 'locale=; path=/; max-age=0';
  document.cookie = 'otc_plan=; path=/; max-age=0';
  document.documentElement.className = '';
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
});
afterAll(() => server.close());
