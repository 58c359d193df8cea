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
import {
  CARD_CODE_REFUSALS_BEFORE_LOCK,
  CARD_PROOF_REFUSALS_PER_HOUR,
  CARD_PROOF_WINDOW_MS,
  CARD_STANDING_WINDOW,
  windowStart,
} from '../../../src/services/card-proofs.js';
import { sandboxGateways } from '../../../src/services/payment-gateways/sandbox.js';
import type { PaymentGateway } from '../../../src/services/payment-gateways/types.js';
import { TEST_SECRET, bearer, buildTestApp, call, type TestApp } from '../../helpers.js';
import { api, makeShopper, readyDraft, stockedProduct, type Shopper } from '../orders/fixtures.js';

const LIMIT = CARD_PROOF_REFUSALS_PER_HOUR;
const CARD_LIMIT = CARD_CODE_REFUSALS_BEFORE_LOCK;
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

/** A scope's count: a card's standing count (refusals in a row), an account's or address's hour. */
async function tries(scope: string) {
  const window = scope.startsWith('card:') ? CARD_STANDING_WINDOW : windowStart(t.clock.now());
  const [row] = await t.database.db
    .select({ tries: cardProofCounters.tries })
    .from(cardProofCounters)
    .where(and(eq(cardProofCounters.scope, scope), eq(cardProofCounters.windowStart, window)));
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

/** A card whose code checks are locked: until support unlocks it, whatever the hour. */
function expectCardLocked(res: Awaited<ReturnType<typeof call>>) {
  expect(res.status).toBe(403);
  expect(res.body.code).toBe('card_code_locked');
  expect(res.body.message).toContain(t.app.config.supportPhone);
  expect(res.response.headers['retry-after']).toBeUndefined();
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

describe(`the lock per card: ${CARD_LIMIT} refused codes in a row over every account lock its code checks until support unlocks them (issue 32)`, () => {
  it('adds up add card, pay and balance check refusals of one card by many accounts and addresses; holds past the hour; ops card:unlock lifts it', async () => {
    const card = { type: 'national', number: '6036000000000002', code: '456' }; // the declining national card
    const wrong = (i: number) => String(100 + i);
    let guess = 0;
    for (let account = 0; account < 2; account++) {
      const shopper = await makeShopper(t);
      expect((await addCard(shopper, card.type, card.number, wrong(guess++))).body).toEqual(NOT_CORRECT);
    }
    const order = await placedOrder();
    expect((await order.pay('nationsbenefits', card.number, wrong(guess++))).body.code).toBe('card_number_or_code_is_not_correct');
    for (let address = 0; address < 2; address++) {
      expect((await balanceCheck(`192.0.2.${address + 50}`, card.type, card.number, wrong(guess++))).body).toEqual(NOT_CORRECT);
    }
    expect(guess).toBe(CARD_LIMIT);
    expect(await tries(`card:${fingerprint(card.number)}`)).toBe(CARD_LIMIT);
    // Locked for everyone, the right code too, by every route, in Spanish too.
    const fresh = await placedOrder();
    const before = { ...reached };
    expectCardLocked(await addCard(fresh.shopper, card.type, card.number, card.code));
    expectCardLocked(await balanceCheck('192.0.2.99', card.type, card.number, card.code));
    expectCardLocked(await fresh.pay('nationsbenefits', card.number, card.code));
    const spanish = await call(t.app, {
      method: 'POST',
      url: '/api/balance-check',
      remoteAddress: '192.0.2.98',
      headers: { 'accept-language': 'es' },
      payload: { type: card.type, number: card.number, code: card.code },
    });
    expect(spanish.body.message).toContain('Llámenos al');
    expect(reached).toEqual(before);
    // The account is not locked: another card works.
    expect((await addCard(fresh.shopper, 'network', '6035000000000000019', '123')).status).toBe(200);

    // Hours later it is still locked (an hourly window let a 3-digit code fall in about 50 hours).
    t.clock.advance(3 * CARD_PROOF_WINDOW_MS);
    const token = (await t.app.services.tokens.issue(fresh.shopper.id, 'proofs@example.com')).token;
    const add = () =>
      call(t.app, { method: 'POST', url: '/api/insurance-card', headers: bearer(token), payload: { type: card.type, number: card.number, code: card.code } });
    expectCardLocked(await add());
    // Support unlocks it once the cardholder called: the right code works again.
    expect(await t.app.services.cardProofs.unlock(card.number)).toBe(true);
    const again = await add();
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual(expect.arrayContaining([expect.objectContaining({ last4: '0002', type: 'national' })]));
    expect(await t.app.services.cardProofs.unlock(card.number)).toBe(false);
  });
});

describe('a proven code gives its count back', () => {
  it('only refusals in a row count: a right code clears the card, and a lock needs the full count again', async () => {
    const card = { type: 's3', number: '6037000000000001', code: '789' };
    const scope = `card:${fingerprint(card.number)}`;
    for (let i = 0; i < CARD_LIMIT - 1; i++) {
      expect((await balanceCheck(`203.0.113.${i}`, card.type, card.number, String(700 + i))).status).toBe(422);
    }
    expect(await tries(scope)).toBe(CARD_LIMIT - 1);
    expect((await balanceCheck('203.0.113.100', card.type, card.number, card.code)).body).toMatchObject({ balance: '250.00' });
    expect(await tries(scope)).toBe(0);
    const shopper = await makeShopper(t);
    expect((await addCard(shopper, card.type, card.number, card.code)).status).toBe(200);
    expect(await tries('client:203.0.113.100')).toBe(0);
    expect(await tries(`account:${shopper.id}`)).toBe(0);
    for (let i = 0; i < CARD_LIMIT - 1; i++) {
      expect((await balanceCheck(`203.0.113.${20 + i}`, card.type, card.number, String(710 + i))).status).toBe(422);
    }
    // The last refusal before the lock is still answered as one; the next check is the lock.
    expect((await balanceCheck('203.0.113.101', card.type, card.number, '000')).body).toEqual(NOT_CORRECT);
    expectCardLocked(await balanceCheck('203.0.113.102', card.type, card.number, card.code));
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
    // Proven: the card's refusals in a row are over.
    expect(await tries(`card:${fingerprint('6035000000000101')}`)).toBe(0);
  });

  it('a card its issuer declines with the right code is no guess: paying again never locks it', async () => {
    const order = await placedOrder();
    for (let i = 0; i < CARD_LIMIT + 2; i++) {
      expect((await order.pay('trnsx', '6035000000000002', '123')).body.code).toBe('card_number_or_code_is_not_correct');
    }
    expect(await tries(`card:${fingerprint('6035000000000002')}`)).toBe(0);
    expect(await tries(`account:${order.shopper.id}`)).toBe(0);
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

  it(`${PARALLEL} parallel add-card guesses of one card by 5 accounts: ${CARD_LIMIT} reach the issuer`, async () => {
    const shoppers = await Promise.all(Array.from({ length: 5 }, () => makeShopper(t)));
    const before = reached.lookups;
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) => addCard(shoppers[i % 5]!, 'network', '6035000000000002', String(200 + i))),
    );
    expect(reached.lookups - before).toBe(CARD_LIMIT);
    expect(answers.filter((a) => a.status === 403)).toHaveLength(PARALLEL - CARD_LIMIT);
    expect(await tries(`card:${fingerprint('6035000000000002')}`)).toBe(CARD_LIMIT);
  });

  it(`${PARALLEL} parallel pays by one typed card from 5 accounts: ${CARD_LIMIT} reach the gateway, nothing is charged`, async () => {
    const orders: Awaited<ReturnType<typeof placedOrder>>[] = [];
    for (let i = 0; i < 5; i++) orders.push(await placedOrder());
    const before = reached.charges;
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) => orders[i % 5]!.pay('trnsx', '6035000000000001', String(300 + i))),
    );
    expect(reached.charges - before).toBe(CARD_LIMIT);
    expect(answers.filter((a) => a.status === 422)).toHaveLength(CARD_LIMIT);
    expect(answers.filter((a) => a.status === 403)).toHaveLength(PARALLEL - CARD_LIMIT);
    for (const order of orders) {
      const detail = await api(t.app, order.shopper.token)('GET', `/api/order/${order.id}`);
      expect(detail.body.status, JSON.stringify(detail.body)).toBe(-10);
    }
  });

  it(`${PARALLEL} parallel guest balance checks of one card from ${PARALLEL} addresses: ${CARD_LIMIT} reach the issuer`, async () => {
    const before = reached.lookups;
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) => balanceCheck(`10.9.0.${i + 1}`, 'national', '6036000000001001', String(400 + i))),
    );
    expect(reached.lookups - before).toBe(CARD_LIMIT);
    expect(answers.filter((a) => a.status === 403)).toHaveLength(PARALLEL - CARD_LIMIT);
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
    const hourly = rows.filter((row) => row.windowStart.getTime() !== CARD_STANDING_WINDOW.getTime());
    expect(hourly.every((row) => row.windowStart.getTime() >= windowStart(t.clock.now()).getTime())).toBe(true);
    expect(hourly.length).toBeGreaterThan(0);
    // Cards' refusals in a row stay (a lock lasts until support lifts it); cleared ones go.
    const standing = rows.filter((row) => row.windowStart.getTime() === CARD_STANDING_WINDOW.getTime());
    expect(standing.length).toBeGreaterThan(0);
    expect(standing.every((row) => row.tries > 0)).toBe(true);
  });
});
