import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { server } from './server';

// Lazy route modules and catalogs are transformed on first import; give them time under load.
configure({ asyncUtilTimeout: 4000 });

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
