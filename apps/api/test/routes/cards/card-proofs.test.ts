/**
 * Card proofs (src/services/card-proofs.ts): every check of a card's security code — adding a
 * card, paying by a typed card, the guest balance check — counts toward one limit per account (or
 * client address) and one per card number across all accounts, counted before the check. The
 * issuer and the gateways are wrapped, so "checks" below are the calls that really reached them.
 * Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL (where parallel requests really race).
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardProofCounters } from '../../../src/db/schema.js';
import { keyedHash } from '../../../src/lib/crypto.js';
import { createSandboxIssuer, type CardIssuer } from '../../../src/services/card-issuer.js';
import { CARD_PROOF_REFUSALS_PER_HOUR, CARD_PROOF_WINDOW_MS, windowStart } from '../../../src/services/card-proofs.js';
import { sandboxGateways } from '../../../src/services/payment-gateways/sandbox.js';
import type { PaymentGateway } from '../../../src/services/payment-gateways/types.js';
import { TEST_SECRET, bearer, buildTestApp, call, type TestApp } from '../../helpers.js';
import { api, makeShopper, readyDraft, stockedProduct, type Shopper } from '../orders/fixtures.js';

const LIMIT = CARD_PROOF_REFUSALS_PER_HOUR;
const fingerprint = (digits: string) => keyedHash(TEST_SECRET, 'card-fingerprint', digits);

/** Calls that reached the issuer (add card, balance check) and the gateways (pay). */
const reached = { lookups: 0, charges: 0 };
let inner: CardIssuer | undefined;
/** Runs inside the issuer, while a check is under way (to see what was counted before it). */
let duringLookup: (() => Promise<void>) | null = null;
const countingIssuer: CardIssuer = {
  async lookup(type, digits, code) {
    reached.lookups += 1;
    if (duringLookup) await duringLookup();
    return inner!.lookup(type, digits, code);
  },
  balance: (print) => inner!.balance(print),
};
const countingGateways: PaymentGateway[] = sandboxGateways(fingerprint).map((gateway) => ({
  ...gateway,
  async charge(request) {
    reached.charges += 1;
    return gateway.charge(request);
  },
}));

let t: TestApp;
let productId: number;
beforeAll(async () => {
  t = await buildTestApp({
    seed: true,
    issuer: countingIssuer,
    gateways: countingGateways,
    config: { supportDailyLimitPerClient: 100_000 },
  });
  inner = createSandboxIssuer({ db: t.database.db, fingerprint });
  productId = (await stockedProduct(t, 'cl1', 100_000, 1000)).id;
}, 180_000);
afterAll(async () => t?.close());

const NOT_CORRECT = {
  message: 'Card number or code is not correct',
  code: 'card_number_or_code_is_not_correct',
  data: { number: ['Card number or code is not correct'] },
  fields: { number: [{ code: 'card_number_or_code_is_not_correct' }] },
};

const addCard = (shopper: Shopper, type: string, number: string, code: string) =>
  call(t.app, { method: 'POST', url: '/api/insurance-card', headers: bearer(shopper.token), payload: { type, number, code } });
const balanceCheck = (address: string, type: string, number: string, code: string) =>
  call(t.app, { method: 'POST', url: '/api/balance-check', remoteAddress: address, payload: { type, number, code } });

/** A shopper with a placed order waiting for payment; `pay` pays it by a typed card. */
async function placedOrder() {
  const shopper = await makeShopper(t);
  const id = await readyDraft(t, shopper, productId, 3); // above the minimum order
  const placed = await api(t.app, shopper.token)('PATCH', `/api/order/${id}/complete`);
  if (placed.status !== 200) throw new Error(`complete ${placed.status} ${JSON.stringify(placed.body)}`);
  const pay = (method: string, card: string, code?: string) =>
    api(t.app, shopper.token)('POST', `/api/order/${id}/pay`, { code: method, input: code === undefined ? { card } : { card, code } });
  return { shopper, id, pay };
}

/** A valid network number that is no sandbox card (a wrong number counts like a wrong code). */
let unknownSerial = 0;
const unknownNetwork = () => `60359${String(++unknownSerial).padStart(11, '0')}`;

