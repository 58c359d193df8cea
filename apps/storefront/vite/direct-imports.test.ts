// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exportMap, rewriteImports } from './direct-imports';

let root: string;

function write(file: string, code: string) {
  const path = join(root, file);
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, code);
}

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'direct-imports-'));
  write(
    'src/index.ts',
    [
      "export { Button, buttonClasses as classes } from './components/button';",
      "export type { ButtonProps } from './components/button';",
      "export * from './rules/index.js';",
      'export const VERSION = 1;',
    ].join('\n'),
  );
  write('src/components/button.tsx', 'export function Button() {}\nexport const buttonClasses = "";\n');
  write('src/rules/index.ts', "export { mergeCart, type Row } from './merge-cart.js';\nexport * from './paths.js';\n");
  write('src/rules/merge-cart.ts', 'export function mergeCart() {}\n');
  write('src/rules/paths.ts', 'export const productPath = () => "";\nfunction local() {}\nexport { local as localPath };\n');
  write('icons/lucide.mjs', "export { default as X, default as XIcon } from './icons/x.mjs';\n");
  write('icons/icons/x.mjs', 'export default function X() {}\n');
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('exportMap', () => {
  it('follows named and star re-exports to the module that declares each value', () => {
    const map = exportMap(join(root, 'src/index.ts'));
    expect(map.get('Button')).toEqual({ file: join(root, 'src/components/button.tsx'), name: 'Button' });
    expect(map.get('classes')).toEqual({ file: join(root, 'src/components/button.tsx'), name: 'buttonClasses' });
    expect(map.get('mergeCart')).toEqual({ file: join(root, 'src/rules/merge-cart.ts'), name: 'mergeCart' });
    expect(map.get('productPath')).toEqual({ file: join(root, 'src/rules/paths.ts'), name: 'productPath' });
    expect(map.get('localPath')).toEqual({ file: join(root, 'src/rules/paths.ts'), name: 'localPath' });
    expect(map.get('VERSION')).toEqual({ file: join(root, 'src/index.ts'), name: 'VERSION' });
    expect(map.has('ButtonProps')).toBe(false);
    expect(map.has('Row')).toBe(false);
  });

  it('reads default re-exports of plain JavaScript modules (an icon barrel)', () => {
    const map = exportMap(join(root, 'icons/lucide.mjs'));
    expect(map.get('XIcon')).toEqual({ file: join(root, 'icons/icons/x.mjs'), name: 'default' });
  });
});

describe('rewriteImports', () => {
  it('imports each value from its own module, keeps types and unknown names on the barrel, and keeps line numbers', () => {
    const map = exportMap(join(root, 'src/index.ts'));
    const code = [
      'import {',
      '  Button,',
      '  classes as cls,',
      '  type ButtonProps,',
      '  mergeCart,',
      '  somethingNew,',
      "} from '@otc/ui';",
      "import type { Row } from '@otc/ui';",
      "import { other } from '@otc/ui/extra';",
      'Button(cls, mergeCart, somethingNew, other);',
    ].join('\n');
    const out = rewriteImports(code, '@otc/ui', map);
    expect(out).toContain(`import { Button, buttonClasses as cls } from ${JSON.stringify(join(root, 'src/components/button.tsx'))};`);
    expect(out).toContain(`import { mergeCart } from ${JSON.stringify(join(root, 'src/rules/merge-cart.ts'))};`);
    expect(out).toContain("import type { ButtonProps } from '@otc/ui';");
    expect(out).toContain("import { somethingNew } from '@otc/ui';");
    expect(out).toContain("import type { Row } from '@otc/ui';");
    expect(out).toContain("import { other } from '@otc/ui/extra';");
    expect(out.split('\n')).toHaveLength(code.split('\n').length);
    expect(out.split('\n').at(-1)).toBe('Button(cls, mergeCart, somethingNew, other);');
  });

  it('rewrites re-exports of the barrel the same way (they brought the package\'s built copy)', () => {
    const map = exportMap(join(root, 'src/index.ts'));
    const code = [
      "export { productPath, classes as buttonClasses, type Row, somethingNew } from '@otc/ui';",
      "export type { ButtonProps } from '@otc/ui';",
      'export const here = 1;',
    ].join('\n');
    const out = rewriteImports(code, '@otc/ui', map);
    expect(out).toContain(`export { productPath } from ${JSON.stringify(join(root, 'src/rules/paths.ts'))};`);
    expect(out).toContain(`export { buttonClasses } from ${JSON.stringify(join(root, 'src/components/button.tsx'))};`);
    expect(out).toContain("export type { Row } from '@otc/ui';");
    expect(out).toContain("export { somethingNew } from '@otc/ui';");
    expect(out).toContain("export type { ButtonProps } from '@otc/ui';");
    expect(out.split('\n')).toHaveLength(3);
  });
});
