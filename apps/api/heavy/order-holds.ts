/**
 * Heavy items (l) and (m), the order's hold (issue 16), on two API processes of their own that
 * share the suite's PostgreSQL database and Redis with a hold of seconds (UNPAID_ORDER_MINUTES is a
 * fraction here) and a sweep every second; the suite's two main processes (30-minute holds, their
 * own sweep timers) run beside them on the same database, so up to four processes sweep at once.
 *
 * (l) N shoppers over S units: W of them place and walk away (at most S can place: they hold every
 *     unit), the others are refused while the hold lasts; once it ends every held order goes back
 *     to its cart and every unit is back (released once: the sampler never sees fewer than 0
 *     free), then the others check out at once and exactly S units are sold, 0 oversold.
 * (m) One customer completes an order of every product, one after the other: the first is placed,
 *     every other answers 409 `unpaid_order_exists` (the customer never has more than one unpaid
 *     order); meanwhile the shop sells every other product to others, and once the hold ends the
 *     held product's units are back and sold to others too.
 */
import {
  HEAVY,
  fillCart,
  http,
  pickProduct,
  pool,
  setStock,
  sleep,
  startServer,
  type Customer,
  type ServerProcess,
  type freshPostgres,
} from './lib.js';

type Sql = Awaited<ReturnType<typeof freshPostgres>>['sql'];

export interface OrderHoldsContext {
  sql: Sql;
  /** The suite's database and Redis (the hold processes join them). */
  dbUrl: string;
  redisUrl: string;
  /** Registered customers with an address, made over `bases` (the suite's own helper). */
  customers: (bases: string[], count: number, tag: string) => Promise<Customer[]>;
  record: (item: string, figure: string, ok: boolean) => void;
  tally: (statuses: number[]) => string;
}

/**
 * Full: a hold of 1 minute (the hoarder's ~500 sequential completes take 10-30 s and must end inside
 * it); quick: 12 s.
 */
const N = HEAVY
  ? { shoppers: 200, stock: 20, walkers: 50, holdMinutes: 1, hoarderProducts: Number.POSITIVE_INFINITY, buyers: 40, heldBuyers: 10 }
  : { shoppers: 20, stock: 3, walkers: 5, holdMinutes: 0.2, hoarderProducts: 40, buyers: 8, heldBuyers: 4 };
const HOLD_MS = N.holdMinutes * 60_000;
/** Balance payments: no card is checked (card proofs have their own item), and pays never decline. */
const PAY_BY_BALANCE = { code: 'balance', input: {} };
const SWEEP_NOTE = 'payment time over: back to the cart';

/** The customers' ids (by their registration e-mail). */
async function idsOf(sql: Sql, shoppers: Customer[]): Promise<Map<string, number>> {
  const rows = await sql<{ id: number; address: string }[]>`
    SELECT customer_id AS id, address FROM emails WHERE address IN ${sql(shoppers.map((s) => s.login.toLowerCase()))}`;
  return new Map(rows.map((row) => [row.address, row.id]));
}

/** Reads stock − reserved of a product every few ms while `work` runs: the lowest seen. */
async function sampled<T>(sql: Sql, productId: number, work: () => Promise<T>) {
  let sampling = true;
  let lowest = Number.POSITIVE_INFINITY;
  let samples = 0;
  const sampler = (async () => {
    while (sampling) {
      const [row] = await sql<{ stock: number; reserved: number }[]>`SELECT stock, reserved FROM products WHERE id = ${productId}`;
      lowest = Math.min(lowest, row!.stock - row!.reserved, row!.stock, row!.reserved);
      samples += 1;
      await sleep(5);
    }
  })();
  try {
    return { result: await work(), lowest: () => lowest, samples: () => samples };
  } finally {
    sampling = false;
    await sampler;
  }
}

/** Waits until `done()` holds (or `timeoutMs` passed); answers the ms waited. */
async function waitFor(done: () => Promise<boolean>, timeoutMs: number) {
  const start = Date.now();
  while (!(await done())) {
    if (Date.now() - start > timeoutMs) break;
    await sleep(50);
  }
  return Date.now() - start;
}

