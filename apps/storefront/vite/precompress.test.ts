import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompressDir } from './precompress';

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('precompressDir', () => {
  it('writes .br and .gz copies of text files that decompress to the original', async () => {
    dir = mkdtempSync(join(tmpdir(), 'precompress-'));
    mkdirSync(join(dir, 'assets'));
    const script = 'export const answer = 42;\n'.repeat(200);
    writeFileSync(join(dir, 'assets', 'app-1a2b.js'), script);
    writeFileSync(join(dir, 'index.html'), `<!doctype html>${'<p>shop</p>'.repeat(200)}`);
    writeFileSync(join(dir, 'assets', 'app-1a2b.js.map'), '{"version":3}'.repeat(200));
    writeFileSync(join(dir, 'tiny.js'), 'x()');
    writeFileSync(join(dir, 'photo.png'), Buffer.alloc(4096, 7));

    const written = await precompressDir(dir);

    expect(written.map((file) => file.slice(dir.length + 1)).sort()).toEqual([
      'assets/app-1a2b.js.br',
      'assets/app-1a2b.js.gz',
      'index.html.br',
      'index.html.gz',
    ]);
    const js = join(dir, 'assets', 'app-1a2b.js');
    expect(brotliDecompressSync(readFileSync(`${js}.br`)).toString()).toBe(script);
    expect(gunzipSync(readFileSync(`${js}.gz`)).toString()).toBe(script);
    expect(readFileSync(`${js}.br`).length).toBeLessThan(script.length / 10);
    expect(existsSync(join(dir, 'tiny.js.br'))).toBe(false);
    expect(existsSync(join(dir, 'photo.png.gz'))).toBe(false);
  });
});