async function tries(scope: string) {
  const [row] = await t.database.db
    .select({ tries: cardProofCounters.tries })
    .from(cardProofCounters)
    .where(and(eq(cardProofCounters.scope, scope), eq(cardProofCounters.windowStart, windowStart(t.clock.now()))));
  return row?.tries ?? 0;
}

/** Seconds left in the clock hour of the test clock: what a lock's Retry-After says. */
const secondsToHourEnd = () => {
  const now = t.clock.now().getTime();
  return Math.ceil((windowStart(t.clock.now()).getTime() + CARD_PROOF_WINDOW_MS - now) / 1000);
};

function expectLocked(res: Awaited<ReturnType<typeof call>>) {
  expect(res.status).toBe(429);
  expect(res.body).toMatchObject({ code: 'too_many_requests', retryAfter: secondsToHourEnd() });
  expect(res.response.headers['retry-after']).toBe(String(secondsToHourEnd()));
}

describe('adding a card before its code is proven', () => {
  it("answers a wrong code alike for another member's card, an unlinked card and an unknown number, with no balance", async () => {
    const shopper = await makeShopper(t);
    const rosa = await addCard(shopper, 'network', '6035000000001001', '000'); // the demo customer's card
    const unlinked = await addCard(shopper, 'network', '6035000000000003', '000');
    const unknown = await addCard(shopper, 'network', unknownNetwork(), '000');
    for (const res of [rosa, unlinked, unknown]) {
      expect(res.status).toBe(422);
      expect(res.body).toEqual(NOT_CORRECT);
    }
    expect((await api(t.app, shopper.token)('GET', '/api/insurance-card')).body).toEqual({ data: [] });
    // Proven: only now does a linked card say so, and an unlinked one show its balance.
    expect((await addCard(shopper, 'network', '6035000000001001', '321')).body.code).toBe('card_already_in_system');
    const added = await addCard(shopper, 'network', '6035000000000003', '123');
    expect(added.status).toBe(200);
    expect(added.body.data).toEqual([expect.objectContaining({ last4: '0003', balance: '5.00' })]);
  });

  it('counts the try before the issuer is asked, in a statement of its own', async () => {
    const shopper = await makeShopper(t);
    const seen: number[] = [];
    duringLookup = async () => {
      seen.push(await tries(`card:${fingerprint('6036000000000003')}`), await tries(`account:${shopper.id}`));
    };
    try {
      await addCard(shopper, 'national', '6036000000000003', '000');
    } finally {
      duringLookup = null;
    }
    expect(seen).toEqual([1, 1]);
    // Refused: it stays counted.
    expect(await tries(`card:${fingerprint('6036000000000003')}`)).toBe(1);
  });
});

describe(`the limit per account: ${LIMIT} refused checks an hour, whatever is checked`, () => {
  it('adds up refusals of adding cards and of paying by typed cards; then even the right code is refused', async () => {
    const order = await placedOrder();
    for (let i = 0; i < 5; i++) {
      expect((await addCard(order.shopper, 'network', unknownNetwork(), '123')).body).toEqual(NOT_CORRECT);
      const paid = await order.pay('trnsx', unknownNetwork(), '123');
      expect(paid.body.code).toBe('card_number_or_code_is_not_correct');
    }
    expect(await tries(`account:${order.shopper.id}`)).toBe(LIMIT);
    const before = { ...reached };
    expectLocked(await addCard(order.shopper, 'national', '6036000000000001', '456'));
    expectLocked(await order.pay('nationsbenefits', '6036000000000001', '456'));
    expect(reached).toEqual(before); // neither reached the issuer nor the gateway
    // Another account is not held back by it.
    const other = await placedOrder();
    expect((await addCard(other.shopper, 'national', '6036000000000001', '456')).status).toBe(200);
    expect((await other.pay('nationsbenefits', '6036000000000001', '456')).status).toBe(200);
  });

  it('the guest balance check counts per client address', async () => {
    for (let i = 0; i < LIMIT; i++) {
      expect((await balanceCheck('198.51.100.7', 'network', unknownNetwork(), '123')).body).toEqual(NOT_CORRECT);
    }
    expectLocked(await balanceCheck('198.51.100.7', 's3', '6037000000000003', '789'));
    expect((await balanceCheck('198.51.100.8', 's3', '6037000000000003', '789')).body).toMatchObject({ balance: '5.00' });
  });
});

