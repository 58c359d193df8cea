import { defineConfig } from 'tsup';

// Two entry points: the HTTP server and the operations command. Workspace packages (@otc/sdk) are
// bundled so `node dist/server.js` needs only the installed third-party dependencies.
export default defineConfig({
  entry: { server: 'src/server.ts', ops: 'src/ops.ts' },
  format: ['esm'],
  target: 'node20',
  platform: 'node',
  clean: true,
  sourcemap: true,
  splitting: true,
  noExternal: [/^@otc\//],
});
