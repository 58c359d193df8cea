// The code of packages/sdk/README.md, run against a fake API. The README's code blocks are
// checked against this file line by line (see the last test), so the two cannot drift.
import { readFileSync } from 'node:fs';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  createClient,
  createGuestCart,
  createMemoryStorage,
  isApiError,
  SessionEndedError,
  ValidationError,
} from '../src/index.js';
import { mergeGuestCart } from '../src/rules/index.js';
import { customer, draft, freshToken, product } from './fixtures.js';
import { server } from './msw-server.js';

const baseUrl = 'https://shop.example';

describe('README examples', () => {
  it('creates a client, signs in and calls', async () => {
    const token = freshToken();
    server.use(
      http.post(`${baseUrl}/api/auth/code/verify`, () =>
        HttpResponse.json({ token, refresh_token: 'r1' }),
      ),
      http.get(`${baseUrl}/api/auth/me`, () => HttpResponse.json(customer)),
      http.patch(`${baseUrl}/api/order/:id/sku-amount`, () =>
        HttpResponse.json(draft(41, [{ sku_id: 12, amount: 2 }])),
      ),
    );
    const storage = createMemoryStorage();
    let ended = false;

    const client = createClient({
      baseUrl,
      tokens: storage, // createLocalStorage() in a browser
      locale: 'es',
      agentId: () => null,
      onSessionEnd: () => {
        ended = true; // e.g. send the user to /login
      },
    });

    await client.auth.verifyCode('ana@example.com', '123456'); // stores the tokens
    const me = await client.auth.me();
    const draftAfter = await client.orders.setSkuAmount(41, 12, 2);
    // Any contract row, by name:
    const same = await client.call('me');

    expect(me.firstName).toBe('Ana');
    expect(same.id).toBe(me.id);
    expect(draftAfter.rows[0]?.amount).toBe(2);
    expect(client.isSignedIn()).toBe(true);
    expect(ended).toBe(false);
  });

  it('handles errors', async () => {
    server.use(
      http.post(`${baseUrl}/api/insurance-card`, () =>
        HttpResponse.json(
          { message: 'Card already in system', code: 'card_already_in_system' },
          { status: 409 },
        ),
      ),
      http.patch(`${baseUrl}/api/customer/data`, () =>
        HttpResponse.json(
          { message: 'Invalid', data: { firstName: ['Required'] } },
          { status: 422 },
        ),
      ),
    );
    const client = createClient({ baseUrl, tokens: createMemoryStorage() });
    client.signIn({ token: freshToken(), refresh_token: 'r1' });
    const shown: string[] = [];
    const showError = (text: string) => shown.push(text);

    try {
      await client.cards.add({ type: 'network', number: '6009 1234 5678 9012', code: '123' });
    } catch (error) {
      if (isApiError(error, 'card_already_in_system'))
        showError('Sorry, this card is already linked to another account');
      else if (error instanceof SessionEndedError) showError('Please sign in again');
      else throw error;
    }

    try {
      await client.customer.update({ firstName: '' });
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      for (const [field, message] of Object.entries(error.fieldErrors))
        showError(`${field}: ${message}`);
    }

    expect(shown).toEqual([
      'Sorry, this card is already linked to another account',
      'firstName: Required',
    ]);
  });

  it('keeps a guest cart and merges it at sign-in', async () => {
    server.use(
      http.post(`${baseUrl}/api/order/prepare-draft`, () =>
        HttpResponse.json(draft(41, [{ sku_id: 1, amount: 1 }])),
      ),
      http.put(`${baseUrl}/api/order/:id/items`, async ({ request }) => {
        const { rows } = (await request.json()) as {
          rows: Array<{ sku_id: number; amount: number }>;
        };
        return HttpResponse.json(draft(41, rows));
      }),
    );
    const storage = createMemoryStorage();
    const client = createClient({ baseUrl, tokens: storage });
    client.signIn({ token: freshToken(), refresh_token: 'r1' });

    const cart = createGuestCart({ storage });
    await cart.add(product(1), 3);
    await cart.add(product(2));
    const merge = await client.orders.mergeGuestCartIntoDraft(cart.rows());
    if (merge.changed) await cart.clear(); // and show the "carts combined" notice

    expect(merge.raised).toEqual([1]);
    expect(merge.added).toEqual([2]);
    expect(cart.count()).toBe(0);
  });

  it('uses the rules on their own', () => {
    const merged = mergeGuestCart(
      [{ sku_id: 1, amount: 2 }],
      [
        { sku_id: 1, amount: 5 },
        { sku_id: 9, amount: 1 },
      ],
    );
    // merged.rows: [{ sku_id: 1, amount: 5 }, { sku_id: 9, amount: 1 }]

    expect(merged.rows).toEqual([
      { sku_id: 1, amount: 5 },
      { sku_id: 9, amount: 1 },
    ]);
    expect(merged.changed).toBe(true);
  });

  it('matches the code blocks of the README', () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    const source = readFileSync(new URL(import.meta.url), 'utf8')
      .split('\n')
      .map((line) => line.trim());
    const blocks = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1] as string);
    expect(blocks.length).toBeGreaterThanOrEqual(4);
    for (const block of blocks) {
      let from = 0;
      for (const raw of block.split('\n')) {
        const line = raw.trim();
        if (
          line === '' ||
          line.startsWith('import ') ||
          line.startsWith('} from ') ||
          line.startsWith('//!')
        )
          continue;
        const at = source.indexOf(line, from);
        expect(at, `README line not in the example file: ${line}`).toBeGreaterThanOrEqual(0);
        from = at + 1;
      }
    }
  });
});
