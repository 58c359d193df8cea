// Doc-test: every `ts` code block of packages/sdk/README.md runs, as written, against the test
// shop of @otc/sdk/testing. A block's imports come from this package's sources (`@otc/sdk`,
// `@otc/sdk/rules`, `@otc/sdk/testing`...) and the names it uses without declaring them
// (`client`, `demoUrl`, `settings`...) from the set-up of its section below; what it declares
// is handed to that section's checks. A block under a heading listed nowhere here runs with the
// default set-up (a signed-in `client` and the usual names) and must not throw.
import { readFileSync } from 'node:fs';
import { transform } from 'esbuild';
import * as msw from 'msw';
import * as mswNode from 'msw/node';
import { setupServer } from 'msw/node';
import { describe, expect, it } from 'vitest';
import * as sdk from '../index.js';
import * as contractEntry from '../contract/index.js';
import * as rules from '../rules/index.js';
import * as schemas from '../schemas/index.js';
import * as validation from '../validation/index.js';
import * as testing from './index.js';
import { product as fixtureProduct } from '../../test/fixtures.js';
import { webSessionHandlers } from '../../test/web-session-api.js';

const MODULES: Record<string, unknown> = {
  '@otc/sdk': sdk,
  '@otc/sdk/contract': contractEntry,
  '@otc/sdk/rules': rules,
  '@otc/sdk/schemas': schemas,
  '@otc/sdk/validation': validation,
  '@otc/sdk/testing': testing,
  msw,
  'msw/node': mswNode,
};

interface Block {
  heading: string;
  code: string;
}

