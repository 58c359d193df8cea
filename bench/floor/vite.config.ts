// The floor page's build: the storefront's Vite, React plugin, build target and precompression
// (the API serves the .br/.gz copies), served under /floor/ by the bench's API.
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from '../../apps/storefront/vite/precompress';

export default defineConfig({
  root: import.meta.dirname,
  base: '/floor/',
  plugins: [react(), precompress()],
  // zod is the SDK's dependency (the storefront gets it through the SDK): the same copy here.
  resolve: {
    alias: [
      {
        find: /^zod\/mini$/,
        replacement: `${realpathSync(fileURLToPath(new URL('../../packages/sdk/node_modules/zod', import.meta.url)))}/v4/mini/index.js`,
      },
    ],
  },
  logLevel: 'warn',
  build: {
    target: 'es2022',
    manifest: true,
    outDir: 'dist',
    emptyOutDir: true,
  },
});
