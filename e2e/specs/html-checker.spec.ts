/**
 * The HTML the server sends for every public page, in English and Spanish, passes the Nu HTML
 * checker (vnu, the W3C validator): the pages are drawn on the server (entry-server.tsx), so their
 * markup reaches browsers, crawlers and assistive technology before any script runs.
 *
 * The pages are fetched as a browser asks for a page (`Accept: text/html`), written to the test's
 * output folder (kept there for a look when the test fails) and checked in ONE run of vnu.jar (one
 * JVM start costs seconds on CI's two cores). Errors only: vnu's warnings are advice.
 *
 * Java is Debian's (`default-jre-headless`, installed by scripts/shop.sh when missing); vnu.jar
 * comes from the `vnu-jar` package, whose main export is the jar's path.
 */
import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { expect, test } from '../fixtures/test';
import { localized, shopLocales } from '../fixtures/locales';

const vnuJar = String(createRequire(import.meta.url)('vnu-jar'));

/** The public pages (English paths) and the status each answers with. */
const pages: { path: string; status: number }[] = [
  { path: '/', status: 200 },
  { path: '/catalog', status: 200 },
  { path: '/catalog?category=3', status: 200 },
  { path: '/item/61', status: 200 },
  { path: '/about-us', status: 200 },
  { path: '/terms-of-use', status: 200 },
  { path: '/privacy-policy', status: 200 },
  { path: '/return-policy', status: 200 },
  { path: '/accessibility', status: 200 },
  { path: '/contacts', status: 200 },
  { path: '/docs/items-eligibility', status: 200 },
  { path: '/balance-check', status: 200 },
  { path: '/login', status: 200 },
  { path: '/login/password', status: 200 },
  { path: '/login/phone', status: 200 },
  { path: '/login-recovery', status: 200 },
  { path: '/sign-up', status: 200 },
  { path: '/cart', status: 200 },
  { path: '/no-such-page', status: 404 },
  { path: '/item/999999', status: 404 },
];

/** One message of `vnu --format json` (https://github.com/validator/validator/wiki/Output-»-JSON). */
interface VnuMessage {
  type: 'error' | 'info' | 'non-document-error';
  subType?: string;
  url?: string;
  lastLine?: number;
  firstColumn?: number;
  message: string;
  extract?: string;
}

/** Runs vnu once over `files`; resolves with its JSON report (vnu writes it to stderr). */
function runVnu(files: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    execFile(
      'java',
      ['-jar', vnuJar, '--format', 'json', '--errors-only', ...files],
      { maxBuffer: 64 * 1024 * 1024, timeout: 120_000 },
      (error, stdout, stderr) => {
        // vnu exits with 1 when it reports an error: that is an answer, not a failure to run.
        if (error?.code === 'ENOENT') {
          reject(
            new Error('no `java` on PATH: install default-jre-headless (scripts/shop.sh does)'),
          );
        } else if (error && typeof error.code !== 'number') reject(error);
        else resolve({ code: typeof error?.code === 'number' ? error.code : 0, stdout, stderr });
      },
    );
  });
}

test('the served HTML of every public page (en, es) passes the Nu HTML checker', async ({
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  /** File → the address it was served at. */
  const served = new Map<string, string>();

  for (const locale of shopLocales) {
    for (const { path, status } of pages) {
      const url = localized(locale, path);
      await test.step(`fetch ${url}`, async () => {
        const response = await request.get(url, { headers: { accept: 'text/html' } });
        expect(response.status(), url).toBe(status);
        // Not redirected elsewhere (a language redirect would check another page twice).
        const answered = new URL(response.url());
        expect(`${answered.pathname}${answered.search}`, url).toBe(url);
        expect(response.headers()['content-type'], url).toMatch(/^text\/html\b/);
        const name = `${locale.code}${path === '/' ? '-home' : path.replace(/[^\w-]+/g, '-')}.html`;
        const file = testInfo.outputPath(name);
        await writeFile(file, await response.body());
        served.set(file, url);
      });
    }
  }

  const files = [...served.keys()];
  const { code, stdout, stderr } = await test.step(`vnu over ${files.length} pages`, () =>
    runVnu(files));
  let messages: VnuMessage[];
  try {
    messages = (JSON.parse(stderr) as { messages: VnuMessage[] }).messages;
  } catch {
    throw new Error(`vnu gave no JSON report (exit ${code}):\n${stderr}\n${stdout}`);
  }

  const errors = messages
    .filter((message) => message.type !== 'info')
    .map((message) => {
      const file = message.url?.startsWith('file:')
        ? fileURLToPath(message.url)
        : (message.url ?? '?');
      const page = served.get(file) ?? file;
      const where = `${file}:${message.lastLine ?? '?'}:${message.firstColumn ?? '?'}`;
      const extract = message.extract ? `\n    ${message.extract.replace(/\s+/g, ' ').trim()}` : '';
      return `${page} (${where}) ${message.type}: ${message.message}${extract}`;
    });
  expect(errors.length, `vnu found ${errors.length} error(s):\n${errors.join('\n')}\n`).toBe(0);
  // Nothing to report must still mean that vnu ran and read the pages.
  expect(code, stderr).toBe(0);
});
