/**
 * `pnpm bench:load` (issue 30, item 6): the quarter-end rush on two API processes sharing one
 * PostgreSQL database and one Redis, started with the heavy suite's launcher (heavy/lib.ts: a fresh
 * database, a claimed Redis database, development mode for the outbox's sign-in codes, rate limits
 * lifted, LOG_LEVEL warn so the launcher does not hold a line per request).
 *
 * Virtual shoppers are members (registered with a code from the development outbox, a Texas
 * address), each a loop of actions with a think time of THINK_MS between them, spread over both
 * processes: 70 % browsing and searching (a catalog page, a product, a search, the categories; a
 * share BROWSE_AS_GUEST of it without the member's token, as a visitor not signed in yet, the rest
 * with it as the SDK sends it), 20 % cart changes (one product's amount, a few hot products with
 * little stock among them), 10 % checking out (delivery, place, pay with an approving sandbox
 * card; a pay answered 429 while the card is busy is tried again, as heavy/lib.ts does).
 *
 * Shoppers are added step by step (STEPS); each step is measured for its seconds after a short
 * settling: requests/s, p50/p95/p99 and errors (5xx and no answer), refusals (4xx: sold out,
 * ...) apart, per kind too, and /api/health asked every 100 ms beside the shoppers. The ramp stops
 * after the first step whose p95 is 500 ms or more (or errors above 1 %), with one more step
 * halfway between it and the last one held; the largest step held is the number held. Then
 * /api/health alone (autocannon, both processes at once), and the books: orders paid = pay
 * answers 200 = approved payments, no product with stock or free units below zero, every order
 * placed is paid, held unpaid or back to draft, and units sold and held match the stock moved. Written to bench/results/rush.md and rush.json with the machine's figures.
 *
 *   pnpm bench:load            the full ramp (at most ~10 minutes)
 *   pnpm bench:load --quick    a short ramp (~1 minute)
 *
 * Needs PostgreSQL (TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test) and Redis
 * (TEST_REDIS_URL, default redis://127.0.0.1:6379). Loopback only.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, freemem, loadavg, totalmem } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import {
  API_DIR,
  SERVER_MODE,
  claimRedisDb,
  freshPostgres,
  newCustomer,
  pool,
  setStock,
  sleep,
  startServer,
  tally,
  type Customer,
  type ServerProcess,
} from '../heavy/lib.js';

const QUICK = process.argv.includes('--quick');
const STEPS = (process.env.BENCH_LOAD_STEPS ?? (QUICK ? '4,8,16,32' : '4,8,16,32,64,128,256'))
  .split(',')
  .map(Number);
const STEP_SECONDS = Number(process.env.BENCH_LOAD_STEP_SECONDS ?? (QUICK ? 8 : 40));
const SETTLE_SECONDS = QUICK ? 2 : 5;
/** The whole run stops by itself: no step starts past this. */
const DEADLINE_MS = (QUICK ? 90 : 540) * 1000;
const THINK_MS: [number, number] = [250, 750];
const BROWSE_AS_GUEST = Number(process.env.BENCH_LOAD_BROWSE_AS_GUEST ?? 0.5);
const P95_LIMIT_MS = 500;
const ERROR_LIMIT = 0.01;
const HEALTH_SECONDS = QUICK ? 3 : 8;
const REQUEST_TIMEOUT_MS = 10_000;
const HOT_PRODUCTS = 8;
const HOT_STOCK = 30;
const ROOT = path.resolve(API_DIR, '..', '..');
const RESULTS = path.join(ROOT, 'bench', 'results');

