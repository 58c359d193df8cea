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

  it('shared code (components, lib) importing a feature fails', async () => {
    for (const path of ['apps/storefront/src/components/zone-sample.ts', 'apps/storefront/src/lib/zone-sample.ts']) {
      const rules = await lint(path, "import { cartPort } from '../features/cart/cart-port';\nexport const x = cartPort;\n");
      expect(rules).toContain('import-x/no-restricted-paths');
    }
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
});
