// The floor page's build: the storefront's Vite, React plugin, build target and precompression
// (the API serves the .br/.gz copies), served under /floor/ by the bench's API.
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from '../../apps/storefront/vite/precompress';

export default defineConfig({
  root: import.meta.dirname,
  base: '/floor/',
  plugins: [react(), precompress()],
  logLevel: 'warn',
  build: {
    target: 'es2022',
    manifest: true,
    outDir: 'dist',
    emptyOutDir: true,
  },
});