/** The `ts` blocks of the README (```ts and ```ts doctest), each with the heading above it. */
function readmeBlocks(): Block[] {
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
  const blocks: Block[] = [];
  let heading = '';
  let code: string[] | null = null;
  for (const line of readme.split('\n')) {
    if (code) {
      if (line.startsWith('```')) {
        blocks.push({ heading, code: code.join('\n') });
        code = null;
      } else code.push(line);
    } else if (/^```ts(\s|$)/.test(line)) code = [];
    else if (/^#{1,4} /.test(line)) heading = line.replace(/^#+ /, '').trim();
  }
  return blocks;
}

/** Names a block declares at its top level (`const x`, `let x`, `const { a, b: c }`, `const [a]`). */
function declaredNames(code: string): string[] {
  const names = new Set<string>();
  for (const m of code.matchAll(/^(?:const|let|var)\s+(\{[^}]*\}|\[[^\]]*\]|[A-Za-z_$][\w$]*)/gm)) {
    const pattern = m[1] as string;
    if (pattern.startsWith('{') || pattern.startsWith('[')) {
      for (const part of pattern.slice(1, -1).split(',')) {
        const name = (part.includes(':') ? part.split(':')[1] : part)?.split('=')[0]?.trim();
        if (name && /^[A-Za-z_$][\w$]*$/.test(name)) names.add(name);
      }
    } else names.add(pattern);
  }
  return [...names];
}

/** Runs a block: imports from MODULES, free names from `scope`; answers what it declared. */
async function runBlock(code: string, scope: Record<string, unknown>): Promise<Record<string, unknown>> {
  const imports: string[] = [];
  const body = code.replace(
    /^import\s+(type\s+)?\{([\s\S]*?)\}\s*from\s*'([^']+)';?[^\n]*$/gm,
    (_whole, typeOnly: string | undefined, names: string, from: string) => {
      if (!(from in MODULES)) throw new Error(`README block imports an unknown module: ${from}`);
      if (typeOnly) return '';
      const bound = names
        .split(',')
        .map((n) => n.trim())
        .filter((n) => n && !n.startsWith('type '))
        .map((n) => n.replace(/\s+as\s+/, ': '));
      imports.push(`const { ${bound.join(', ')} } = __modules[${JSON.stringify(from)}];`);
      return '';
    },
  );
  const declared = declaredNames(body);
  const given = Object.keys(scope).filter((name) => !declared.includes(name));
  const source = [
    'async function __block(__modules, __scope) {',
    ...imports,
    given.length > 0 ? `let { ${given.join(', ')} } = __scope;` : '',
    body,
    `return { ${declared.join(', ')} };`,
    '}',
  ].join('\n');
  const { code: js } = await transform(source, { loader: 'ts', target: 'es2022' });
  const block = new Function(`${js}\nreturn __block;`)() as (
    modules: Record<string, unknown>,
    scope: Record<string, unknown>,
  ) => Promise<Record<string, unknown>>;
  return block(MODULES, scope);
}

const BASE = 'https://readme.test';

interface SetUp {
  scope: Record<string, unknown>;
  /** Checks on what the block declared. */
  check?: (declared: Record<string, unknown>, scope: Record<string, unknown>) => void;
  close: () => void;
}

/** The test shop listening on BASE, a signed-in client of a demo customer, and the usual names. */
async function defaultSetUp(options: testing.TestShopOptions = {}): Promise<SetUp & { shop: testing.TestShop }> {
  const { handlers, shop } = testing.createTestShop({ baseUrl: BASE, oneTimeCode: '123456', ...options });
  const server = setupServer(...handlers);
  server.listen({ onUnhandledRequest: 'error' });
  const storage = sdk.createMemoryStorage();
  const client = sdk.createClient({ baseUrl: BASE, tokens: storage, locale: 'en' });
  client.signIn(shop.tokensFor('s3.demo@example.com'));
  const me = await client.customer.me();
  const shown: string[] = [];
  const scope: Record<string, unknown> = {
    baseUrl: BASE,
    demoUrl: BASE,
    storage,
    client,
    me,
    settings: await client.settings.get(),
    home: me.addresses[0],
    product: (id: number) => catalogProduct(id, shop),
    showError: (text: string) => shown.push(text),
    shown,
    offline: sdk.createClient({
      baseUrl: BASE,
      tokens: sdk.createMemoryStorage(),
      fetch: () => Promise.reject(new TypeError('fetch failed')),
    }),
    declinedCard: '6035000000000002',
    approvedCard: '6035000000000001',
    ended: false,
  };
  return { scope, shop, close: () => server.close() };
}

/** A product as the catalog answers it (what a guest cart holds). */
function catalogProduct(id: number, shop: testing.TestShop): sdk.ProductSummary {
  const p = shop.state.products.find((x) => x.id === id);
  if (!p) throw new Error(`No product ${id} in the test shop`);
  const category = shop.state.categories.find((c) => c.id === p.categoryId);
  return {
    id: p.id,
    name: p.name.en,
    price: p.price,
    inStock: p.stock - p.reserved,
    status: p.status,
    brand: p.brand,
    manufacturer: p.manufacturer,
    categoryId: p.categoryId,
    categoryName: category?.name.en ?? '',
    mainImage: `/api/images/products/${p.id}.svg`,
  };
}

/** Per heading: the set-up a block needs and the checks of what it did. */
const SET_UPS: Record<string, () => Promise<SetUp>> = {
  // Written for the demo shop (demoUrl): here the test shop is the demo shop.
  'A whole purchase': async () => {
    const base = await defaultSetUp();
    return {
      ...base,
      check: (d) => {
        expect(d.verifying).toBe(true);
        expect(d.receipt).toMatch(/^\d{6}: \$\d+\.\d{2}$/);
        expect(d.merge).toMatchObject({ changed: true, promoCode: { code: 'Welcome10', applied: true } });
        expect((d.paid as sdk.PaymentAnswer).status).toBe(-5);
      },
    };
  },
  'Signing up': async () => {
    const base = await defaultSetUp();
    base.scope.client = sdk.createClient({ baseUrl: BASE, tokens: sdk.createMemoryStorage() });
    return {
      ...base,
      check: (d, scope) => {
        expect(d.sent).toEqual({ channel: 'email', resendIn: 60 });
        expect((scope.client as sdk.Client).isSignedIn()).toBe(true);
      },
    };
  },
  'The client': async () => {
    const base = await defaultSetUp({ seed: { customers: [{ email: 'ana@example.com', firstName: 'Ana' }] } });
    // The example signs in with the code '123456' and changes row 12 of order 41.
    const guest = sdk.createClient({ baseUrl: BASE, tokens: sdk.createMemoryStorage() });
    await guest.auth.requestCode('ana@example.com');
    const ana = sdk.createClient({ baseUrl: BASE, tokens: sdk.createMemoryStorage() });
    ana.signIn(base.shop.tokensFor('ana@example.com'));
    const draft = await ana.orders.prepareDraft();
    base.shop.state.orders.find((o) => o.id === draft.id)!.id = 41;
    delete base.scope.client;
    return {
      ...base,
      check: (d, scope) => {
        expect((d.me as sdk.Customer).firstName).toBe('Ana');
        expect((d.same as sdk.Customer).id).toBe((d.me as sdk.Customer).id);
        expect((d.draftAfter as sdk.OrderDraft).rows).toMatchObject([{ sku: { id: 12 }, amount: 2 }]);
        expect(scope.ended).toBe(false);
      },
    };
  },
  'The cart': async () => {
    const base = await defaultSetUp();
    return {
      ...base,
      check: (d) => {
        expect(d.merge).toMatchObject({ changed: true, added: [1, 2] });
        expect((d.cart as { count(): number }).count()).toBe(0);
      },
    };
  },
  Checkout: async () => {
    const base = await defaultSetUp();
    const client = base.scope.client as sdk.Client;
    await client.orders.addToDraft(4, 5);
    return {
      ...base,
      check: (d) => {
        expect((d.gate as { needsDelivery: boolean }).needsDelivery).toBe(true);
        expect((d.paid as sdk.PaymentAnswer).status).toBe(-5);
        expect(d.back).toMatchObject({ reloaded: true });
        expect((d.cancelled as sdk.OrderDetail).refund).toMatchObject({ amount: '32.45', code: 'trnsx' });
      },
    };
  },
  Errors: async () => {
    // The example's card is on another account; its profile update is refused with field codes.
    const base = await defaultSetUp({
      seed: {
        sandboxCards: [{ type: 'network', number: '6009123456789012', code: '123', behavior: 'approve', balanceCents: 100 }],
        customers: [{ email: 'holder@example.com', cards: ['6009123456789012'] }],
      },
    });
    return {
      ...base,
      check: (_d, scope) => {
        expect(scope.shown).toEqual([
          'Sorry, this card is already linked to another account',
          'Check your connection',
        ]);
      },
    };
  },
  // The block's web client sends with the global fetch, which keeps no cookies in Node (the test
  // shop's web session wants `cookieJarFetch`): the session-mode half runs against the fake of the
  // web session's protocol, which holds its one browser's cookies itself and answers a token pair
  // to a sign-in without the mode header.
  'Auth modes': async () => {
    const { state, handlers } = webSessionHandlers({}, BASE);
    const server = setupServer(...handlers);
    server.listen({ onUnhandledRequest: 'error' });
    const storage = sdk.createMemoryStorage();
    return {
      scope: { baseUrl: BASE, storage, product: fixtureProduct, page: { signedIn: false, csrfToken: null } },
      check: (d) => {
        if ('started' in d) {
          expect(d.started).toMatchObject({ session: 'cookie' });
          expect(d.joined).toMatchObject({ changed: true, added: [4] });
          expect(d.signedIn).toBe(true);
          expect(state.session).toBeNull();
          expect(storage.get('session-tokens')).toBeNull();
        } else {
          expect(d.pair).toMatchObject({ refresh_token: 'r1' });
          expect(storage.get('session-tokens')).not.toBeNull();
        }
      },
      close: () => server.close(),
    };
  },
  'The suggested basket and the allowance reminder': async () => {
    const base = await defaultSetUp();
    return {
      ...base,
      check: (d) => {
        const basket = d.basket as sdk.SuggestedBasket;
        expect(basket.empty).toBeNull();
        expect(basket.items.length).toBeGreaterThan(0);
        expect(d.headline).toBe(`${sdk.formatPrice(basket.allowanceLeft)} left to spend by ${basket.periodEndsAt}`);
        expect((d.lines as string[])[0]).toMatch(/^\d+ × .+: Popular with your plan$/);
        const draft = d.draft as sdk.OrderDraft;
        expect(draft.rows.map((row) => row.sku.id).sort()).toEqual(basket.items.map((row) => row.product.id).sort());
        expect(d.setting).toMatchObject({ reminders: 'email', daysBefore: 14 });
        expect(d.off).toMatchObject({ reminders: 'off' });
      },
    };
  },
  'The rules': async () => ({ ...(await defaultSetUp()), check: (d) => expect(d.merged).toBeDefined() }),
  // The block sets up its own server.
  'Testing without the API': async () => ({
    scope: {},
    check: (d) => {
      expect(d.declined).toBe('El número de tarjeta o el código no son correctos');
      expect((d.paid as sdk.PaymentAnswer).status).toBe(-5);
    },
    close: () => {},
  }),
};

describe('README examples against @otc/sdk/testing', () => {
  const blocks = readmeBlocks();

  it('finds the README blocks, the test shop one among them', () => {
    expect(blocks.length).toBeGreaterThanOrEqual(8);
    expect(blocks.map((b) => b.heading)).toContain('Testing without the API');
  });

  for (const [index, block] of blocks.entries()) {
    it(`runs block ${index + 1} (${block.heading})`, async () => {
      const setUp = await (SET_UPS[block.heading] ?? (() => defaultSetUp()))();
      try {
        const declared = await runBlock(block.code, setUp.scope);
        setUp.check?.(declared, setUp.scope);
      } finally {
        setUp.close();
      }
    });
  }
});