/** Approving sandbox cards of the network type (apps/api/README.md), shared out among shoppers. */
const CARDS = [
  { card: '6035000000000001', code: '123' },
  { card: '6035000000000101', code: '123' },
  { card: '6035000000000000019', code: '123' },
];
const PAID_STATUSES = [-5, 1];
const SORTS = ['default', 'name-asc', 'name-desc', 'price-asc', 'price-desc'];
const SEARCHES = [
  'ibuprofen',
  'ibuprofeno',
  'vitamina c',
  'vitamin d3',
  'acetaminofen',
  'ibuprofn',
  'allergy relief',
  'pastillas para la tos',
  'toothpaste',
  'tiras reactivas',
  'blood pressure monitor',
  'melatonina',
  'bandages',
  'protector solar',
  'loratadine',
  'aspirin',
];
const LANGUAGES = [
  { 'accept-language': 'en-US,en;q=0.9' },
  { 'accept-language': 'en-US,en;q=0.9' },
  { 'accept-language': 'es-US,es;q=0.9,en;q=0.8' },
];

type Kind = 'browse' | 'search' | 'cart' | 'checkout';
interface Sample {
  at: number;
  kind: Kind;
  ms: number;
  status: number; // 0: no answer
}

const samples: Sample[] = [];
const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

