import { describe, expect, it } from 'vitest';
import { errorTextsByLocale } from './error-texts-by-locale';

const catalogue = '/repo/packages/sdk/src/errors/catalogue.ts';
const loadable = '/repo/packages/sdk/src/errors/catalogue-loadable.ts';

/** The plugin's resolveId with a resolver that knows the SDK's relative imports. */
function resolveId() {
  const plugin = errorTextsByLocale({ catalogue, loadable });
  const context = {
    async resolve(source: string) {
      if (source === catalogue || /catalogue(\.js)?$/.test(source)) return { id: catalogue };
      return { id: `/repo/resolved/${source}` };
    },
  };
  const hook = plugin.resolveId as (
    this: typeof context,
    source: string,
    importer?: string,
    options?: object,
  ) => Promise<unknown>;
  return (source: string, importer?: string) => hook.call(context, source, importer, {});
}

describe('errorTextsByLocale', () => {
  it("gives the catalogue's importers its loadable twin: the SDK's modules and the app's rewritten imports", async () => {
    const resolve = resolveId();
    expect(await resolve('./catalogue.js', '/repo/packages/sdk/src/errors/errors.ts')).toBe(
      loadable,
    );
    expect(
      await resolve('../errors/catalogue.js', '/repo/packages/sdk/src/validation/messages.ts'),
    ).toBe(loadable);
    expect(await resolve(catalogue, '/repo/apps/storefront/src/lib/form-messages.ts')).toBe(
      loadable,
    );
  });

  it('leaves every other import, and the entry, alone', async () => {
    const resolve = resolveId();
    expect(await resolve('./errors.js', '/repo/packages/sdk/src/errors/index.ts')).toBeNull();
    expect(await resolve('./generated/codes.js', loadable)).toBeNull();
    expect(await resolve(catalogue)).toBeNull();
  });
});
