/**
 * Smoke test of a RUNNING API through the SDK client (`pnpm --filter @otc/api smoke`):
 * code sign-in through the development outbox, me, prepare-draft, sku-amount, recalculate,
 * Welcome10, delivery address, complete, pay with a sandbox card, the order in the list.
 *
 *   SMOKE_URL=http://localhost:3999 pnpm --filter @otc/api smoke
 *
 * Environment: SMOKE_URL (default http://localhost:3000), SMOKE_LOGIN (default the demo
 * customer network.demo@example.com), SMOKE_CARD (default the approving sandbox network card).
 * Prints each step; exits non-zero on the first failure.
 */
import { createClient, createMemoryStorage, type OrderDraft } from '@otc/sdk';
import { toCents } from '@otc/sdk/rules';

const baseUrl = (process.env.SMOKE_URL ?? 'http://localhost:3000').replace(/\/$/, '');
const login = process.env.SMOKE_LOGIN ?? 'network.demo@example.com';
const card = process.env.SMOKE_CARD ?? '6035 0000 0000 0001';
const started = Date.now();

async function step<T>(name: string, run: () => Promise<T>, show?: (value: T) => string): Promise<T> {
  const at = Date.now();
  try {
    const value = await run();
    console.log(`ok   ${name}${show ? `: ${show(value)}` : ''} (${Date.now() - at} ms)`);
    return value;
  } catch (error) {
    console.error(`FAIL ${name}: ${error instanceof Error ? error.message : String(error)}`);
    const data = (error as { data?: unknown }).data;
    if (data) console.error(JSON.stringify(data));
    process.exit(1);
  }
}

function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

async function main() {
  console.log(`smoke against ${baseUrl} as ${login}`);
  const client = createClient({ baseUrl, tokens: createMemoryStorage(), locks: null, agentId: 'smoke' });

  await step('request a sign-in code', () => client.auth.requestCode(login));
  const code = await step('read the code from the dev outbox', async () => {
    const res = await fetch(`${baseUrl}/api/dev/outbox?to=${encodeURIComponent(login)}`);
    check(res.ok, `outbox answered ${res.status}`);
    const body = (await res.json()) as { messages: { code: string | null }[] };
    const found = body.messages.find((m) => m.code)?.code;
    check(found, 'no code in the outbox');
    return found;
  });
  await step('verify the code', () => client.auth.verifyCode(login, code), () => 'signed in');
  const me = await step('me', () => client.auth.me(), (c) => `${c.name}, plan ${c.insurancePlan?.code ?? '-'}`);
  const address = me.addresses[0];
  check(address, 'the customer has no address');

  let draft = await step('prepare-draft', () => client.orders.prepareDraft(), (d) => `order ${d.id}`);
  if (draft.rows.length > 0) {
    draft = await step('empty the draft', () =>
      client.call('setItems', { params: { id: draft.id }, body: { rows: [] } }),
    );
  }
  const minimumCents = toCents((await client.settings.get()).minimumOrder);

  // Fill the draft with orderable items until the subtotal reaches the minimum.
  draft = await step('sku-amount', async () => {
    let current: OrderDraft = draft;
    for (let sku = 1; sku <= 200 && toCents(current.totals.subtotal) < minimumCents; sku += 1) {
      let next: OrderDraft;
      try {
        next = await client.orders.setSkuAmount(current.id, sku, 1);
      } catch {
        continue;
      }
      const row = next.rows.find((r) => r.sku.id === sku);
      if (!row || row.badReasonCode !== null) {
        current = await client.orders.setSkuAmount(current.id, sku, 0);
        continue;
      }
      const missing = minimumCents - toCents(current.totals.subtotal);
      const wanted = Math.min(row.sku.inStock, Math.max(1, Math.ceil((missing * 1.2) / toCents(row.sku.price))));
      current = wanted > 1 ? await client.orders.setSkuAmount(current.id, sku, wanted) : next;
    }
    check(toCents(current.totals.subtotal) >= minimumCents, 'could not reach the minimum order');
    return current;
  }, (d) => `${d.rows.length} rows, subtotal ${d.totals.subtotal}`);

  await step('recalculate', () => client.orders.recalculate(draft.id), (d) => {
    check(d.rows.every((r) => r.badReasonCode === null), 'a row has a bad reason code');
    return `total ${d.totals.total}`;
  });
  const promo = await step('promo code Welcome10', () => client.orders.setPromoCode(draft.id, 'Welcome10'), (d) => {
    check(toCents(d.totals.discount) > 0, 'no discount');
    return `discount ${d.totals.discount}, total ${d.totals.total}`;
  });
  await step('delivery address', () => client.orders.setDelivery(address.id), (d) => {
    check(d.deliveryAddress?.id === address.id, 'delivery address not set');
    return `${address.city}, ${address.state}`;
  });
  const placed = await step('complete', () => client.orders.complete(draft.id), (d) => {
    check(d.status === -10, `status ${d.status}`);
    return `waiting for payment, ${d.price}`;
  });
  check(placed.price === promo.price, 'the placed total differs from the estimate');
  const paid = await step('pay with a sandbox card', () => client.orders.pay(draft.id, { code: 'trnsx', input: { card } }), (p) => {
    check(p.status === -5, `status ${p.status}`);
    return `order #${p.number} paid ${p.amount} by ${p.paidBy}, status ${p.status}`;
  });
  await step('pay again charges nothing', () => client.orders.pay(draft.id, { code: 'trnsx', input: { card } }), (p) => {
    check(p.number === paid.number && p.amount === paid.amount, 'second pay answered differently');
    return 'same answer';
  });
  await step('order in the list', () => client.orders.list(), (list) => {
    const found = list.items.find((o) => o.id === draft.id);
    check(found, 'the order is not in the list');
    return `#${found.number} ${found.total}, ${list.total} orders`;
  });
  await step('order detail', () => client.orders.get(draft.id), (o) => `${o.products.length} products, ${o.events.length} events`);
  console.log(`smoke passed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
