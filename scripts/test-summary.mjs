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
// The names of the failed tests, so the last lines of a CI log say what to look at.
const failures = [];
const firstLine = (text) => String(text ?? '').replace(/\u001b\[[0-9;]*m/g, '').trim().split('\n')[0].slice(0, 300);

function playwrightFailures(suite, path, into) {
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) {
      if (test.status !== 'unexpected') continue;
      const result = (test.results ?? []).at(-1);
      into.push(`${[...path, spec.title].join(' › ')} (${spec.file}:${spec.line}): ${firstLine(result?.error?.message)}`);
    }
  }
  for (const child of suite.suites ?? []) playwrightFailures(child, [...path, child.title], into);
}
for (const [name, file] of reports) {
  if (!existsSync(file)) continue;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  let p, f, s;
  if ('numPassedTests' in report) {
    // vitest json reporter
    p = report.numPassedTests;
    f = report.numFailedTests;
    s = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
    for (const file of report.testResults ?? []) {
      for (const test of file.assertionResults ?? []) {
        if (test.status !== 'failed') continue;
        const where = file.name.replace(root, '');
        failures.push(`${name}: ${test.fullName} (${where}): ${firstLine(test.failureMessages?.[0])}`);
      }
    }
  } else {
    // Playwright json reporter
    p = (report.stats?.expected ?? 0) + (report.stats?.flaky ?? 0);
    f = report.stats?.unexpected ?? 0;
    s = report.stats?.skipped ?? 0;
    for (const suite of report.suites ?? []) playwrightFailures(suite, [], failures);
  }
  console.log(`${name.padEnd(22)} ${p} passed, ${f} failed${s ? `, ${s} skipped` : ''}`);
  passed += p;
  failed += f;
  skipped += s;
}
for (const failure of failures) console.log(`  failed: ${failure}`);
console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