describe(`the limit per card: ${LIMIT} refused checks an hour over every account`, () => {
  it('adds up add card, pay and balance check refusals of one card by many accounts and addresses; lifts in the next hour', async () => {
    const card = { type: 'national', number: '6036000000000002', code: '456' }; // the declining national card
    const wrong = (i: number) => String(100 + i);
    let guess = 0;
    for (let account = 0; account < 3; account++) {
      const shopper = await makeShopper(t);
      expect((await addCard(shopper, card.type, card.number, wrong(guess++))).body).toEqual(NOT_CORRECT);
      expect((await addCard(shopper, card.type, card.number, wrong(guess++))).body).toEqual(NOT_CORRECT);
    }
    for (let account = 0; account < 2; account++) {
      const order = await placedOrder();
      expect((await order.pay('nationsbenefits', card.number, wrong(guess++))).body.code).toBe('card_number_or_code_is_not_correct');
    }
    for (let address = 0; address < 2; address++) {
      expect((await balanceCheck(`192.0.2.${address + 50}`, card.type, card.number, wrong(guess++))).body).toEqual(NOT_CORRECT);
    }
    expect(guess).toBe(LIMIT);
    expect(await tries(`card:${fingerprint(card.number)}`)).toBe(LIMIT);
    // Locked for everyone, the right code too, by every route.
    const fresh = await placedOrder();
    const before = { ...reached };
    expectLocked(await addCard(fresh.shopper, card.type, card.number, card.code));
    expectLocked(await balanceCheck('192.0.2.99', card.type, card.number, card.code));
    expectLocked(await fresh.pay('nationsbenefits', card.number, card.code));
    expect(reached).toEqual(before);
    // The account is not locked: another card works.
    expect((await addCard(fresh.shopper, 'network', '6035000000000000019', '123')).status).toBe(200);

    // The next clock hour: the card answers again.
    t.clock.set(new Date(windowStart(t.clock.now()).getTime() + CARD_PROOF_WINDOW_MS + 1000));
    const token = (await t.app.services.tokens.issue(fresh.shopper.id, 'proofs@example.com')).token;
    const again = await call(t.app, {
      method: 'POST',
      url: '/api/insurance-card',
      headers: bearer(token),
      payload: { type: card.type, number: card.number, code: card.code },
    });
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual(expect.arrayContaining([expect.objectContaining({ last4: '0002', type: 'national' })]));
  });
});

describe('a proven code gives its count back', () => {
  it('only refusals accumulate: right codes between wrong ones never bring the lock closer', async () => {
    const card = { type: 's3', number: '6037000000000001', code: '789' };
    const scope = `card:${fingerprint(card.number)}`;
    for (let i = 0; i < LIMIT - 1; i++) {
      expect((await balanceCheck(`203.0.113.${i}`, card.type, card.number, String(700 + i))).status).toBe(422);
    }
    expect(await tries(scope)).toBe(LIMIT - 1);
    for (let i = 0; i < 5; i++) {
      expect((await balanceCheck('203.0.113.100', card.type, card.number, card.code)).body).toMatchObject({ balance: '250.00' });
    }
    const shopper = await makeShopper(t);
    expect((await addCard(shopper, card.type, card.number, card.code)).status).toBe(200);
    expect(await tries(scope)).toBe(LIMIT - 1);
    expect(await tries('client:203.0.113.100')).toBe(0);
    expect(await tries(`account:${shopper.id}`)).toBe(0);
    // The tenth refusal is still answered as one; the eleventh check is the lock.
    expect((await balanceCheck('203.0.113.101', card.type, card.number, '000')).body).toEqual(NOT_CORRECT);
    expectLocked(await balanceCheck('203.0.113.102', card.type, card.number, card.code));
  });

  it('an approved payment and a lack of funds prove the code; a bad input checks nothing', async () => {
    const order = await placedOrder();
    const scope = `account:${order.shopper.id}`;
    expect((await order.pay('nationsbenefits', '6036000000000003', '456')).body.code).toBe('notEnoughBalance');
    expect((await order.pay('trnsx', '6035 0000', '123')).status).toBe(422);
    expect(await tries(scope)).toBe(0);
    expect((await order.pay('trnsx', '6035000000000101', '999')).body.code).toBe('card_number_or_code_is_not_correct');
    expect(await tries(scope)).toBe(1);
    expect((await order.pay('trnsx', '6035000000000101', '123')).status).toBe(200);
    expect(await tries(scope)).toBe(1);
    expect(await tries(`card:${fingerprint('6035000000000101')}`)).toBe(1);
  });
});

