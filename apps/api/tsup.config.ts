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
  // The SDK's dist imports its shared chunks for their exports and also bare (`import './chunk…'`,
  // tsup's ordering of split chunks); the SDK declares `sideEffects: false`, so esbuild rightly
  // drops the bare ones and would print 7 warnings a reader takes for faults (issue 33, item 16).
  esbuildOptions(options) {
    options.logOverride = { ...options.logOverride, 'ignored-bare-import': 'silent' };
  },
});
