// @vitest-environment node
// The import zones of eslint.config.js hold: code that crosses a boundary fails lint.
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const eslint = new ESLint({ cwd: root });

/** The rule ids ESLint reports for `code` as if it were the file at `path` (from the repo root). */
async function lint(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}${path}` });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

/** The import zones' messages for `code` at `path`: which zone fired. */
async function zonesFired(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}${path}` });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'import-x/no-restricted-paths')
    .map((message) => message.message);
}

const ROOT_ZONE = 'src/app is the composition root';
const LIB_ZONE = 'src/lib knows no store and draws nothing';
const KERNEL_ZONE = 'src/kernel imports no component';

describe('import zones (eslint.config.js)', () => {
  it('a feature importing another feature fails', async () => {
    const rules = await lint(
      'apps/storefront/src/features/catalog/zone-sample.ts',
      "import { cartApi } from '../cart/cart-api';\nexport const x = cartApi;\n",
    );
    expect(rules).toContain('import-x/no-restricted-paths');
  });

  it('a feature page importing another feature fails too (deeper paths)', async () => {
    const rules = await lint(
      'apps/storefront/src/features/support/pages/zone-sample.ts',
      "import { useGetProductQuery } from '../../catalog/catalog-api';\nexport const x = useGetProductQuery;\n",
    );
    expect(rules).toContain('import-x/no-restricted-paths');
  });

  it('shared code (kernel, components, lib) importing a feature fails', async () => {
    for (const shared of ['kernel', 'components', 'lib']) {
      const fired = await zonesFired(
        `apps/storefront/src/${shared}/zone-sample.ts`,
        "import { cartPort } from '../features/cart/cart-port';\nexport const x = cartPort;\n",
      );
      expect(fired).toEqual([expect.stringContaining('Shared code (src/kernel, src/components, src/lib) never imports a feature')]);
    }
  });

  it('a feature importing the root (src/app) fails, a type alone too', async () => {
    const value = await zonesFired(
      'apps/storefront/src/features/catalog/zone-sample.ts',
      "import { createAppStore } from '../../app/store';\nexport const x = createAppStore;\n",
    );
    expect(value).toEqual([expect.stringContaining(ROOT_ZONE)]);
    const type = await zonesFired(
      'apps/storefront/src/features/cart/pages/zone-sample.ts',
      "import type { AppStoreOptions } from '../../../app/store';\nexport type X = AppStoreOptions;\n",
    );
    expect(type).toEqual([expect.stringContaining(ROOT_ZONE)]);
  });

  it('shared code (kernel, components, lib) importing the root fails', async () => {
    for (const shared of ['kernel', 'components', 'lib']) {
      const fired = await zonesFired(
        `apps/storefront/src/${shared}/zone-sample.ts`,
        "import { buildRoutes } from '../app/router';\nexport const x = buildRoutes;\n",
      );
      expect(fired).toEqual([expect.stringContaining(ROOT_ZONE)]);
    }
  });

  it('lib importing the kernel or a component fails', async () => {
    const kernel = await zonesFired(
      'apps/storefront/src/lib/zone-sample.ts',
      "import { notify } from '../kernel/notify';\nexport const x = notify;\n",
    );
    expect(kernel).toEqual([expect.stringContaining(LIB_ZONE)]);
    const component = await zonesFired(
      'apps/storefront/src/lib/zone-sample.ts',
      "import { AppLink } from '../components/app-link';\nexport const x = AppLink;\n",
    );
    expect(component).toEqual([expect.stringContaining(LIB_ZONE)]);
  });

  it('the kernel importing a component fails', async () => {
    const fired = await zonesFired(
      'apps/storefront/src/kernel/zone-sample.ts',
      "import { AppLink } from '../components/app-link';\nexport const x = AppLink;\n",
    );
    expect(fired).toEqual([expect.stringContaining(KERNEL_ZONE)]);
  });

  it('a test may assemble the app (the root) and reach across the layers, but not into another feature', async () => {
    const assembled = await lint(
      'apps/storefront/src/features/cart/zone-sample.test.ts',
      "import { connectStore, createAppStore } from '../../app/store';\nexport const x = [connectStore, createAppStore];\n",
    );
    expect(assembled).toEqual([]);
    const layers = await lint(
      'apps/storefront/src/lib/zone-sample.test.ts',
      "import { settingsApi } from '../kernel/settings-api';\nimport { AppLink } from '../components/app-link';\nexport const x = [settingsApi, AppLink];\n",
    );
    expect(layers).toEqual([]);
    const feature = await zonesFired(
      'apps/storefront/src/features/catalog/zone-sample.test.ts',
      "import { cartApi } from '../cart/cart-api';\nexport const x = cartApi;\n",
    );
    expect(feature).toEqual([expect.stringContaining('Features do not import each other')]);
  });

  it('packages/ui importing app code, the store or the SDK fails', async () => {
    const relative = await lint(
      'packages/ui/src/components/zone-sample.ts',
      "import { api } from '../../../../apps/storefront/src/lib/api';\nexport const x = api;\n",
    );
    expect(relative).toContain('import-x/no-restricted-paths');
    const byName = await lint(
      'packages/ui/src/components/zone-sample.ts',
      "import { useSelector } from 'react-redux';\nexport const x = useSelector;\n",
    );
    expect(byName).toContain('no-restricted-imports');
  });

  it('a feature may import its own files, the kernel (src/kernel), lib and components', async () => {
    const rules = await lint(
      'apps/storefront/src/features/catalog/zone-sample.ts',
      [
        "import { catalogApi } from './catalog-api';",
        "import { selectSignedIn } from '../../kernel/session-slice';",
        "import { notify } from '../../kernel/notify';",
        "import { useCartPort } from '../../lib/cart-port';",
        "import { AppLink } from '../../components/app-link';",
        'export const x = [catalogApi, selectSignedIn, notify, useCartPort, AppLink];',
        '',
      ].join('\n'),
    );
    expect(rules).toEqual([]);
  });

  it('the root (src/app) may import features, the kernel, components and lib', async () => {
    const rules = await lint(
      'apps/storefront/src/app/zone-sample.ts',
      [
        "import { cartPort } from '../features/cart/cart-port';",
        "import { notify } from '../kernel/notify';",
        "import { AppLink } from '../components/app-link';",
        "import { api } from '../lib/api';",
        'export const x = [cartPort, notify, AppLink, api];',
        '',
      ].join('\n'),
    );
    expect(rules).toEqual([]);
  });

  it('components may import the kernel and lib; the kernel may import lib', async () => {
    const components = await lint(
      'apps/storefront/src/components/zone-sample.ts',
      "import { notify } from '../kernel/notify';\nimport { api } from '../lib/api';\nexport const x = [notify, api];\n",
    );
    expect(components).toEqual([]);
    const kernel = await lint(
      'apps/storefront/src/kernel/zone-sample.ts',
      "import { api } from '../lib/api';\nexport const x = api;\n",
    );
    expect(kernel).toEqual([]);
  });
});
