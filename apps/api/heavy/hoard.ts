/**
 * Heavy item (hd), the hoard of issue 32 (item 4), on two API processes of its own sharing the
 * suite's PostgreSQL and Redis, with a hold of seconds and a cooldown of seconds
 * (UNPAID_ORDER_MINUTES, HOLD_COOLDOWN_MINUTES fractions; a sweep every second). Before the fix a new
 * account placed one order of every unit in stock and renewed it at once.
 *
 * (hd1)  One new account tries to take every unit of P products: every unit (refused: the limit per
 *        item), then the limit of each (refused: the value), then what fits the value it may hold
 *        (placed). Meanwhile other shoppers buy: every one of them is served.
 * (hd10) Ten new accounts at once do the same while other shoppers buy: every shopper is served,
 *        no account holds more than its value or the limit per item, most units stay free.
 * (hdr)  The first account renews: back to the cart then place again at once keeps the hold's end;
 *        once it ended, placing again is refused (`hold_cooldown`, until when) and passes only after.
 */
import { toCents } from '@otc/sdk/rules';
import { HEAVY, fillCart, http, pool, setStock, sleep, startServer, type Customer, type ServerProcess } from './lib.js';
import type { OrderHoldsContext } from './order-holds.js';

/** The suite's database, Redis and helpers, as the hold items (l) and (m) take them. */
export type HoardContext = OrderHoldsContext;

const N = HEAVY ? { products: 40, stock: 100, shoppers: 60 } : { products: 16, stock: 100, shoppers: 16 };
/** The hold (s) outlasts the attack and the shoppers; the cooldown (s) after it is measured. */
const HOLD_S = HEAVY ? 90 : 60;
const COOLDOWN_S = 15;
const PAY_BY_BALANCE = { code: 'balance', input: {} };

interface Product {
  id: number;
  priceCents: number;
}

type Answer = Awaited<ReturnType<typeof http<Record<string, unknown>>>>;

