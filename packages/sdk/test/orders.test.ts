import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createClient } from '../src/client/index.js';
import { ApiError, ValidationError } from '../src/errors/index.js';
import { createMemoryStorage } from '../src/storage/index.js';
import { BASE, draft, freshToken, product } from './fixtures.js';
import { server } from './msw-server.js';

function signedInClient(agentId?: string | (() => string | null)) {
  const client = createClient({ baseUrl: BASE, tokens: createMemoryStorage(), agentId });
  client.signIn({ token: freshToken(), refresh_token: 'r1' });
  return client;
}

type Row = { sku_id: number; amount: number };

describe('order helpers', () => {
  it('sends the agent id with prepare-draft, sku-amount, add and merge', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post(`${BASE}/api/order/prepare-draft`, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(draft(9));
      }),
      http.post(`${BASE}/api/order/draft/items`, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(draft(9, [{ sku_id: 4, amount: 1 }]));
      }),
      http.post(`${BASE}/api/order/draft/merge`, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({
          draft: draft(9),
          changed: false,
          added: [],
          raised: [],
          limited: [],
          dropped: [],
        });
      }),
      http.patch(`${BASE}/api/order/:id/sku-amount`, async ({ request, params }) => {
        bodies.push({ id: params.id, ...((await request.json()) as object) });
        return HttpResponse.json(draft(9, [{ sku_id: 4, amount: 2 }]));
      }),
    );
    const withAgent = signedInClient('agent-1');
    await withAgent.orders.prepareDraft();
    await withAgent.orders.setSkuAmount(9, 4, 2);
    await withAgent.orders.addToDraft(4, 1);
    await withAgent.orders.mergeIntoDraft([]);
    const withoutAgent = signedInClient(() => null);
    await withoutAgent.orders.prepareDraft();
    await withoutAgent.orders.addToDraft(4, 1);
    expect(bodies).toEqual([
      { agentId: 'agent-1' },
      { id: '9', sku_id: 4, amount: 2, agentId: 'agent-1' },
      { sku_id: 4, amount: 1, agentId: 'agent-1' },
      { rows: [], agentId: 'agent-1' },
      {},
      { sku_id: 4, amount: 1 },
    ]);
  });

  it('drops the rows a 422 names and retries the items update once', async () => {
    const sent: Row[][] = [];
    server.use(
      http.put(`${BASE}/api/order/:id/items`, async ({ request }) => {
        const { rows } = (await request.json()) as { rows: Row[] };
        sent.push(rows);
        if (sent.length === 1) {
          return HttpResponse.json(
            {
              message: 'Some rows are invalid',
              data: {
                'rows.0.amount': ['You cannot add more'],
                'rows.2.sku_id': ['Not available'],
              },
            },
            { status: 422 },
          );
        }
        return HttpResponse.json(draft(9, rows));
      }),
    );
    const client = signedInClient();
    const rows = [
      { sku_id: 1, amount: 50 },
      { sku_id: 2, amount: 1 },
      { sku_id: 3, amount: 1 },
      { sku_id: 4, amount: 2 },
    ];
    const result = await client.orders.updateItemsWithRetry(9, rows);
    expect(sent).toEqual([
      rows,
      [
        { sku_id: 2, amount: 1 },
        { sku_id: 4, amount: 2 },
      ],
    ]);
    expect(result.dropped).toEqual([
      { sku_id: 1, amount: 50 },
      { sku_id: 3, amount: 1 },
    ]);
    expect(result.draft.rows.map((r) => r.sku.id)).toEqual([2, 4]);
  });

  it('retries only once and rethrows a 422 that names no row', async () => {
    let calls = 0;
    server.use(
      http.put(`${BASE}/api/order/:id/items`, () => {
        calls += 1;
        return HttpResponse.json(
          {
            message: 'Invalid',
            data: calls === 1 ? { 'rows.0.amount': ['No'] } : { 'rows.0.amount': ['Still no'] },
          },
          { status: 422 },
        );
      }),
    );
    const client = signedInClient();
    const error = await client.orders
      .updateItemsWithRetry(9, [
        { sku_id: 1, amount: 1 },
        { sku_id: 2, amount: 1 },
      ])
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect(calls).toBe(2);

    calls = 10;
    server.use(
      http.put(`${BASE}/api/order/:id/items`, () => {
        calls += 1;
        return HttpResponse.json(
          { message: 'Invalid', data: { order: ['Closed'] } },
          { status: 422 },
        );
      }),
    );
    await expect(
      client.orders.updateItemsWithRetry(9, [{ sku_id: 1, amount: 1 }]),
    ).rejects.toBeInstanceOf(ValidationError);
    expect(calls).toBe(11);
  });

  it('reloads the draft when back-to-draft is answered 422 or 409 (no longer waiting)', async () => {
    let prepared = 0;
    server.use(
      http.patch(`${BASE}/api/order/:id/back-to-draft`, ({ params }) =>
        params.id === '5'
          ? HttpResponse.json(
              { message: 'Already paid', data: { status: ['Cannot change'] } },
              { status: 422 },
            )
          : params.id === '6'
            ? HttpResponse.json(draft(6))
            : params.id === '8'
              ? HttpResponse.json(
                  { message: 'Time over', code: 'order_payment_time_over' },
                  { status: 409 },
                )
              : HttpResponse.json({ message: 'Not found', code: 'not_found' }, { status: 404 }),
      ),
      http.post(`${BASE}/api/order/prepare-draft`, () => {
        prepared += 1;
        return HttpResponse.json(draft(12));
      }),
    );
    const client = signedInClient();
    await expect(client.orders.backToDraftOrReload(5)).resolves.toMatchObject({
      reloaded: true,
      draft: { id: 12 },
    });
    expect(prepared).toBe(1);
    await expect(client.orders.backToDraftOrReload(6)).resolves.toMatchObject({
      reloaded: false,
      draft: { id: 6 },
    });
    await expect(client.orders.backToDraftOrReload(8)).resolves.toMatchObject({
      reloaded: true,
      draft: { id: 12 },
    });
    expect(prepared).toBe(2);
    const missing = await client.orders.backToDraftOrReload(7).catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(ApiError);
    expect((missing as ApiError).code).toBe('not_found');
    expect(prepared).toBe(2);
  });

  it('merges the guest cart in ONE request: rows listed once, larger amount, no zero rows', async () => {
    const sent: unknown[] = [];
    let prepared = 0;
    const answer = {
      draft: draft(9, [
        { sku_id: 1, amount: 3 },
        { sku_id: 2, amount: 5 },
        { sku_id: 7, amount: 1 },
      ]),
      changed: true,
      added: [7],
      raised: [1],
      limited: [{ sku_id: 1, amount: 3, wanted: 4 }],
      dropped: [{ sku_id: 8, amount: 2, reason: 'product_not_found' }],
    };
    server.use(
      http.post(`${BASE}/api/order/prepare-draft`, () => {
        prepared += 1;
        return HttpResponse.json(draft(9));
      }),
      http.post(`${BASE}/api/order/draft/merge`, async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json(answer);
      }),
    );
    const client = signedInClient();
    const result = await client.orders.mergeIntoDraft([
      { product: product(1), amount: 3 },
      { product: product(2), amount: 1 },
      { sku_id: 1, amount: 4 },
      { sku_id: 7, amount: 1 },
      { sku_id: 9, amount: 0 },
      { sku_id: 8, amount: 2 },
    ]);
    expect(sent).toEqual([
      {
        rows: [
          { sku_id: 1, amount: 4 },
          { sku_id: 2, amount: 1 },
          { sku_id: 7, amount: 1 },
          { sku_id: 8, amount: 2 },
        ],
      },
    ]);
    expect(prepared).toBe(0);
    expect(result).toEqual(answer);
  });

  it('refuses a merge answer that breaks the contract', async () => {
    server.use(
      http.post(`${BASE}/api/order/draft/merge`, () =>
        HttpResponse.json({ draft: draft(9), changed: true, added: [], raised: [] }),
      ),
    );
    const client = signedInClient();
    await expect(client.orders.mergeIntoDraft([{ sku_id: 1, amount: 1 }])).rejects.toMatchObject({
      code: 'malformed_answer',
    });
  });

  it('refuses a malformed guest cart before any call (issue 8: it used to merge nothing)', async () => {
    let calls = 0;
    server.use(
      http.post(`${BASE}/api/order/draft/merge`, () => {
        calls += 1;
        return HttpResponse.json({});
      }),
    );
    const client = signedInClient();
    const malformed = [{ product: { name: 'no id' }, amount: 1 }] as unknown as Row[];
    await expect(client.orders.mergeIntoDraft(malformed)).rejects.toThrow(
      /mergeGuestCart: guest row 0 has no product id/,
    );
    expect(calls).toBe(0);
  });
});
