// Issue 20: the reference of every export (docs/reference/, TypeDoc with typedoc-plugin-markdown)
// is generated again and compared with the committed one, so it cannot go stale. When this
// fails, run `pnpm --filter @otc/sdk docs` and commit docs/reference/.
import { execFileSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const packageRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

describe('docs/reference', () => {
  it('is what TypeDoc generates from the current exports', () => {
    let output = '';
    let status = 0;
    try {
      output = execFileSync(
        process.execPath,
        [join(packageRoot, 'scripts/reference.mjs'), '--check'],
        {
          cwd: packageRoot,
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
    } catch (error) {
      const e = error as { status?: number; stdout?: string; stderr?: string };
      status = e.status ?? 1;
      output = `${e.stdout ?? ''}${e.stderr ?? ''}`;
    }
    expect(output).toContain('docs/reference is up to date');
    expect(status).toBe(0);
  }, 300_000);
});
