// @vitest-environment node
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { stripSummaries } from './strip-contract-summaries';

const sdkSrc = resolve(__dirname, '../../../packages/sdk/src');
const contractFile = join(sdkSrc, 'contract/index.ts');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return files(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

describe('stripSummaries', () => {
  it("takes every row's summary out of the real contract, and nothing else", () => {
    const source = readFileSync(contractFile, 'utf8');
    const rows = (source.match(/\broute\(\{/g) ?? []).length;
    const { code, stripped } = stripSummaries(source);
    expect(rows).toBeGreaterThan(50);
    expect(stripped).toBe(rows);
    expect(code.split('\n')).toHaveLength(source.split('\n').length);
    // Still a module that compiles, with the same rows.
    const output = ts.transpileModule(code, {
      reportDiagnostics: true,
      compilerOptions: { target: ts.ScriptTarget.ES2022 },
    });
    expect(output.diagnostics ?? []).toEqual([]);
    expect((code.match(/\broute\(\{/g) ?? []).length).toBe(rows);
    expect((code.match(/^\s*path: /gm) ?? []).length).toBe(
      (source.match(/^\s*path: /gm) ?? []).length,
    );
    // The lines left are the original lines but the summaries.
    const kept = source.split('\n').filter((line, i) => line !== code.split('\n')[i]);
    expect(kept.every((line) => /^\s*(summary:|'|")/.test(line))).toBe(true);
  });

  it('reads both quotes, escapes and a value on the next line', () => {
    const { code, stripped } = stripSummaries(
      'a: 1,\n    summary: \'It\\\'s one\',\n    summary:\n      "A \\"long\\" one",\n  b: 2,\n',
    );
    expect(stripped).toBe(2);
    expect(code).toBe('a: 1,\n\n\n\n  b: 2,\n');
  });

  it('is safe: nothing the browser runs reads a summary (the SDK client, its facades, the app)', () => {
    const browserCode = [
      ...['client', 'endpoints', 'cart', 'checkout', 'errors', 'rules', 'storage'].flatMap((dir) =>
        files(join(sdkSrc, dir)),
      ),
      ...files(resolve(__dirname, '../src')),
    ];
    const readers = browserCode.filter((file) => /(?<!\.)\.summary\b/.test(readFileSync(file, 'utf8')));
    expect(readers).toEqual([]);
  });
});