export function hoardItems(ctx: HoardContext) {
  const { sql } = ctx;
  let pair: ServerProcess[] | undefined;

  async function servers() {
    if (!pair) {
      const env = {
        DATABASE_URL: ctx.dbUrl,
        REDIS_URL: ctx.redisUrl,
        UNPAID_ORDER_MINUTES: String(HOLD_S / 60),
        HOLD_COOLDOWN_MINUTES: String(COOLDOWN_S / 60),
        HOLD_SWEEP_SECONDS: '1',
        PAYMENT_METHODS: 'trnsx,prohealth,nationsbenefits,balance',
      };
      pair = await Promise.all([startServer('hoard1', env), startServer('hoard2', env)]);
    }
    return pair.map((server) => server.base);
  }

  /** Shoppers who pay from a store balance (no card is checked; their value bound never binds). */
  async function shoppers(bases: string[], count: number, tag: string) {
    const made = await ctx.customers(bases, count, tag);
    await sql`UPDATE customers SET balance_cents = 100000000
      WHERE id IN (SELECT customer_id FROM emails WHERE address IN ${sql(made.map((m) => m.login.toLowerCase()))})`;
    return made;
  }

  /**
   * An attacker's whole try, as a new account can: every unit of every product, then the limit per
   * item it was told, then the rows that fit the value it was told (in catalogue order, units free
   * now). Answers each step's answer and what it placed.
   */
  async function hoard(base: string, attacker: Customer, products: Product[]) {
    const draft = await http<{ id: number }>(base, 'POST', '/api/order/prepare-draft', { token: attacker.token, body: {} });
    const id = draft.body.id;
    const put = (rows: { sku_id: number; amount: number }[]) =>
      http(base, 'PUT', `/api/order/${id}/items`, { token: attacker.token, body: { rows } });
    const place = () => http(base, 'PATCH', `/api/order/${id}/complete`, { token: attacker.token });
    const steps: Answer[] = [];
    steps.push(await put(products.map((p) => ({ sku_id: p.id, amount: N.stock }))));
    const max = Number((steps[0]!.body.params as { max?: number } | undefined)?.max ?? N.stock);
    await http(base, 'PUT', '/api/order/delivery', { token: attacker.token, body: { addressId: attacker.addressId } });
    const free = async () =>
      new Map(
        (await sql<{ id: number; free: number }[]>`SELECT id, stock - reserved AS free FROM products WHERE id IN ${sql(products.map((p) => p.id))}`).map(
          (r) => [r.id, r.free],
        ),
      );
    let units = await free();
    steps.push(await put(products.flatMap((p) => (units.get(p.id)! > 0 ? [{ sku_id: p.id, amount: Math.min(max, units.get(p.id)!) }] : []))));
    steps.push(await place());
    // The bound as the refusal tells it ("$250.00").
    const limit = toCents(String((steps.at(-1)!.body.params as { limit?: string } | undefined)?.limit ?? '0').replace(/[$,]/g, ''));
    // What fits the value told, taken from the first products on (several tries: others take units meanwhile).
    for (let attempt = 0; attempt < 3; attempt += 1) {
      units = await free();
      let left = limit;
      const rows: { sku_id: number; amount: number }[] = [];
      for (const p of products) {
        const amount = Math.min(max, units.get(p.id)!, Math.floor(left / p.priceCents));
        if (amount <= 0) continue;
        rows.push({ sku_id: p.id, amount });
        left -= amount * p.priceCents;
      }
      steps.push(await put(rows));
      const placed = await place();
      steps.push(placed);
      if (placed.status === 200) break;
    }
    const [held] = await sql<{ cents: number; units: number; most: number }[]>`
      SELECT coalesce(sum(r.amount * r.unit_price_cents), 0)::int AS cents, coalesce(sum(r.amount), 0)::int AS units,
             coalesce(max(r.amount), 0)::int AS most
      FROM orders o JOIN order_rows r ON r.order_id = o.id
      WHERE o.id = ${id} AND o.status = -10`;
    return { id, max, limit, steps, held: held! };
  }

  /** One unit of a product with units free now (the shopper looks again when refused), paid. */
  async function buy(base: string, shopper: Customer, products: Product[], seed: number) {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const [pick] = await sql<{ id: number }[]>`
        SELECT id FROM products WHERE id IN ${sql(products.map((p) => p.id))} AND stock - reserved > 0
        ORDER BY (id * 7919 + ${seed + attempt * 104729}) % 1000003 LIMIT 1`;
      if (!pick) return 'none left';
      // Taken meanwhile (422 cannot_add_more): the shopper looks again, as at a shelf.
      const orderId = await fillCart(base, shopper, pick.id, 1).catch(() => null);
      if (orderId === null) continue;
      const placed = await http(base, 'PATCH', `/api/order/${orderId}/complete`, { token: shopper.token });
      if (placed.status !== 200) continue;
      const paid = await http(base, 'POST', `/api/order/${orderId}/pay`, { token: shopper.token, body: PAY_BY_BALANCE });
      return paid.status === 200 ? 'bought' : `pay ${paid.status}`;
    }
    return 'refused 5 times';
  }

  async function freeShare(products: Product[]) {
    const [row] = await sql<{ free: number; total: number }[]>`
      SELECT sum(stock - reserved)::int AS free, sum(stock)::int AS total FROM products WHERE id IN ${sql(products.map((p) => p.id))}`;
    return row!;
  }

  async function itemHoard() {
    const bases = await servers();
    const products = (
      await sql<{ id: number; price_cents: number }[]>`
        SELECT id, price_cents FROM products WHERE status IS NULL ORDER BY price_cents, id LIMIT ${N.products}`
    ).map((row) => ({ id: row.id, priceCents: row.price_cents }));
    for (const product of products) await setStock(bases[0]!, product.id, N.stock);
    const units = N.products * N.stock;

    // (hd1) one new account, others buying at the same time.
    const [attacker] = await ctx.customers(bases, 1, 'hd1');
    const buyers1 = await shoppers(bases, N.shoppers, 'hd1b');
    const [one, bought1] = await Promise.all([
      hoard(bases[0]!, attacker!, products),
      pool(buyers1, 6, (buyer, i) => buy(bases[i % 2]!, buyer, products, i)),
    ]);
    const codes1 = one.steps.map((step) => `${step.status} ${String(step.body.code ?? 'ok')}`);
    const served1 = bought1.filter((b) => b === 'bought').length;
    const afterOne = await freeShare(products);
    const ok1 =
      one.steps[0]!.body.code === 'max_units_per_item' &&
      one.steps[2]!.body.code === 'hold_value_exceeded' &&
      one.steps.at(-1)!.status === 200 &&
      one.held.cents <= one.limit &&
      one.held.most <= one.max &&
      served1 === buyers1.length;
    ctx.record(
      '(hd1) one new account hoards',
      `a new account tried ${units} units of ${N.products} products (${(products.reduce((n, p) => n + p.priceCents * N.stock, 0) / 100).toFixed(2)} $): ` +
        `answers ${codes1.join(', ')}; it holds ${one.held.units} units (${(one.held.cents / 100).toFixed(2)} $ of a ${(one.limit / 100).toFixed(2)} $ bound, ` +
        `at most ${one.held.most} of one item, limit ${one.max}) = ${((100 * one.held.units) / units).toFixed(1)} % of the units (before issue 32: 100 %); ` +
        `${served1} of ${buyers1.length} other shoppers bought meanwhile; ${afterOne.free} of ${afterOne.total} units free after`,
      ok1,
    );

    // (hdr, first half) renewed at once: back to the cart, then placed again at once.
    const [before] = await sql<{ until: Date }[]>`SELECT payable_until AS until FROM orders WHERE id = ${one.id}`;
    const back = await http(bases[1]!, 'PATCH', `/api/order/${one.id}/back-to-draft`, { token: attacker!.token });
    const renewed = await http(bases[0]!, 'PATCH', `/api/order/${one.id}/complete`, { token: attacker!.token });
    const [after] = await sql<{ until: Date }[]>`SELECT payable_until AS until FROM orders WHERE id = ${one.id}`;

    // (hd10) ten new accounts at once, other shoppers buying at the same time.
    const attackers = await ctx.customers(bases, 10, 'hd10');
    const buyers10 = await shoppers(bases, N.shoppers, 'hd10b');
    const [ten, bought10] = await Promise.all([
      Promise.all(attackers.map((a, i) => hoard(bases[i % 2]!, a, products))),
      pool(buyers10, 6, (buyer, i) => buy(bases[(i + 1) % 2]!, buyer, products, 1000 + i)),
    ]);
    const served10 = bought10.filter((b) => b === 'bought').length;
    const heldUnits = ten.reduce((n, h) => n + h.held.units, 0);
    const heldCents = ten.reduce((n, h) => n + h.held.cents, 0);
    const placed10 = ten.filter((h) => h.steps.at(-1)!.status === 200).length;
    const afterTen = await freeShare(products);
    const onSale = (await sql<{ n: number }[]>`
      SELECT count(*)::int AS n FROM products WHERE id IN ${sql(products.map((p) => p.id))} AND stock - reserved > 0`)[0]!.n;
    const ok10 =
      served10 === buyers10.length && placed10 > 0 && ten.every((h) => h.held.cents <= h.limit && h.held.most <= h.max);
    ctx.record(
      '(hd10) ten new accounts hoard at once',
      `10 new accounts at once, each trying every unit: ${placed10} placed, holding ${heldUnits} units (${(heldCents / 100).toFixed(2)} $, ` +
        `each ≤ its ${(ten[0]!.limit / 100).toFixed(2)} $ bound and ≤ ${ten[0]!.max} of one item); ${served10} of ${buyers10.length} other shoppers bought meanwhile ` +
        `(${ctx.tally(bought10.map((b) => (b === 'bought' ? 200 : 422)))}); ${afterTen.free} of ${afterTen.total} units free, ${onSale} of ${N.products} products on sale`,
      ok10,
    );

    // (hdr) the first account's hold ends; placing again waits the cooldown.
    const end = new Date(after!.until).getTime();
    while (Date.now() < end + 1500) await sleep(250);
    // The sweep (every second) or the customer's own read brings it back to the cart.
    await http(bases[0]!, 'POST', '/api/order/prepare-draft', { token: attacker!.token, body: {} });
    const endedAt = Date.now();
    const refused = await http(bases[1]!, 'PATCH', `/api/order/${one.id}/complete`, { token: attacker!.token });
    const until = Date.parse(String((refused.body.params as { until?: string } | undefined)?.until ?? ''));
    let again: Answer = refused;
    let tries = 0;
    while (again.status !== 200 && tries < 120) {
      await sleep(500);
      tries += 1;
      again = await http(bases[tries % 2]!, 'PATCH', `/api/order/${one.id}/complete`, { token: attacker!.token });
    }
    const placedAgainAt = Date.now();
    const [newHold] = await sql<{ until: Date }[]>`SELECT payable_until AS until FROM orders WHERE id = ${one.id} AND status = -10`;
    const okR =
      back.status === 200 &&
      renewed.status === 200 &&
      new Date(after!.until).getTime() === new Date(before!.until).getTime() &&
      refused.body.code === 'hold_cooldown' &&
      Number.isFinite(until) &&
      until >= end + COOLDOWN_S * 1000 - 1000 &&
      again.status === 200 &&
      placedAgainAt >= until &&
      newHold !== undefined;
    ctx.record(
      '(hdr) a renewed hold waits',
      `back to the cart then placed again at once: ${back.status}, ${renewed.status}, hold end moved ${((new Date(after!.until).getTime() - new Date(before!.until).getTime()) / 1000).toFixed(1)} s (not renewed); ` +
        `${((endedAt - end) / 1000).toFixed(1)} s after it ended: ${refused.status} ${String(refused.body.code)} (minutes ${String((refused.body.params as { minutes?: number } | undefined)?.minutes)}, until +${((until - end) / 1000).toFixed(1)} s); ` +
        `placed again ${((placedAgainAt - end) / 1000).toFixed(1)} s after the end (cooldown ${COOLDOWN_S} s), a new hold of ${newHold ? ((new Date(newHold.until).getTime() - placedAgainAt) / 1000).toFixed(0) : '-'} s`,
      okR,
    );
  }

  return {
    itemHoard,
    async stop() {
      if (!pair) return;
      await Promise.all(pair.map((server) => server.stop('SIGTERM')));
      pair = undefined;
    },
  };
}