export function orderHoldItems(ctx: OrderHoldsContext) {
  let pair: ServerProcess[] | undefined;
  const { sql } = ctx;

  async function servers() {
    if (!pair) {
      const env = {
        DATABASE_URL: ctx.dbUrl,
        REDIS_URL: ctx.redisUrl,
        UNPAID_ORDER_MINUTES: String(N.holdMinutes),
        HOLD_SWEEP_SECONDS: '1',
        PAYMENT_METHODS: 'trnsx,prohealth,nationsbenefits,balance',
        // (m)'s customer holds every unit of a product in one order: the limit per item (issue
        // 32, measured by heavy/hoard.ts) is lifted here so (m) still measures one unpaid order.
        MAX_UNITS_PER_ITEM: '100000',
      };
      pair = await Promise.all([startServer('holds1', env), startServer('holds2', env)]);
      // Every balance payment of these items fits.
      await sql`UPDATE customers SET balance_cents = 100000000`;
    }
    return pair.map((server) => server.base);
  }

  async function shoppersWithBalance(bases: string[], count: number, tag: string) {
    const made = await ctx.customers(bases, count, tag);
    const ids = await idsOf(sql, made);
    await sql`UPDATE customers SET balance_cents = 100000000 WHERE id IN ${sql([...ids.values()])}`;
    return { made, ids };
  }

  async function place(base: string, shopper: Customer, orderId: number) {
    return http(base, 'PATCH', `/api/order/${orderId}/complete`, { token: shopper.token });
  }

  async function pay(base: string, shopper: Customer, orderId: number) {
    return http(base, 'POST', `/api/order/${orderId}/pay`, { token: shopper.token, body: PAY_BY_BALANCE });
  }

  // --- (l) shoppers who place and walk away ------------------------------------------------------
  async function itemL() {
    const bases = await servers();
    const product = await pickProduct(bases[0]!, 6);
    await setStock(bases[0]!, product.id, 1_000_000);
    const { made: shoppers } = await shoppersWithBalance(bases, N.shoppers, 'l');
    const walkers = shoppers.slice(0, N.walkers);
    const others = shoppers.slice(N.walkers);
    const orderIds = await pool(shoppers, 6, (shopper, i) => fillCart(bases[i % 2]!, shopper, product.id, 1));
    await setStock(bases[0]!, product.id, N.stock);
    const base = (i: number) => bases[i % 2]!;

    const run = await sampled(sql, product.id, async () => {
      // The walkers place at once and never pay.
      const walked = await Promise.all(walkers.map((walker, i) => place(base(i), walker, orderIds[i]!)));
      const [hold] = await sql<{ until: Date | null; placed: number }[]>`
        SELECT max(o.payable_until) AS until, count(*)::int AS placed FROM orders o JOIN order_rows r ON r.order_id = o.id
        WHERE r.sku_id = ${product.id} AND o.status = -10`;
      // Everyone else, while the hold lasts: nothing is left to place.
      const during = await Promise.all(others.map((other, i) => place(base(i), other, orderIds[N.walkers + i]!)));
      const duringEnded = Date.now();
      const holdEnd = hold!.until ? new Date(hold!.until).getTime() : 0;
      // Then the hold ends: every held order goes back to its cart (the processes' sweeps).
      const waited = await waitFor(async () => {
        const [left] = await sql<{ n: number }[]>`
          SELECT count(*)::int AS n FROM orders o JOIN order_rows r ON r.order_id = o.id WHERE r.sku_id = ${product.id} AND o.status = -10`;
        return left!.n === 0 && Date.now() >= holdEnd;
      }, HOLD_MS + 60_000);
      const releasedAfterMs = Date.now() - holdEnd;
      const [back] = await sql<{ stock: number; reserved: number }[]>`SELECT stock, reserved FROM products WHERE id = ${product.id}`;
      const [events] = await sql<{ orders: number; events: number }[]>`
        SELECT count(DISTINCT e.order_id)::int AS orders, count(*)::int AS events FROM order_events e
        JOIN order_rows r ON r.order_id = e.order_id WHERE r.sku_id = ${product.id} AND e.note = ${SWEEP_NOTE}`;
      // Now the others check out at once.
      const after = await Promise.all(
        others.map(async (other, i) => {
          const placed = await place(base(i), other, orderIds[N.walkers + i]!);
          const paid = placed.status === 200 ? await pay(base(i + 1), other, orderIds[N.walkers + i]!) : undefined;
          return { placed, paid };
        }),
      );
      return { walked, hold: hold!, during, duringEnded, holdEnd, waited, releasedAfterMs, back: back!, events: events!, after };
    });
    const r = run.result;
    const [end] = await sql<{ stock: number; reserved: number }[]>`SELECT stock, reserved FROM products WHERE id = ${product.id}`;
    const [sold] = await sql<{ orders: number; units: number }[]>`
      SELECT count(*)::int AS orders, coalesce(sum(r.amount), 0)::int AS units FROM orders o JOIN order_rows r ON r.order_id = o.id
      WHERE r.sku_id = ${product.id} AND o.status IN (-5, 1)`;
    const walkedPlaced = r.walked.filter((a) => a.status === 200).length;
    const duringPlaced = r.during.filter((a) => a.status === 200).length;
    const afterPaid = r.after.filter((a) => a.paid?.status === 200).length;
    const oversold = Math.max(0, sold!.units - N.stock);
    const fiveXx = [...r.walked, ...r.during, ...r.after.map((a) => a.placed), ...r.after.flatMap((a) => (a.paid ? [a.paid] : []))].filter(
      (a) => a.status >= 500,
    ).length;
    const ok =
      walkedPlaced === N.stock &&
      r.hold.placed === N.stock &&
      duringPlaced === 0 &&
      r.duringEnded < r.holdEnd &&
      r.back.reserved === 0 &&
      r.back.stock === N.stock &&
      r.events.orders === N.stock &&
      r.events.events === N.stock &&
      afterPaid === N.stock &&
      sold!.units === N.stock &&
      oversold === 0 &&
      end!.stock === 0 &&
      end!.reserved === 0 &&
      run.lowest() >= 0 &&
      fiveXx === 0;
    ctx.record(
      '(l) placed and walked away',
      `${N.shoppers} shoppers over ${N.stock} units, hold ${HOLD_MS / 1000} s on 2 processes (+2 sweeping with 30 min): ${N.walkers} place and walk away ` +
        `(place ${ctx.tally(r.walked.map((a) => a.status))}: ${walkedPlaced} hold every unit); the other ${others.length} during the hold: ` +
        `place ${ctx.tally(r.during.map((a) => a.status))}; hold ended → all ${r.events.orders} held orders back in their carts ` +
        `${(r.releasedAfterMs / 1000).toFixed(1)} s after (${r.events.events} releases, stock ${r.back.stock}, reserved ${r.back.reserved}); ` +
        `then ${afterPaid} of ${others.length} checkouts paid, ${sold!.units} units sold, oversold ${oversold}; ` +
        `lowest free/reserved seen ${run.lowest()} over ${run.samples()} samples; end stock ${end!.stock}, reserved ${end!.reserved}; 5xx ${fiveXx}`,
      ok,
    );
  }

  // --- (m) one customer completing every product ---------------------------------------------
  async function itemM() {
    const bases = await servers();
    const all = await sql<{ id: number; free: number }[]>`
      SELECT id, stock - reserved AS free FROM products WHERE status IS NULL AND stock - reserved > 0 ORDER BY id`;
    const targets = all.slice(0, Number.isFinite(N.hoarderProducts) ? N.hoarderProducts : all.length);
    const { made, ids } = await shoppersWithBalance(bases, 1 + N.buyers + N.heldBuyers, 'm');
    const [hoarder, ...rest] = made;
    const buyers = rest.slice(0, N.buyers);
    const heldBuyers = rest.slice(N.buyers);
    const hoarderId = ids.get(hoarder!.login.toLowerCase())!;

    // How many unpaid orders the hoarder has, sampled all along.
    let sampling = true;
    let mostUnpaid = 0;
    const sampler = (async () => {
      while (sampling) {
        const [row] = await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM orders WHERE customer_id = ${hoarderId} AND status = -10`;
        mostUnpaid = Math.max(mostUnpaid, row!.n);
        await sleep(10);
      }
    })();

    const started = Date.now();
    const answers: number[] = [];
    const codes: string[] = [];
    let firstHoldAt = 0;
    for (const [i, target] of targets.entries()) {
      // Every try, and the other shoppers' turn after them, must meet the first hold still running:
      // on a slow machine the 40 tries of the quick suite outlast its 12 s hold, and a try after the
      // hold ended rightly places again. CI at b02c5fe: tries for 9 s left 3 s, too few for the others.
      if (firstHoldAt && Date.now() - firstHoldAt > HOLD_MS * 0.4) break;
      const draft = await http<{ id: number }>(bases[i % 2]!, 'POST', '/api/order/prepare-draft', { token: hoarder!.token, body: {} });
      const id = draft.body.id;
      await http(bases[i % 2]!, 'PUT', `/api/order/${id}/items`, { token: hoarder!.token, body: { rows: [{ sku_id: target.id, amount: target.free }] } });
      if (i === 0) await http(bases[0]!, 'PUT', '/api/order/delivery', { token: hoarder!.token, body: { addressId: hoarder!.addressId } });
      const placed = await http<{ code?: string }>(bases[i % 2]!, 'PATCH', `/api/order/${id}/complete`, { token: hoarder!.token });
      answers.push(placed.status);
      codes.push(placed.body?.code ?? '');
      if (placed.status === 200 && !firstHoldAt) firstHoldAt = Date.now();
    }
    const attackMs = Date.now() - started;
    const tried = answers.length;
    const held = targets[0]!;
    const [hold] = await sql<{ until: Date }[]>`
      SELECT payable_until AS until FROM orders WHERE customer_id = ${hoarderId} AND status = -10 ORDER BY payable_until DESC LIMIT 1`;
    const holdEnd = hold ? new Date(hold.until).getTime() : 0;

    // During the hold: others buy the other products (one unit each) and try the held one.
    const others = targets.slice(1);
    const during = await Promise.all(
      buyers.map(async (buyer, i) => {
        const product = others[i % others.length]!;
        const orderId = await fillCart(bases[i % 2]!, buyer, product.id, 1);
        const placed = await place(bases[i % 2]!, buyer, orderId);
        return placed.status === 200 ? (await pay(bases[(i + 1) % 2]!, buyer, orderId)).status : placed.status;
      }),
    );
    const heldOrders = await pool(heldBuyers, 4, (buyer, i) => fillCart(bases[i % 2]!, buyer, held.id, 1).catch(() => 0));
    const heldDuring = await Promise.all(
      heldBuyers.map((buyer, i) => (heldOrders[i] ? place(bases[i % 2]!, buyer, heldOrders[i]!) : Promise.resolve({ status: 422 }))),
    );
    const duringEnded = Date.now();

    // The hold ends: the hoarder's order goes back to the cart and the held units are free again.
    await waitFor(async () => {
      const [row] = await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM orders WHERE customer_id = ${hoarderId} AND status = -10`;
      return row!.n === 0 && Date.now() >= holdEnd;
    }, HOLD_MS + 60_000);
    const releasedAfterMs = Date.now() - holdEnd;
    const [freed] = await sql<{ free: number }[]>`SELECT stock - reserved AS free FROM products WHERE id = ${held.id}`;
    const heldAfter = await Promise.all(
      heldBuyers.map(async (buyer, i) => {
        // The cart of a buyer refused during the hold may hold no row: it is filled again.
        const orderId = await fillCart(bases[i % 2]!, buyer, held.id, 1);
        const placed = await place(bases[i % 2]!, buyer, orderId);
        return placed.status === 200 ? (await pay(bases[(i + 1) % 2]!, buyer, orderId)).status : placed.status;
      }),
    );
    sampling = false;
    await sampler;

    const placedCount = answers.filter((s) => s === 200).length;
    const refusedUnpaid = codes.filter((c) => c === 'unpaid_order_exists').length;
    const soldDuring = during.filter((s) => s === 200).length;
    const heldRefused = heldDuring.filter((a) => a.status !== 200).length;
    const heldSold = heldAfter.filter((s) => s === 200).length;
    const ok =
      placedCount === 1 &&
      tried >= Math.min(targets.length, 5) &&
      refusedUnpaid === tried - 1 &&
      mostUnpaid === 1 &&
      duringEnded < holdEnd &&
      soldDuring === buyers.length &&
      heldRefused === heldBuyers.length &&
      freed!.free === held.free &&
      heldSold === Math.min(heldBuyers.length, held.free);
    ctx.record(
      '(m) one customer completing every product',
      `one customer completed an order of each of ${tried} products (of ${targets.length}, within the hold) in ${(attackMs / 1000).toFixed(1)} s: placed ${placedCount}, ` +
        `answers ${ctx.tally(answers)} (unpaid_order_exists ${refusedUnpaid}); most unpaid orders of that customer seen ${mostUnpaid}; ` +
        `during the hold others bought ${soldDuring} of ${buyers.length} other products (answers ${ctx.tally(during)}) and were refused the held one ` +
        `${heldRefused} of ${heldBuyers.length} times, their turn ended ${((holdEnd - duringEnded) / 1000).toFixed(1)} s before the hold; hold ended → the order back in the cart ${(releasedAfterMs / 1000).toFixed(1)} s after, ` +
        `${freed!.free} of ${held.free} held units free again, then sold to ${heldSold} of ${heldBuyers.length} others (answers ${ctx.tally(heldAfter)})`,
      ok,
    );
  }

  return {
    itemL,
    itemM,
    /** Stops the hold processes (SIGTERM: both must exit cleanly). */
    async stop() {
      if (!pair) return;
      await Promise.all(pair.map((server) => server.stop('SIGTERM')));
      pair = undefined;
    },
  };
}
