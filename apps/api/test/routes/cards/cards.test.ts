import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CardType } from '@otc/sdk';
import { cardListSchema, customerSchema } from '@otc/sdk/schemas';
import { sandboxAccounts } from '../../../src/db/schema.js';
import { keyedHash } from '../../../src/lib/crypto.js';
import { PUBLIC_CACHE_CONTROL } from '../../../src/plugins/app/public-answers.js';
import { createSandboxIssuer } from '../../../src/services/card-issuer.js';
import { seed } from '../../../src/seed/seed.js';
import { TEST_SECRET, bearer, buildTestApp, call, registerCustomer, type TestApp } from '../../helpers.js';

let t: TestApp;
let periodEnd: string;
beforeAll(async () => {
  t = await buildTestApp({ config: { supportDailyLimitPerClient: 1000 } });
  // The sandbox ledger and demo customers, without a catalog.
  await seed(t.database.db, { secret: TEST_SECRET, products: 0, now: t.clock.now() });
  const now = t.clock.now();
  periodEnd = new Date(Date.UTC(now.getUTCFullYear(), Math.floor(now.getUTCMonth() / 3) * 3 + 3, 0))
    .toISOString()
    .slice(0, 10);
});
afterAll(async () => t?.close());

const send = (token: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  call(t.app, { method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const addCard = (token: string, type: string, number: string, code: string) =>
  send(token, 'POST', '/api/insurance-card', { type, number, code });

describe('adding cards', () => {
  it('adds cards of each type; the first becomes active; nothing but the last four is answered', async () => {
    const { token } = await registerCustomer(t.app, 'cards@example.com');
    const empty = await send(token, 'GET', '/api/insurance-card');
    expect(empty.body).toEqual({ data: [] });

    const first = await addCard(token, 'network', '6035 0000 0000 0001', '123');
    expect(first.status).toBe(200);
    const list = cardListSchema.parse(first.body).data;
    expect(list).toEqual([
      expect.objectContaining({ type: 'network', last4: '0001', active: true, balance: '250.00', periodEndsAt: periodEnd }),
    ]);
    expect(JSON.stringify(first.body)).not.toContain('6035000000000001');

    const long = await addCard(token, 'network', '6035000000000000019', '123');
    expect(long.status).toBe(200);
    const s3 = await addCard(token, 's3', '60370000000000017', '1234');
    expect(s3.status).toBe(200);
    const national = await addCard(token, 'national', '6036000000000001', '456');
    const all = cardListSchema.parse(national.body).data;
    expect(all.map((c) => [c.type, c.last4, c.active])).toEqual([
      ['network', '0001', true],
      ['network', '0019', false],
      ['s3', '0017', false],
      ['national', '0001', false],
    ]);

    // Make the S3 card active: one active card, and it is the active insurance card.
    const s3Id = all[2]!.id;
    const active = await send(token, 'PATCH', `/api/insurance-card/${s3Id}/make-active`);
    expect(active.status).toBe(200);
    expect(cardListSchema.parse(active.body).data.filter((c) => c.active).map((c) => c.id)).toEqual([s3Id]);
    const me = customerSchema.parse((await send(token, 'GET', '/api/auth/me')).body);
    expect(me.activeInsuranceCard).toMatchObject({ id: s3Id, type: 's3', balance: '300.00' });

    const again = await addCard(token, 'network', '6035000000000001', '123');
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('card_already_added');
  });

  it('checks the length per card type with the spec messages on number', async () => {
    const { token } = await registerCustomer(t.app, 'cards.length@example.com');
    const network = await addCard(token, 'network', '603500000000001', '123');
    expect(network.status).toBe(422);
    expect(network.body.data).toEqual({ number: ['Your card number should be of 16 or 19 digits'] });
    const national = await addCard(token, 'national', '60360000000000011', '456');
    expect(national.body.data).toEqual({ number: ['Your card number should be of 16 or 19 digits'] });
    const s3 = await addCard(token, 's3', '6035000000000000019', '123');
    expect(s3.body.data).toEqual({ number: ['Your card number should be of 16 or 17 digits'] });
    const letters = await addCard(token, 's3', '6037-0000-0000-000A', '12a');
    expect(letters.body.data).toEqual({
      number: ['Your card number should be of 16 or 17 digits'],
      code: ['This field has wrong format'],
    });
    expect((await send(token, 'GET', '/api/insurance-card')).body).toEqual({ data: [] });
  });

  it('refuses a number and code pair the issuer does not know', async () => {
    const { token } = await registerCustomer(t.app, 'cards.code@example.com');
    const wrongCode = await addCard(token, 'network', '6035000000000002', '999');
    expect(wrongCode.status).toBe(422);
    expect(wrongCode.body).toMatchObject({
      code: 'card_number_or_code_is_not_correct',
      message: 'Card number or code is not correct',
    });
    const unknown = await addCard(token, 'network', '6035999999999999', '123');
    expect(unknown.body.code).toBe('card_number_or_code_is_not_correct');
    // A number of another type's issuer range: that type is named (issue 33), not "not correct".
    const wrongType = await addCard(token, 'national', '6035000000000002', '123');
    expect(wrongType.body.fields).toEqual({ number: [{ code: 'card_number_is_network' }] });
  });

  it('never adds a sandbox credit card as a benefit or insurance card', async () => {
    const { token } = await registerCustomer(t.app, 'cards.credit@example.com');
    const asCredit = await addCard(token, 'credit', '4242424242424242', '123');
    expect(asCredit.status).toBe(422);
    expect(asCredit.body.data).toHaveProperty('type');
    // One account per type: 18 refusals from one account would pass the card-proof limit (10 an
    // hour); one code per type: 6 refusals of one number in a row would lock its code checks (5).
    for (const [type, code] of [['network', '123'], ['national', '000'], ['s3', '123']] as const) {
      const { token: typeToken } = await registerCustomer(t.app, `cards.credit.${type}@example.com`);
      for (const number of ['4242424242424242', '4000000000000002', '4000000000009995']) {
        {
          const res = await addCard(typeToken, type, number, code);
          expect(res.status, `${type} ${number} ${code}`).toBe(422);
          expect(res.body.code).toBe('card_number_or_code_is_not_correct');
        }
      }
      expect((await send(typeToken, 'GET', '/api/insurance-card')).body).toEqual({ data: [] });
    }
    expect((await send(token, 'GET', '/api/insurance-card')).body).toEqual({ data: [] });
  });

  it('the sandbox issuer knows no credit card, by number or by fingerprint', async () => {
    const fingerprint = (digits: string) => keyedHash(TEST_SECRET, 'card-fingerprint', digits);
    const issuer = createSandboxIssuer({ db: t.database.db, fingerprint });
    expect(await issuer.lookup('credit' as CardType, '4242424242424242', '\u0000')).toBeNull();
    expect(await issuer.balance(fingerprint('4242424242424242'))).toBeNull();
    // The ledger does hold it (the credit gateway charges it); a benefit card answers.
    const [ledger] = await t.database.db
      .select()
      .from(sandboxAccounts)
      .where(eq(sandboxAccounts.fingerprint, fingerprint('4242424242424242')));
    expect(ledger).toMatchObject({ type: 'credit', balanceCents: 50000 });
    expect(await issuer.balance(fingerprint('6035000000000001'))).toMatchObject({ balanceCents: 25000 });
  });

  it('refuses a card linked to another account with 409 card_already_in_system', async () => {
    const { token } = await registerCustomer(t.app, 'cards.dup@example.com');
    // The network demo customer's card.
    const res = await addCard(token, 'network', '6035000000001001', '321');
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      code: 'card_already_in_system',
      message: "Card already in system (used by another account). Contact support if you think it's a mistake.",
    });
    // A wrong code tells nothing about whether the number is linked.
    const probe = await addCard(token, 'network', '6035000000001001', '000');
    expect(probe.status).toBe(422);
  });

  it("answers 404 when making another customer's card active", async () => {
    const owner = await registerCustomer(t.app, 'cards.owner@example.com');
    const added = cardListSchema.parse((await addCard(owner.token, 'national', '6036000000000002', '456')).body);
    const cardId = added.data[0]!.id;
    const other = await registerCustomer(t.app, 'cards.intruder@example.com');
    const res = await send(other.token, 'PATCH', `/api/insurance-card/${cardId}/make-active`);
    expect(res.status).toBe(404);
    expect((await send(other.token, 'GET', '/api/insurance-card')).body).toEqual({ data: [] });
  });
});

describe('guest balance check', () => {
  it('answers the balance and the end of the allowance period without a login', async () => {
    const res = await call(t.app, {
      method: 'POST',
      url: '/api/balance-check',
      payload: { type: 'national', number: '6036 0000 0000 0003', code: '456' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ type: 'national', last4: '0003', balance: '5.00', periodEndsAt: periodEnd });
  });

  it('is never kept by a cache (a write), while the public catalog keeps its public caching', async () => {
    const res = await call(t.app, {
      method: 'POST',
      url: '/api/balance-check',
      payload: { type: 'national', number: '6036 0000 0000 0001', code: '456' },
    });
    expect(res.status).toBe(200);
    expect(res.response.headers['cache-control']).toBe('no-store');
    const refused = await call(t.app, {
      method: 'POST',
      url: '/api/balance-check',
      payload: { type: 'national', number: '6036 0000 0000 0001', code: '000' },
    });
    expect(refused.response.headers['cache-control']).toBe('no-store');
    for (const url of ['/api/catalog/categories', '/api/constants', '/api/search/products?q=vitamin']) {
      const publicAnswer = await t.app.inject({ method: 'GET', url });
      expect(publicAnswer.headers['cache-control'], url).toBe(PUBLIC_CACHE_CONTROL);
    }
  });

  it('issue 33: a good network card checked as National is named, with the number kept; the settings give the ranges', async () => {
    const asNational = await call(t.app, {
      method: 'POST',
      url: '/api/balance-check',
      payload: { type: 'national', number: '6035 0000 0000 0101', code: '123' },
    });
    expect(asNational.status).toBe(422);
    expect(asNational.body.fields).toEqual({ number: [{ code: 'card_number_is_network' }] });
    expect(asNational.body.data).toEqual({ number: ['This is a Network benefit card number. Choose that card type.'] });
    const inSpanish = await call(t.app, {
      method: 'POST',
      url: '/api/balance-check',
      headers: { 'accept-language': 'es' },
      payload: { type: 's3', number: '6036 0000 0000 0001', code: '456' },
    });
    expect(inSpanish.body.data).toEqual({
      number: ['Este es un número de tarjeta de beneficios nacional. Elija ese tipo de tarjeta.'],
    });
    // The right type answers; the ranges the check uses are the ones the settings publish.
    const asNetwork = await call(t.app, {
      method: 'POST',
      url: '/api/balance-check',
      payload: { type: 'network', number: '6035 0000 0000 0101', code: '123' },
    });
    expect(asNetwork.status).toBe(200);
    const settings = await t.app.inject({ method: 'GET', url: '/api/constants' });
    expect(settings.json().cardRanges).toEqual({ network: ['6035'], national: ['6036'], s3: ['6037'] });
  });

  it('does not answer for a sandbox credit card', async () => {
    const check = (payload: object) => call(t.app, { method: 'POST', url: '/api/balance-check', payload });
    const asCredit = await check({ type: 'credit', number: '4242424242424242', code: '123' });
    expect(asCredit.status).toBe(422);
    expect(asCredit.body).not.toHaveProperty('balance');
    // One check of each credit card: the adding test refused each three times, and five refusals
    // of a number in a row lock its code checks.
    for (const [type, number] of [['network', '4242 4242 4242 4242'], ['national', '4000 0000 0000 0002'], ['s3', '4000 0000 0000 9995']]) {
      const res = await check({ type, number, code: '123' });
      expect(res.status, type).toBe(422);
      expect(res.body.code).toBe('card_number_or_code_is_not_correct');
    }
  });

  it('refuses a wrong code and a wrong length', async () => {
    const wrong = await call(t.app, {
      method: 'POST',
      url: '/api/balance-check',
      payload: { type: 's3', number: '6037000000000001', code: '788' },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.code).toBe('card_number_or_code_is_not_correct');
    const short = await call(t.app, {
      method: 'POST',
      url: '/api/balance-check',
      payload: { type: 's3', number: '603700000000001', code: '789' },
    });
    expect(short.body.data).toEqual({ number: ['Your card number should be of 16 or 17 digits'] });
  });
});
