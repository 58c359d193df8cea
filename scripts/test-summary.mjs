// Adds up the JSON reports of every vitest and Playwright run into one closing line,
// "N passed, N failed", so CI (and people) see the whole count at a glance.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const reports = [];
for (const group of ['packages', 'apps']) {
  for (const name of readdirSync(join(root, group))) {
    const dir = join(root, group, name, 'test-results');
    if (!existsSync(dir)) continue;
    for (const file of readdirSync(dir).filter((f) => /^vitest.*\.json$/.test(f)).sort()) {
      reports.push([`${group}/${name} ${file.replace(/^vitest-?|\.json$/g, '') || ''}`.trim(), join(dir, file)]);
    }
  }
}
reports.push(['e2e', join(root, 'e2e', 'test-results', 'results.json')]);

let passed = 0;
let failed = 0;
let skipped = 0;
for (const [name, file] of reports) {
  if (!existsSync(file)) continue;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  let p, f, s;
  if ('numPassedTests' in report) {
    // vitest json reporter
    p = report.numPassedTests;
    f = report.numFailedTests;
    s = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  } else {
    // Playwright json reporter
    p = (report.stats?.expected ?? 0) + (report.stats?.flaky ?? 0);
    f = report.stats?.unexpected ?? 0;
    s = report.stats?.skipped ?? 0;
  }
  console.log(`${name.padEnd(22)} ${p} passed, ${f} failed${s ? `, ${s} skipped` : ''}`);
  passed += p;
  failed += f;
  skipped += s;
}
console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
