import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin, type Rollup } from 'vite';
import react from '@vitejs/plugin-react';
import { lingui } from '@lingui/vite-plugin';
import tailwindcss from '@tailwindcss/vite';
import { iconSprite } from '../../packages/ui/vite/icon-sprite';
import { directImports } from './vite/direct-imports';
import { errorTextsByLocale } from './vite/error-texts-by-locale';
import { firstLoadChunks } from './vite/first-load-chunks';
import { minifyPublicScripts } from './vite/minify-public-scripts';
import { precompress } from './vite/precompress';
import { routePreloads } from './vite/route-preloads';
import { splitMessages } from './vite/split-messages';
import { stripContractSummaries } from './vite/strip-contract-summaries';

/** The API the dev and preview servers forward `/api` and `/sitemap.xml` to. */
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://localhost:3000';

/** One id per build: baked into the bundle and written to `version.json`, which the app polls. */
const buildVersion = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

function versionFile(): Plugin {
  return {
    name: 'otc-version-file',
    apply: 'build',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'version.json',
        source: JSON.stringify({ version: buildVersion, builtAt: new Date().toISOString() }),
      });
    },
  };
}

/** A locale's compiled message catalog; group 1 is the locale. */
const localeCatalog = /\/src\/locales\/([a-z]{2})\/messages\.[jt]s$/;

const proxy = {
  '/api': { target: apiTarget, changeOrigin: true },
  '/sitemap.xml': { target: apiTarget, changeOrigin: true },
};

// Two builds: the browser's (dist/) and the server render's (`--ssr src/entry-server.tsx`,
// dist-server/entry-server.js, one self-contained module the API imports).
/**
 * zod's own `/* @__PURE__ *\/` comments in positions Rollup cannot use: it drops them, harmlessly
 * (the code is kept), and a newcomer took the 4 lines for faults (issue 33, item 16).
 */
function quietKnownWarnings(warning: Rollup.RollupLog, warn: (warning: Rollup.RollupLog) => void): void {
  if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('/node_modules/.pnpm/zod@')) return;
  warn(warning);
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    // Each name imported from a workspace package's barrel comes from its own module, so what
    // only a lazy page uses stays out of the first load.
    directImports({
      barrels: {
        '@otc/ui': fileURLToPath(new URL('../../packages/ui/src/index.ts', import.meta.url)),
        '@otc/sdk': fileURLToPath(new URL('../../packages/sdk/src/index.ts', import.meta.url)),
        '@otc/sdk/validation': fileURLToPath(new URL('../../packages/sdk/src/validation/index.ts', import.meta.url)),
        '@otc/sdk/error-texts': fileURLToPath(new URL('../../packages/sdk/src/errors/texts.ts', import.meta.url)),
      },
    }),
    react({ babel: { plugins: ['@lingui/babel-plugin-lingui-macro'] } }),
    lingui(),
    tailwindcss(),
    // The icons' drawings in one static SVG (both builds name it; the browser's writes it).
    iconSprite(),
    ...(isSsrBuild
      ? []
      : [
          // The SDK's error texts: a page's first load carries its own language's only (they come
          // with its message catalog); the server render keeps every language.
          errorTextsByLocale({
            catalogue: fileURLToPath(new URL('../../packages/sdk/src/errors/catalogue.ts', import.meta.url)),
            loadable: fileURLToPath(new URL('../../packages/sdk/src/errors/catalogue-loadable.ts', import.meta.url)),
          }),
          // The contract rows' summaries (the API's OpenAPI texts) are read by nothing here.
          stripContractSummaries({
            contract: fileURLToPath(new URL('../../packages/sdk/src/contract/index.ts', import.meta.url)),
          }),
          versionFile(),
          routePreloads({
            routesModule: 'src/app/routes.ts',
            localeCatalog,
          }),
          // The first load's catalog holds the first load's messages; each lazy chunk brings its own.
          splitMessages({ localeCatalog }),
          minifyPublicScripts(['colour-mode.js', 'start-app.js']),
          precompress(),
        ]),
  ],
  define: {
    __APP_VERSION__: JSON.stringify(buildVersion),
    // The render module is a production build whatever NODE_ENV the API runs with (React's and
    // Redux Toolkit's development checks cost a render many times over).
    ...(isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {}),
  },
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
  // The manifest (dist/.vite/manifest.json) maps source modules to chunks: the Lighthouse bench
  // reads it to tell a page's own scripts from the route modules its links prefetch.
  // The server render bundles every dependency: the API's image needs no storefront node_modules.
  ssr: { noExternal: true, target: 'node' },
  build: isSsrBuild
    ? {
        target: 'node20',
        outDir: 'dist-server',
        sourcemap: true,
        emptyOutDir: true,
        copyPublicDir: false,
        // One file: the server has no use for lazy chunks, and the image copies a single module.
        rollupOptions: { output: { inlineDynamicImports: true }, onwarn: quietKnownWarnings },
      }
    : {
    target: 'es2022',
    // No modulepreload polyfill in the entry: every browser the es2022 target runs in either
    // supports <link rel="modulepreload"> or simply loads the chunks on import (the hint is
    // only a head start), so the first load does not carry the polyfill.
    modulePreload: { polyfill: false },
    // Maps are written (kept out of the public folder for error reporting, see the Dockerfile)
    // but never named in the served files: no `sourceMappingURL` tells a visitor where they are.
    sourcemap: 'hidden',
    manifest: true,
    rollupOptions: {
      output: { manualChunks: firstLoadChunks() },
      onwarn: quietKnownWarnings,
    },
    // The vendor chunk is ~510 kB minified (~160 kB gzip); `pnpm bench` holds the real budget
    // (first-load JS in gzip per page), so Vite's generic 500 kB warning is raised a little.
    chunkSizeWarningLimit: 550,
  },
}));
