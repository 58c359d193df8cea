// @vitest-environment node
import { readFileSync } from 'node:fs';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import * as lucide from 'lucide-react';
import { ICONS_MODULE, buildSprite, iconNames } from './icon-sprite';

const code = readFileSync(ICONS_MODULE, 'utf8');
const declared = [...code.matchAll(/export const (\w+) = \/\* @__PURE__ \*\/ spriteIcon\('([a-z0-9-]+)'\)/g)].map(
  (m) => [m[1] as string, m[2] as string] as const,
);

describe('icon sprite', () => {
  it('reads the names src/icons.tsx draws', () => {
    expect(declared.length).toBeGreaterThan(40);
    expect(iconNames(code)).toEqual([...new Set(declared.map(([, id]) => id))]);
  });

  it("draws each export with lucide's icon of the same name", () => {
    for (const [name, id] of declared) {
      const component = (lucide as unknown as Record<string, Parameters<typeof createElement>[0] | undefined>)[name];
      expect(component, name).toBeDefined();
      expect(renderToStaticMarkup(createElement(component as never)), name).toContain(`lucide-${id}`);
    }
  });

  it("holds lucide's shapes of each icon as a symbol, and nothing else", async () => {
    const sprite = await buildSprite(['shopping-cart', 'x']);
    expect(sprite).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg">' +
        '<symbol id="shopping-cart" viewBox="0 0 24 24">' +
        '<path d="m2.05 2.05 1.099-.028a1 1 0 0 1 1.008.815l2.69 14.347A1 1 0 0 0 7.83 18H18"/>' +
        '<path d="M4.563 5h16.435a1 1 0 0 1 .981 1.204l-1.026 6.226A2 2 0 0 1 18.962 14H6.25"/>' +
        '<circle cx="18" cy="20" r="2"/><circle cx="8" cy="20" r="2"/></symbol>' +
        '<symbol id="x" viewBox="0 0 24 24"><path d="M18 6 6 18"/><path d="m6 6 12 12"/></symbol></svg>\n',
    );
  });

  it('refuses a name lucide does not have', async () => {
    await expect(buildSprite(['no-such-icon'])).rejects.toThrow();
  });
});
