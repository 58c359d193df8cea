import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { iconSprite } from './vite/icon-sprite';

export default defineConfig({
  plugins: [react(), iconSprite()],
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/test-setup.ts'],
    // As the storefront's: the first render of a file pays for jsdom and the module graph, which
    // on a loaded 2-core CI machine took over the 5 s default (product-card's first test).
    testTimeout: 60_000,
  },
});
