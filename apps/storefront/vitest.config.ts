import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { lingui } from '@lingui/vite-plugin';
import { iconSprite } from '../../packages/ui/vite/icon-sprite';

export default defineConfig({
  plugins: [react({ babel: { plugins: ['@lingui/babel-plugin-lingui-macro'] } }), lingui(), iconSprite()],
  define: { __APP_VERSION__: JSON.stringify('test-version') },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    // Route modules and catalogs are transformed on first import; slow on a busy machine.
    // Beside the browser suites (scripts/shop.sh test) a whole form walk took 21 s.
    testTimeout: 60_000,
    // Two files at once: vitest's default on two cores is one, and this stage ended CI's run
    // alone on one core for six minutes after the browser suites were done.
    maxWorkers: 2,
    env: { VITE_API_BASE_URL: 'http://shop.test' },
  },
});
