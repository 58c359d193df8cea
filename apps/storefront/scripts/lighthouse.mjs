// Lighthouse scores of the built storefront (run `pnpm --filter @otc/storefront build` first).
// Serves dist/ with `vite preview`, audits a few pages in en and es with the system Chromium
// (never downloaded), prints the category scores and writes JSON reports to ../../bench-results.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, existsSync } from 'node:fs';
import { resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const app = resolve(here, '..');
const out = resolve(app, '../../bench-results');
const port = Number(process.env.LIGHTHOUSE_PORT ?? 4174);
const chrome = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const pages = ['/', '/es', '/catalog', '/es/item/abc'];

if (!existsSync(resolve(app, 'dist/index.html'))) {
  console.error('dist/ is missing: run the build first');
  process.exit(1);
}
mkdirSync(out, { recursive: true });

function run(command, args, options = {}) {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, { stdio: 'inherit', ...options });
    child.on('exit', (code) => (code === 0 ? resolvePromise() : reject(new Error(`${command} exited ${code}`))));
  });
}

const preview = spawn(resolve(app, 'node_modules/.bin/vite'), ['preview', '--port', String(port), '--strictPort'], {
  cwd: app,
  stdio: 'ignore',
});
try {
  for (let i = 0; i < 50; i += 1) {
    try {
      if ((await fetch(`http://localhost:${port}/`)).ok) break;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const rows = [];
  for (const path of pages) {
    const file = resolve(out, `lighthouse${path.replace(/\//g, '_') || '_home'}.json`);
    await run(
      resolve(app, 'node_modules/.bin/lighthouse'),
      [
        `http://localhost:${port}${path}`,
        '--quiet',
        '--output=json',
        `--output-path=${file}`,
        '--only-categories=performance,accessibility,best-practices,seo',
        '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run --disable-quic',
      ],
      { env: { ...process.env, CHROME_PATH: chrome } },
    );
    const report = JSON.parse(readFileSync(file, 'utf8'));
    const score = (id) => Math.round((report.categories[id]?.score ?? 0) * 100);
    rows.push({
      page: path,
      performance: score('performance'),
      accessibility: score('accessibility'),
      'best-practices': score('best-practices'),
      seo: score('seo'),
    });
  }
  console.table(rows);
} finally {
  preview.kill();
}
