// @vitest-environment node
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { minifyScript } from './minify-public-scripts';

describe('minifyScript', () => {
  it('drops comments and keeps a classic script working', async () => {
    const source = '// why this runs\n(function () {\n  /* a note */\n  var total = 0;\n  for (var i = 1; i <= 3; i += 1) total += i;\n  globalThis.result = total;\n})();\n';
    const code = await minifyScript(source, 'x.js');
    expect(code).not.toContain('why this runs');
    expect(code).not.toMatch(/\bimport\b|\bexport\b/);
    const context: { result?: number } = {};
    runInNewContext(code, context);
    expect(context.result).toBe(6);
  });

  it('makes each public script smaller and still valid JavaScript', async () => {
    for (const name of ['colour-mode.js', 'start-app.js']) {
      const source = readFileSync(resolve(__dirname, '../public', name), 'utf8');
      const code = await minifyScript(source, name);
      expect(code.length, name).toBeLessThan(source.length / 2);
      expect(() => new Function(code), name).not.toThrow();
    }
  });
});
