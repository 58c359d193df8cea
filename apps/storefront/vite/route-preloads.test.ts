// @vitest-environment node
// (Vite's parser does not load under jsdom.)
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseAst } from 'vite';
import { pageRowsOf } from './route-preloads';

describe('pageRowsOf', () => {
  it('reads path and import of each row, through a const and through the build wrapper', () => {
    const ast = parseAst(`
      const shell = () => __vitePreload(() => import('./pages/page-shell'), []);
      export const pageRoutes = [
        { name: 'home', path: '', title: { id: 'x' }, load: () => import('../pages/home-page') },
        {
          name: 'item',
          path: 'item/:id',
          digitsId: true,
          load: () => __vitePreload(() => import('../pages/item-page'), __VITE_PRELOAD__),
        },
        { name: 'cart', path: 'cart', load: shell },
        { name: 'no-load', path: 'nowhere' },
      ];
    `);
    expect(pageRowsOf(ast)).toEqual(
      expect.arrayContaining([
        ['', '../pages/home-page'],
        ['item/:id', '../pages/item-page'],
        ['cart', './pages/page-shell'],
      ]),
    );
    expect(pageRowsOf(ast)).toHaveLength(3);
  });

  it('finds every row of the real page table', () => {
    const source = readFileSync(resolve(__dirname, '../src/app/routes.ts'), 'utf8')
      // The table's TypeScript-only parts, enough for the JavaScript parser.
      .replace(/^import type .*$/gm, '')
      .replace(/^export interface [\s\S]*?^}$/gm, '')
      .replace(/: PageRoute\[\]/g, '')
      .replace(/msg`[^`]*`/g, '{}');
    const rows = pageRowsOf(parseAst(source));
    const count = (source.match(/^\s+(?:\{ )?name: '/gm) ?? []).length;
    expect(rows).toHaveLength(count);
    expect(rows).toContainEqual(['catalog', '../features/catalog/pages/catalog-page']);
    expect(rows).toContainEqual(['account', '../features/account/pages/profile-page']);
  });
});
