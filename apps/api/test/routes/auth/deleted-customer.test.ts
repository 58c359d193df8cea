/**
 * A correctly signed, unexpired access token whose customer no longer exists is refused with 401
 * `unauthorized` on every signed-in route (it used to reach the database and answer 500 from a
 * foreign key on prepare-draft, addresses, favorites and product requests).
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../../../src/db/schema.js';
import { bearer, buildTestApp, call, TEST_SECRET, type TestApp } from '../../helpers.js';

/**
 * An access token of a new session of the customer, as a sign-in gives (the token names its
 * session; a token naming none is refused whatever its customer, see sessions.test.ts).
 */
async function signedToken(customerId: number) {
  return (await t.app.services.tokens.issue(customerId, `c${customerId}@example.com`)).token;
}

/** A correctly signed token of a customer id that has no session at all (never signed in). */
async function forgedForId(customerId: number) {
  const now = Math.floor(t.clock.now().getTime() / 1000);
  return new SignJWT({ username: `c${customerId}@example.com`, sid: randomUUID() })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(customerId))
    .setIssuedAt(now)
    .setExpirationTime(now + 600)
    .sign(new TextEncoder().encode(TEST_SECRET));
}

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ seed: true });
});
afterAll(async () => t?.close());

const requests = [
  { method: 'POST', url: '/api/order/prepare-draft', payload: {} },
  {
    method: 'POST',
    url: '/api/customer/address',
    payload: { address: '1 Main St', city: 'Miami', state: 'FL', zip: '33130' },
  },
  { method: 'POST', url: '/api/favorites', payload: { sku_id: 1 } },
  { method: 'POST', url: '/api/product-request', payload: { name: 'A thing' } },
  { method: 'GET', url: '/api/auth/me' },
] as const;

describe('a token of a customer that no longer exists', () => {
  it('answers 401 unauthorized, in the request language, on every signed-in route', async () => {
    const [gone] = await t.database.db.insert(customers).values({ firstName: 'Gone' }).returning();
    const token = await signedToken(gone!.id);
    await t.database.db.delete(customers).where(eq(customers.id, gone!.id));
    for (const request of requests) {
      const res = await call(t.app, { ...request, headers: { ...bearer(token), 'accept-language': 'es' } });
      expect(res.status, request.url).toBe(401);
      expect(res.body, request.url).toEqual({ message: 'Inicie sesión para continuar.', code: 'unauthorized' });
    }
  });

  it('answers 401 for a signed token naming an id past what the database holds', async () => {
    const token = await forgedForId(2 ** 31);
    const res = await call(t.app, { method: 'POST', url: '/api/order/prepare-draft', headers: bearer(token), payload: {} });
    expect(res.status).toBe(401);
  });

  it('still serves the customer while the account exists', async () => {
    const [here] = await t.database.db.insert(customers).values({ firstName: 'Here' }).returning();
    const token = await signedToken(here!.id);
    const res = await call(t.app, { method: 'POST', url: '/api/order/prepare-draft', headers: bearer(token), payload: {} });
    expect(res.status).toBe(200);
  });
});
