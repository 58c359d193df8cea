import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerSchema, type Customer } from '@otc/sdk/schemas';
import {
  bearer,
  buildTestApp,
  call,
  outboxCode,
  registerCustomer,
  signInWithCode,
  type TestApp,
} from '../../helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ config: { codeClientFreePerHour: 1000 } });
});
afterAll(async () => t?.close());

const send = (token: string, method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  call(t.app, { method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const emailOf = (body: unknown, address: string) =>
  customerSchema.parse(body).emails.find((e) => e.address === address);

async function addAndVerify(token: string, address: string): Promise<Customer> {
  const added = await send(token, 'POST', '/api/email', { value: address });
  expect(added.status).toBe(200);
  const id = emailOf(added.body, address.toLowerCase())!.id;
  const code = await outboxCode(t.app, address.toLowerCase());
  const verified = await send(token, 'POST', `/api/email/${id}/verify`, { code });
  expect(verified.status).toBe(200);
  return customerSchema.parse(verified.body);
}

describe('changing the login e-mail', () => {
  it('adds, verifies, makes primary (old sessions end), then removes the old one', async () => {
    const old = await registerCustomer(t.app, 'old.login@example.com');

    // 1. Add: unverified, a code goes to the new address.
    const added = await send(old.token, 'POST', '/api/email', { value: 'New.Login@Example.com' });
    expect(added.status).toBe(200);
    const fresh = emailOf(added.body, 'new.login@example.com')!;
    expect(fresh).toMatchObject({ reg: false, verified: false });

    // A wrong code does not verify it; not verified, it cannot become primary.
    const wrong = await send(old.token, 'POST', `/api/email/${fresh.id}/verify`, { code: '000000' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.code).toBe('invalid_code');
    const early = await send(old.token, 'POST', `/api/email/${fresh.id}/make-primary`);
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('contact_not_verified');

    // 2. Verify with the code from the outbox.
    const code = await outboxCode(t.app, 'new.login@example.com');
    const verified = await send(old.token, 'POST', `/api/email/${fresh.id}/verify`, { code });
    expect(verified.status).toBe(200);
    expect(emailOf(verified.body, 'new.login@example.com')).toMatchObject({ verified: true, reg: false });

    // 3. Make primary: the login changes and the old session's refresh token is dead.
    const primary = await send(old.token, 'POST', `/api/email/${fresh.id}/make-primary`);
    expect(primary.status).toBe(200);
    expect(emailOf(primary.body, 'new.login@example.com')?.reg).toBe(true);
    expect(emailOf(primary.body, 'old.login@example.com')?.reg).toBe(false);
    const refresh = await call(t.app, {
      method: 'POST',
      url: '/api/auth/token-refresh',
      payload: { refresh_token: old.refresh_token },
    });
    expect(refresh.status).toBe(401);

    // Sign in with the new login; the old address is no login any more.
    const next = await signInWithCode(t.app, 'new.login@example.com');
    const oldLogin = await call(t.app, { method: 'POST', url: '/api/auth/code', payload: { login: 'old.login@example.com' } });
    expect(oldLogin.status).toBe(404);

    // The primary cannot be removed; the old one can.
    const primaryId = emailOf(primary.body, 'new.login@example.com')!.id;
    const refused = await send(next.token, 'DELETE', `/api/email/${primaryId}`);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'primary_email_cannot_be_removed',
      message: 'Your primary email cannot be removed',
    });
    const oldId = emailOf(primary.body, 'old.login@example.com')!.id;
    const removed = await send(next.token, 'DELETE', `/api/email/${oldId}`);
    expect(removed.status).toBe(200);
    expect(customerSchema.parse(removed.body).emails.map((e) => e.address)).toEqual(['new.login@example.com']);
  });
});

describe('e-mails', () => {
  it('refuses a malformed address with 422 on value', async () => {
    const { token } = await registerCustomer(t.app, 'bad.input@example.com');
    const res = await send(token, 'POST', '/api/email', { value: 'not-an-email' });
    expect(res.status).toBe(422);
    expect(res.body.data).toEqual({ value: ['This field has wrong format'] });
  });

  it('answers 409 for an address verified by another account, and for one already added', async () => {
    await registerCustomer(t.app, 'taken@example.com');
    const { token } = await registerCustomer(t.app, 'taker@example.com');
    const taken = await send(token, 'POST', '/api/email', { value: 'taken@example.com' });
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe('contact_taken');
    const own = await send(token, 'POST', '/api/email', { value: 'taker@example.com' });
    expect(own.status).toBe(409);
    expect(own.body.code).toBe('contact_already_added');
  });

  it('resends the code only after the countdown', async () => {
    const { token } = await registerCustomer(t.app, 'resend@example.com');
    const added = await send(token, 'POST', '/api/email', { value: 'resend.other@example.com' });
    const id = emailOf(added.body, 'resend.other@example.com')!.id;
    const early = await send(token, 'POST', `/api/email/${id}/code`);
    expect(early.status).toBe(429);
    expect(early.body.code).toBe('resend_too_soon');
    t.clock.advance(61_000);
    const again = await send(token, 'POST', `/api/email/${id}/code`);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ channel: 'email', resendIn: 60 });
  });

  it('updates the marketing preference', async () => {
    const { token } = await registerCustomer(t.app, 'prefs@example.com');
    const me = await call(t.app, { method: 'GET', url: '/api/auth/me', headers: bearer(token) });
    const id = emailOf(me.body, 'prefs@example.com')!.id;
    const res = await send(token, 'PATCH', `/api/email/${id}`, { receiveMarketingMailing: true });
    expect(res.status).toBe(200);
    expect(emailOf(res.body, 'prefs@example.com')?.receiveMarketingMailing).toBe(true);
    const bad = await send(token, 'PATCH', `/api/email/${id}`, { receiveMarketingMailing: 'yes' });
    expect(bad.status).toBe(422);
  });

  it("answers 404 for another customer's e-mail", async () => {
    const owner = await registerCustomer(t.app, 'owner.mail@example.com');
    const ownerView = await addAndVerify(owner.token, 'owner.second@example.com');
    const id = ownerView.emails.find((e) => e.address === 'owner.second@example.com')!.id;
    const { token } = await registerCustomer(t.app, 'intruder.mail@example.com');
    for (const [method, url, payload] of [
      ['POST', `/api/email/${id}/verify`, { code: '123456' }],
      ['POST', `/api/email/${id}/code`, undefined],
      ['POST', `/api/email/${id}/make-primary`, undefined],
      ['PATCH', `/api/email/${id}`, { receiveMarketingMailing: true }],
      ['DELETE', `/api/email/${id}`, undefined],
    ] as const) {
      const res = await send(token, method, url, payload);
      expect(res.status, `${method} ${url}`).toBe(404);
    }
    const still = await call(t.app, { method: 'GET', url: '/api/auth/me', headers: bearer(owner.token) });
    expect(emailOf(still.body, 'owner.second@example.com')).toMatchObject({ verified: true, receiveMarketingMailing: false });
  });
});