/** One request; its latency and status go to `samples`. */
async function call(
  base: string,
  kind: Kind,
  method: string,
  url: string,
  headers: Record<string, string>,
  body?: unknown,
) {
  const started = performance.now();
  const at = Date.now();
  let status = 0;
  let json: unknown;
  try {
    const response = await fetch(`${base}${url}`, {
      method,
      headers: {
        accept: 'application/json',
        'accept-encoding': 'gzip, deflate, br',
        ...headers,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    status = response.status;
    const text = await response.text();
    json = text && response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text;
  } catch {
    status = 0;
  }
  samples.push({ at, kind, ms: performance.now() - started, status });
  return { status, json };
}

interface Books {
  placed: Set<number>;
  paidAnswers: number;
  payRetries: number;
  placeRefused: number;
  payFailed: number;
}
const books: Books = {
  placed: new Set(),
  paidAnswers: 0,
  payRetries: 0,
  placeRefused: 0,
  payFailed: 0,
};

class Shopper {
  draftId: number | null = null;
  rows = 0;
  running = true;
  readonly lang = pick(LANGUAGES);
  constructor(
    readonly customer: Customer,
    readonly base: string,
    readonly card: (typeof CARDS)[number],
    readonly products: number[],
    readonly hot: number[],
  ) {}

  private member() {
    return { ...this.lang, authorization: `Bearer ${this.customer.token}` };
  }

  async browse() {
    const headers = Math.random() < BROWSE_AS_GUEST ? this.lang : this.member();
    const roll = Math.random();
    if (roll < 0.45) {
      const page = 1 + Math.floor(Math.random() * (Math.random() < 0.7 ? 2 : 10));
      return call(
        this.base,
        'browse',
        'GET',
        `/api/catalog/products?page=${page}&sort=${pick(SORTS)}`,
        headers,
      );
    }
    if (roll < 0.75)
      return call(
        this.base,
        'browse',
        'GET',
        `/api/catalog/products/${pick(this.products)}`,
        headers,
      );
    if (roll < 0.9)
      return call(
        this.base,
        'search',
        'GET',
        `/api/search/products?q=${encodeURIComponent(pick(SEARCHES))}`,
        headers,
      );
    return call(this.base, 'browse', 'GET', '/api/catalog/categories', headers);
  }

  async ensureDraft() {
    if (this.draftId !== null) return true;
    const draft = await call(
      this.base,
      'cart',
      'POST',
      '/api/order/prepare-draft',
      this.member(),
      {},
    );
    if (draft.status !== 200) return false;
    this.draftId = (draft.json as { id: number }).id;
    this.rows = (draft.json as { rows?: unknown[] }).rows?.length ?? 0;
    return true;
  }

  async changeCart() {
    if (!(await this.ensureDraft())) return;
    const product = Math.random() < 0.3 ? pick(this.hot) : pick(this.products);
    const amount = Math.random() < 0.15 ? 0 : 1 + Math.floor(Math.random() * 2);
    const answer = await call(
      this.base,
      'cart',
      'PATCH',
      `/api/order/${this.draftId}/sku-amount`,
      this.member(),
      { sku_id: product, amount },
    );
    if (answer.status === 200)
      this.rows = (answer.json as { rows?: unknown[] }).rows?.length ?? this.rows;
    // The draft was placed or swept elsewhere: a new one next time.
    if (answer.status === 404 || answer.status === 409) this.draftId = null;
  }

  async checkout() {
    if (this.rows === 0) await this.changeCart();
    if (this.draftId === null || this.rows === 0) return;
    const orderId = this.draftId;
    const delivery = await call(
      this.base,
      'checkout',
      'PUT',
      '/api/order/delivery',
      this.member(),
      { addressId: this.customer.addressId },
    );
    if (delivery.status !== 200) return;
    const placed = await call(
      this.base,
      'checkout',
      'PATCH',
      `/api/order/${orderId}/complete`,
      this.member(),
    );
    if (placed.status !== 200) {
      // Sold out or below the minimum: the shopper changes the cart and tries later.
      books.placeRefused += 1;
      return;
    }
    books.placed.add(orderId);
    this.draftId = null;
    this.rows = 0;
    for (let attempt = 0; ; attempt += 1) {
      const paid = await call(
        this.base,
        'checkout',
        'POST',
        `/api/order/${orderId}/pay`,
        this.member(),
        { code: 'trnsx', input: this.card },
      );
      if (paid.status === 200) {
        books.paidAnswers += 1;
        return;
      }
      if (paid.status !== 429 || attempt >= 20) break;
      books.payRetries += 1;
      await sleep(100 + Math.random() * 200);
    }
    // Not paid: the order goes back to the cart (its units freed) rather than holding them.
    books.payFailed += 1;
    const back = await call(
      this.base,
      'checkout',
      'PATCH',
      `/api/order/${orderId}/back-to-draft`,
      this.member(),
    );
    if (back.status === 200) {
      this.draftId = orderId;
      this.rows = (back.json as { rows?: unknown[] }).rows?.length ?? 0;
    }
  }

  async run() {
    while (this.running) {
      const roll = Math.random();
      if (roll < 0.7) await this.browse();
      else if (roll < 0.9) await this.changeCart();
      else await this.checkout();
      await sleep(THINK_MS[0] + Math.random() * (THINK_MS[1] - THINK_MS[0]));
    }
  }
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

interface Figures {
  requests: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  refused: number;
  /** Statuses of the errors and refusals, e.g. `500×8 422×3` (0: no answer). */
  statuses: string;
}

function figuresOf(list: Sample[], seconds: number): Figures {
  const sorted = list.map((sample) => sample.ms).sort((a, b) => a - b);
  const round = (value: number) => Math.round(value * 10) / 10;
  return {
    requests: list.length,
    perSecond: Math.round(list.length / seconds),
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    p99: round(percentile(sorted, 99)),
    errors: list.filter((sample) => sample.status === 0 || sample.status >= 500).length,
    refused: list.filter((sample) => sample.status >= 400 && sample.status < 500).length,
    statuses: tally(
      list
        .filter((sample) => sample.status === 0 || sample.status >= 400)
        .map((sample) => sample.status),
    ),
  };
}

interface Step {
  shoppers: number;
  seconds: number;
  all: Figures;
  kinds: Record<Kind, Figures>;
  health: { p50: number; p95: number; samples: number };
  /** CPU the two API processes used: cores busy on average, and milliseconds per request. */
  apiCpu: { cores: number; msPerRequest: number };
  held: boolean;
}

/** /api/health asked every 100 ms, alternating processes, while `active()` holds. */
async function healthProbe(bases: string[], active: () => boolean) {
  const latencies: number[] = [];
  for (let i = 0; active(); i += 1) {
    const started = performance.now();
    try {
      const response = await fetch(`${bases[i % bases.length]}/api/health`, {
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      await response.arrayBuffer();
      latencies.push(performance.now() - started);
    } catch {
      latencies.push(REQUEST_TIMEOUT_MS);
    }
    await sleep(100);
  }
  return latencies.sort((a, b) => a - b);
}

async function healthAlone(bases: string[]) {
  const runs = await Promise.all(
    bases.map(
      (base) =>
        new Promise<autocannon.Result>((resolve, reject) =>
          autocannon(
            { url: `${base}/api/health`, connections: 10, duration: HEALTH_SECONDS },
            (error, result) => (error ? reject(error) : resolve(result)),
          ),
        ),
    ),
  );
  return {
    perSecond: Math.round(runs.reduce((sum, run) => sum + run.requests.average, 0)),
    perProcess: runs.map((run) => Math.round(run.requests.average)),
    p50: Math.max(...runs.map((run) => run.latency.p50)),
    p99: Math.max(...runs.map((run) => run.latency.p99)),
    errors: runs.reduce((sum, run) => sum + run.errors + run.non2xx, 0),
  };
}

/** CPU seconds (user + system) a process has used so far, from /proc (Linux; 0 elsewhere). */
function cpuSeconds(pid: number | undefined): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are the 12th and 13th fields after the name, in clock ticks (100 a second).
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

function machine() {
  const load = loadavg().map((value) => Math.round(value * 100) / 100);
  return {
    cores: cpus().length,
    cpu: cpus()[0]?.model.trim() ?? 'unknown',
    memoryGb: Math.round(totalmem() / 2 ** 30),
    freeMemoryGb: Math.round((freemem() / 2 ** 30) * 10) / 10,
    loadAverage: load,
  };
}

function commit() {
  try {
    const sha = execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: ROOT,
      encoding: 'utf8',
    }).trim();
    const dirty =
      execFileSync('git', ['status', '--porcelain', '--', 'apps/api/src', 'packages/sdk/src'], {
        cwd: ROOT,
        encoding: 'utf8',
      }).trim() !== '';
    return dirty ? `${sha} with uncommitted changes in apps/api/src or packages/sdk/src` : sha;
  } catch {
    return 'unknown';
  }
}

const fmt = (f: Figures) =>
  `${String(f.perSecond).padStart(5)} req/s  p50 ${f.p50} ms  p95 ${f.p95} ms  p99 ${f.p99} ms  errors ${f.errors}  refused ${f.refused}${f.statuses ? ` (${f.statuses})` : ''}`;

async function main() {
  const startedAt = Date.now();
  const before = machine();
  console.log(
    `rush benchmark (${QUICK ? 'quick' : 'full'}): steps ${STEPS.join(', ')} shoppers, ${STEP_SECONDS} s each, servers from ${SERVER_MODE}`,
  );
  console.log(
    `machine: ${before.cores} cores (${before.cpu}), ${before.memoryGb} GB, load average ${before.loadAverage.join(' ')}`,
  );
  const pg = await freshPostgres('rush');
  const redis = await claimRedisDb('rush');
  let servers: ServerProcess[] = [];
  /** The shoppers of the current step; `everyone` also holds those who left. */
  const shoppers: Shopper[] = [];
  const everyone: Shopper[] = [];
  const runs: Promise<void>[] = [];
  try {
    const shared = { DATABASE_URL: pg.url, REDIS_URL: redis.url, LOG_LEVEL: 'warn' };
    servers = await Promise.all([startServer('rush1', shared), startServer('rush2', shared)]);
    const bases = servers.map((server) => server.base);
    // The sandbox ledger holds enough for every payment of the run.
    await pg.sql`UPDATE sandbox_accounts SET balance_cents = 1000000000`;
    const orderable = await pg.sql<{ id: number }[]>`
      SELECT id FROM products WHERE status IS NULL AND stock - reserved > 0 ORDER BY id`;
    const products = orderable.map((row) => row.id);
    // A few hot products with little stock: shoppers compete for their last units.
    const hot = products
      .filter((_, i) => i % Math.floor(products.length / HOT_PRODUCTS) === 0)
      .slice(0, HOT_PRODUCTS);
    for (const id of hot) await setStock(bases[0]!, id, HOT_STOCK);
    const lastOrder = (
      await pg.sql<
        { lastOrder: number }[]
      >`SELECT coalesce(max(id), 0)::int AS "lastOrder" FROM orders`
    )[0]!.lastOrder;
    const stockBefore = new Map(
      (
        await pg.sql<
          { id: number; stock: number; reserved: number }[]
        >`SELECT id, stock, reserved FROM products`
      ).map((row) => [row.id, row]),
    );
    console.log(
      `two processes on one PostgreSQL database and one Redis; ${products.length} orderable products, ${hot.length} hot ones with ${HOT_STOCK} units`,
    );

    const steps: Step[] = [];
    /** Sets the number of shoppers (new ones made before, not measured), settles, measures a step. */
    async function step(target: number): Promise<Step> {
      const missing = target - shoppers.length;
      const made = await pool(
        Array.from({ length: Math.max(0, missing) }, (_, i) => shoppers.length + i),
        6,
        (i) => newCustomer(bases[i % 2]!, 'rush'),
      );
      for (const customer of made) {
        const index = shoppers.length;
        const shopper = new Shopper(
          customer,
          bases[index % 2]!,
          CARDS[index % CARDS.length]!,
          products,
          hot,
        );
        shoppers.push(shopper);
        everyone.push(shopper);
        runs.push(shopper.run());
      }
      // Fewer (the refining step): the last ones leave after their current action.
      for (const leaving of shoppers.splice(target)) leaving.running = false;
      await sleep(SETTLE_SECONDS * 1000);
      const cpuFrom = servers.reduce((sum, server) => sum + cpuSeconds(server.child.pid), 0);
      const from = Date.now();
      let measuring = true;
      const health = healthProbe(bases, () => measuring);
      await sleep(STEP_SECONDS * 1000);
      measuring = false;
      const to = Date.now();
      const cpuUsed =
        servers.reduce((sum, server) => sum + cpuSeconds(server.child.pid), 0) - cpuFrom;
      const healthLatencies = await health;
      const inStep = samples.filter((sample) => sample.at >= from && sample.at < to);
      const seconds = (to - from) / 1000;
      const all = figuresOf(inStep, seconds);
      const kinds = Object.fromEntries(
        (['browse', 'search', 'cart', 'checkout'] as Kind[]).map((kind) => [
          kind,
          figuresOf(
            inStep.filter((sample) => sample.kind === kind),
            seconds,
          ),
        ]),
      ) as Record<Kind, Figures>;
      const measured: Step = {
        shoppers: shoppers.length,
        seconds: Math.round(seconds),
        all,
        kinds,
        health: {
          p50: Math.round(percentile(healthLatencies, 50) * 10) / 10,
          p95: Math.round(percentile(healthLatencies, 95) * 10) / 10,
          samples: healthLatencies.length,
        },
        apiCpu: {
          cores: Math.round((cpuUsed / seconds) * 100) / 100,
          msPerRequest:
            all.requests > 0 ? Math.round(((cpuUsed * 1000) / all.requests) * 100) / 100 : 0,
        },
        held: all.p95 < P95_LIMIT_MS && all.errors <= ERROR_LIMIT * all.requests,
      };
      steps.push(measured);
      console.log(
        `\n${String(measured.shoppers).padStart(4)} shoppers: ${fmt(all)}  ${measured.held ? 'held' : 'NOT held'}; ` +
          `/api/health meanwhile p50 ${measured.health.p50} ms p95 ${measured.health.p95} ms; ` +
          `API processes ${measured.apiCpu.cores} cores busy, ${measured.apiCpu.msPerRequest} ms of CPU a request`,
      );
      for (const kind of Object.keys(kinds) as Kind[])
        console.log(`     ${kind.padEnd(8)} ${fmt(kinds[kind])}`);
      return measured;
    }
    const timeLeft = () => Date.now() - startedAt < DEADLINE_MS;
    let lastHeld = 0;
    for (const target of STEPS) {
      if (!timeLeft()) {
        console.log(`time is up (${DEADLINE_MS / 1000} s): no step of ${target}`);
        break;
      }
      const measured = await step(target);
      if (measured.held) {
        lastHeld = target;
        continue;
      }
      // Between the last number held and this one: once, halfway.
      const halfway = Math.round((lastHeld + target) / 2);
      if (lastHeld > 0 && halfway > lastHeld && halfway < target && timeLeft()) await step(halfway);
      break;
    }

    // The shoppers stop; what they were doing ends first.
    for (const shopper of everyone) shopper.running = false;
    await Promise.all(runs);
    const health = await healthAlone(bases);
    console.log(
      `\n/api/health alone, 10 connections on each process for ${HEALTH_SECONDS} s: ${health.perSecond} req/s (${health.perProcess.join(' + ')}), p50 ${health.p50} ms, p99 ${health.p99} ms, errors ${health.errors}`,
    );

    // The books.
    const orders = await pg.sql<
      { id: number; status: number }[]
    >`SELECT id, status FROM orders WHERE id > ${lastOrder}`;
    const statusOf = new Map(orders.map((order) => [order.id, order.status]));
    const dbPaid = orders.filter((order) => PAID_STATUSES.includes(order.status)).length;
    const approved = (
      await pg.sql<{ approved: number }[]>`
      SELECT count(*)::int AS approved FROM payments WHERE order_id > ${lastOrder} AND status = 'approved'`
    )[0]!.approved;
    const accounted = [...books.placed].map((id) => statusOf.get(id));
    const lost = accounted.filter(
      (status) => status === undefined || ![...PAID_STATUSES, -10, 0].includes(status),
    ).length;
    const heldUnpaid = accounted.filter((status) => status === -10).length;
    const backToDraft = accounted.filter((status) => status === 0).length;
    const oversold = (
      await pg.sql<{ oversold: number }[]>`
      SELECT count(*)::int AS oversold FROM products WHERE stock < 0 OR reserved < 0 OR reserved > stock`
    )[0]!.oversold;
    // Units: what left the stock is what paid orders of the run hold; what is reserved, the unpaid ones.
    const moved = await pg.sql<{ skuId: number; sold: number; held: number }[]>`
      SELECT r.sku_id AS "skuId",
             coalesce(sum(r.amount) FILTER (WHERE o.status IN (-5, 1)), 0)::int AS sold,
             coalesce(sum(r.amount) FILTER (WHERE o.status = -10), 0)::int AS held
      FROM order_rows r JOIN orders o ON o.id = r.order_id WHERE o.id > ${lastOrder} GROUP BY r.sku_id`;
    const after = new Map(
      (
        await pg.sql<
          { id: number; stock: number; reserved: number }[]
        >`SELECT id, stock, reserved FROM products`
      ).map((row) => [row.id, row]),
    );
    const movedOf = new Map(moved.map((row) => [row.skuId, row]));
    let ledgerMismatches = 0;
    let unitsSold = 0;
    for (const [id, start] of stockBefore) {
      const end = after.get(id)!;
      const row = movedOf.get(id) ?? { sold: 0, held: 0 };
      unitsSold += row.sold;
      if (start.stock - end.stock !== row.sold || end.reserved - start.reserved !== row.held)
        ledgerMismatches += 1;
    }
    const hotLeft = hot.map((id) => after.get(id)!.stock - after.get(id)!.reserved);
    const checks = {
      ordersPlaced: books.placed.size,
      paidAnswers: books.paidAnswers,
      ordersPaid: dbPaid,
      approvedPayments: approved,
      heldUnpaid,
      backToDraft,
      lost,
      oversold,
      ledgerMismatches,
      unitsSold,
      placeRefused: books.placeRefused,
      payRetries: books.payRetries,
      payFailed: books.payFailed,
      hotUnitsLeft: hotLeft,
    };
    const checksHold =
      dbPaid === books.paidAnswers &&
      approved === books.paidAnswers &&
      lost === 0 &&
      oversold === 0 &&
      ledgerMismatches === 0;
    console.log(
      `\nbooks: ${checks.ordersPlaced} orders placed, paid answers ${checks.paidAnswers} = orders paid ${dbPaid} = approved payments ${approved}; ` +
        `held unpaid ${heldUnpaid}, back to draft ${backToDraft}; lost ${lost}; oversold ${oversold}; products whose stock moved otherwise than their orders ${ledgerMismatches}; ` +
        `units sold ${unitsSold}; refused at place ${books.placeRefused}; pay retried (card busy) ${books.payRetries}; hot products' free units left ${hotLeft.join(' ')} ` +
        `— ${checksHold ? 'PASS' : 'FAIL'}`,
    );

    const heldSteps = steps.filter((step) => step.held);
    const largestHeld =
      heldSteps.length > 0 ? Math.max(...heldSteps.map((step) => step.shoppers)) : 0;
    const missed = steps.filter((step) => !step.held).map((step) => step.shoppers);
    const firstMissed = missed.length > 0 ? Math.min(...missed) : null;
    console.log(
      `\nlargest number of shoppers held with p95 under ${P95_LIMIT_MS} ms: ${largestHeld}` +
        (firstMissed ? ` (not ${firstMissed})` : ` (the ramp's top: it did not find the limit)`),
    );
    const result = {
      date: new Date(startedAt).toISOString(),
      mode: QUICK ? 'quick' : 'full',
      commit: commit(),
      node: process.version,
      machine: { ...before, loadAverageAtEnd: machine().loadAverage },
      setup: {
        processes: 2,
        database: 'PostgreSQL (one database for both processes), Redis (shared rate-limit store)',
        servers: SERVER_MODE,
        orderableProducts: products.length,
        hotProducts: hot.length,
        hotStock: HOT_STOCK,
        thinkMs: THINK_MS,
        browseAsGuest: BROWSE_AS_GUEST,
        mix: { browseAndSearch: 0.7, cart: 0.2, checkout: 0.1 },
        stepSeconds: STEP_SECONDS,
        p95LimitMs: P95_LIMIT_MS,
      },
      steps,
      largestHeld,
      firstMissed,
      healthAlone: health,
      checks: { ...checks, hold: checksHold },
      seconds: Math.round((Date.now() - startedAt) / 1000),
    };
    mkdirSync(RESULTS, { recursive: true });
    writeFileSync(path.join(RESULTS, 'rush.json'), `${JSON.stringify(result, null, 2)}\n`);
    writeFileSync(path.join(RESULTS, 'rush.md'), markdown(result));
    console.log(`\nwritten: bench/results/rush.md, rush.json (${result.seconds} s)`);
    process.exitCode = checksHold ? 0 : 1;
  } finally {
    for (const shopper of everyone) shopper.running = false;
    await Promise.all(servers.map((server) => server.stop('SIGTERM')));
    await redis.release();
    await pg.drop();
  }
}

function markdown(result: {
  date: string;
  mode: string;
  commit: string;
  node: string;
  machine: ReturnType<typeof machine> & { loadAverageAtEnd: number[] };
  setup: {
    orderableProducts: number;
    hotProducts: number;
    hotStock: number;
    thinkMs: number[];
    browseAsGuest: number;
    stepSeconds: number;
    servers: string;
  };
  steps: Step[];
  largestHeld: number;
  firstMissed: number | null;
  healthAlone: Awaited<ReturnType<typeof healthAlone>>;
  checks: Record<string, unknown> & { hold: boolean };
  seconds: number;
}) {
  const m = result.machine;
  const c = result.checks;
  const lines = [
    '# The quarter-end rush (issue 30, `pnpm bench:load`)',
    '',
    `${result.date}, ${result.mode} run, commit ${result.commit}, ${m.cores} × ${m.cpu}, ${m.memoryGb} GB (${m.freeMemoryGb} GB free), Node ${result.node}; ` +
      `load average ${m.loadAverage.join(' ')} at the start, ${m.loadAverageAtEnd.join(' ')} at the end. The load generator, both API processes, PostgreSQL and Redis share these cores: ` +
      'figures are per this machine, and only comparable within one run.',
    '',
    `Two API processes (${result.setup.servers === 'dist' ? 'dist/server.js' : 'src/server.ts through tsx'}, development mode for the outbox's codes, rate limits lifted, LOG_LEVEL warn) on one PostgreSQL database and one Redis, ` +
      `the demo catalog (${result.setup.orderableProducts} orderable products, ${result.setup.hotProducts} of them hot with ${result.setup.hotStock} units). ` +
      `Each virtual shopper is a member (registered through the outbox's code) on one of the two processes, acting every ${result.setup.thinkMs.join('–')} ms: ` +
      `70 % browsing and searching (catalog pages, products, searches, categories; ${Math.round(result.setup.browseAsGuest * 100)} % of it without the member's token), ` +
      '20 % cart changes, 10 % checking out (delivery, place, pay with an approving sandbox card). ' +
      `Each step adds shoppers (after the first step not held, one more halfway back), settles, then is measured for ${result.setup.stepSeconds} s; errors are 5xx and no answer within 10 s, refusals are 4xx (sold out, card busy, ...). ` +
      '/api/health is asked every 100 ms during each step ("health meanwhile"). "API CPU" is what the two API processes used during the step (/proc), ' +
      'cores busy on average and CPU milliseconds per request: the figure that carries over to another machine.',
    '',
    '| shoppers | req/s | p50 ms | p95 ms | p99 ms | errors | refused | by status | held (p95 < 500 ms) | health meanwhile p50 / p95 ms | API CPU: cores busy, ms a request |',
    '| ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- | --- | --- |',
    ...result.steps.map(
      (s) =>
        `| ${s.shoppers} | ${s.all.perSecond} | ${s.all.p50} | ${s.all.p95} | ${s.all.p99} | ${s.all.errors} | ${s.all.refused} | ${s.all.statuses || '–'} | ${s.held ? 'yes' : '**no**'} | ${s.health.p50} / ${s.health.p95} | ${s.apiCpu.cores}, ${s.apiCpu.msPerRequest} |`,
    ),
    '',
    'By kind (req/s, p50 / p95 / p99 ms, errors):',
    '',
    '| shoppers | browse | search | cart | checkout |',
    '| ---: | --- | --- | --- | --- |',
    ...result.steps.map(
      (s) =>
        `| ${s.shoppers} | ${(['browse', 'search', 'cart', 'checkout'] as Kind[])
          .map(
            (kind) =>
              `${s.kinds[kind].perSecond}: ${s.kinds[kind].p50} / ${s.kinds[kind].p95} / ${s.kinds[kind].p99}, ${s.kinds[kind].errors}`,
          )
          .join(' | ')} |`,
    ),
    '',
    `**Largest number of shoppers held with p95 under 500 ms: ${result.largestHeld}**` +
      (result.firstMissed
        ? ` (${result.firstMissed} was not).`
        : ' (the top of the ramp: the limit was not reached).'),
    '',
    `/api/health alone after the shoppers stopped (autocannon, 10 connections on each process, both at once): ` +
      `**${result.healthAlone.perSecond} req/s** (${result.healthAlone.perProcess.join(' + ')}), p50 ${result.healthAlone.p50} ms, p99 ${result.healthAlone.p99} ms, errors ${result.healthAlone.errors}.`,
    '',
    `## The books: ${c.hold ? 'PASS' : 'FAIL'}`,
    '',
    `- orders placed ${c.ordersPlaced}; pay answers 200: ${c.paidAnswers}; orders paid in the database: ${c.ordersPaid}; approved payments: ${c.approvedPayments}`,
    `- every order placed accounted for: paid, held unpaid (${c.heldUnpaid}) or back to draft (${c.backToDraft}); lost: **${c.lost}**`,
    `- oversold (a product with stock, reserved or free units below zero): **${c.oversold}**; products whose stock and reserved moved otherwise than their orders' rows: **${c.ledgerMismatches}**`,
    `- units sold ${c.unitsSold}; places refused (sold out and the like) ${c.placeRefused}; pays tried again while the card was busy ${c.payRetries}; pays that failed (order back to draft) ${c.payFailed}; hot products' free units left: ${(c.hotUnitsLeft as number[]).join(', ')}`,
    '',
    `Run time ${result.seconds} s.`,
    '',
  ];
  return lines.join('\n');
}

await main();