describe('parallel guesses (PostgreSQL: real races between connections)', () => {
  const PARALLEL = 40;

  it(`${PARALLEL} parallel add-card guesses by one account on different cards: ${LIMIT} reach the issuer`, async () => {
    const shopper = await makeShopper(t);
    const before = reached.lookups;
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, () => addCard(shopper, 'network', unknownNetwork(), '123')),
    );
    expect(reached.lookups - before).toBe(LIMIT);
    expect(answers.filter((a) => a.status === 422)).toHaveLength(LIMIT);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(PARALLEL - LIMIT);
    expect(await tries(`account:${shopper.id}`)).toBe(LIMIT);
  });

  it(`${PARALLEL} parallel add-card guesses of one card by 5 accounts: ${LIMIT} reach the issuer`, async () => {
    const shoppers = await Promise.all(Array.from({ length: 5 }, () => makeShopper(t)));
    const before = reached.lookups;
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) => addCard(shoppers[i % 5]!, 'network', '6035000000000002', String(200 + i))),
    );
    expect(reached.lookups - before).toBe(LIMIT);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(PARALLEL - LIMIT);
    expect(await tries(`card:${fingerprint('6035000000000002')}`)).toBe(LIMIT);
  });

  it(`${PARALLEL} parallel pays by one typed card from 5 accounts: ${LIMIT} reach the gateway, nothing is charged`, async () => {
    const orders: Awaited<ReturnType<typeof placedOrder>>[] = [];
    for (let i = 0; i < 5; i++) orders.push(await placedOrder());
    const before = reached.charges;
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) => orders[i % 5]!.pay('trnsx', '6035000000000001', String(300 + i))),
    );
    expect(reached.charges - before).toBe(LIMIT);
    expect(answers.filter((a) => a.status === 422)).toHaveLength(LIMIT);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(PARALLEL - LIMIT);
    for (const order of orders) {
      const detail = await api(t.app, order.shopper.token)('GET', `/api/order/${order.id}`);
      expect(detail.body.status, JSON.stringify(detail.body)).toBe(-10);
    }
  });

  it(`${PARALLEL} parallel guest balance checks of one card from ${PARALLEL} addresses: ${LIMIT} reach the issuer`, async () => {
    const before = reached.lookups;
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) => balanceCheck(`10.9.0.${i + 1}`, 'national', '6036000000001001', String(400 + i))),
    );
    expect(reached.lookups - before).toBe(LIMIT);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(PARALLEL - LIMIT);
    expect(answers.every((a) => !('balance' in a.body))).toBe(true);
  });
});

describe('old windows', () => {
  it('are deleted once two hours old', async () => {
    expect((await t.database.db.select().from(cardProofCounters)).length).toBeGreaterThan(0);
    // Two hours and a minute on, the next check prunes every older window (at most once a minute).
    t.clock.advance(2 * CARD_PROOF_WINDOW_MS + 60_000);
    await balanceCheck('192.0.2.200', 'network', unknownNetwork(), '123');
    const rows = await t.database.db.select().from(cardProofCounters);
    expect(rows.every((row) => row.windowStart.getTime() >= windowStart(t.clock.now()).getTime())).toBe(true);
    expect(rows.length).toBeGreaterThan(0);
  });
});
