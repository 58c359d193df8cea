import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerSchema } from '@otc/sdk/schemas';
import { bearer, buildTestApp, call, outboxCode, registerCustomer, signInWithCode, type TestApp } from '../../helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ config: { codeClientFreePerHour: 1000 } });
});
afterAll(async () => t?.close());

const send = (token: string, method: 'POST' | 'PATCH' | 'DELETE' | 'GET', url: string, payload?: object) =>
  call(t.app, { method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const phoneOf = (body: unknown, number: string) =>
  customerSchema.parse(body).phones.find((p) => p.number === number);

describe('phones', () => {
  it('adds a phone (normalized, code by SMS), verifies it, makes it primary, keeps the primary', async () => {
    const tokens = await registerCustomer(t.app, 'phone.owner@example.com');
    const added = await send(tokens.token, 'POST', '/api/phone', { value: '+1 (202) 555-0177' });
    expect(added.status).toBe(200);
    const phone = phoneOf(added.body, '2025550177')!;
    expect(phone).toMatchObject({ reg: false, verified: false, receiveSms: true });
    const code = await outboxCode(t.app, '2025550177');
    const verified = await send(tokens.token, 'POST', `/api/phone/${phone.id}/verify`, { code });
    expect(verified.status).toBe(200);
    expect(phoneOf(verified.body, '2025550177')?.verified).toBe(true);

    const primary = await send(tokens.token, 'POST', `/api/phone/${phone.id}/make-primary`);
    expect(primary.status).toBe(200);
    expect(phoneOf(primary.body, '2025550177')?.reg).toBe(true);
    // The login changed: the session signs in again.
    const refresh = await call(t.app, {
      method: 'POST',
      url: '/api/auth/token-refresh',
      payload: { refresh_token: tokens.refresh_token },
    });
    expect(refresh.status).toBe(401);
    // ...and its access token is refused at once (issue 17), not when it expires.
    expect((await send(tokens.token, 'GET', '/api/auth/me')).status).toBe(401);

    t.clock.advance(61_000);
    const again = await signInWithCode(t.app, '2025550177');
    const removal = await send(again.token, 'DELETE', `/api/phone/${phone.id}`);
    expect(removal.status).toBe(409);
    expect(removal.body).toMatchObject({
      code: 'primary_phone_cannot_be_removed',
      message: 'Your primary phone cannot be removed',
    });
    const es = await call(t.app, {
      method: 'DELETE',
      url: `/api/phone/${phone.id}`,
      headers: { ...bearer(again.token), 'accept-language': 'es' },
    });
    expect(es.body.message).toBe('No se puede eliminar su teléfono principal');
  });

  it('refuses a malformed number with 422 on value', async () => {
    const { token } = await registerCustomer(t.app, 'phone.bad@example.com');
    const res = await send(token, 'POST', '/api/phone', { value: '555-01' });
    expect(res.status).toBe(422);
    expect(res.body.data).toEqual({ value: ['This field has wrong format'] });
  });

  it('updates preferences and removes a non-primary phone', async () => {
    const { token } = await registerCustomer(t.app, 'phone.prefs@example.com');
    const added = await send(token, 'POST', '/api/phone', { value: '2025550178' });
    const id = phoneOf(added.body, '2025550178')!.id;
    const updated = await send(token, 'PATCH', `/api/phone/${id}`, { receiveSms: false, allowMarketingCalls: true });
    expect(updated.status).toBe(200);
    expect(phoneOf(updated.body, '2025550178')).toMatchObject({ receiveSms: false, allowMarketingCalls: true });
    const removed = await send(token, 'DELETE', `/api/phone/${id}`);
    expect(removed.status).toBe(200);
    expect(customerSchema.parse(removed.body).phones).toEqual([]);
  });

  it('answers 409 for a number another account verified', async () => {
    await registerCustomer(t.app, '2025550179');
    const { token } = await registerCustomer(t.app, 'phone.taker@example.com');
    const res = await send(token, 'POST', '/api/phone', { value: '202-555-0179' });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('contact_taken');
  });

  it("answers 404 for another customer's phone", async () => {
    const owner = await registerCustomer(t.app, '2025550180');
    const me = await send(owner.token, 'GET', '/api/auth/me');
    const id = phoneOf(me.body, '2025550180')!.id;
    const { token } = await registerCustomer(t.app, 'phone.intruder@example.com');
    for (const [method, url, payload] of [
      ['POST', `/api/phone/${id}/verify`, { code: '123456' }],
      ['POST', `/api/phone/${id}/code`, undefined],
      ['POST', `/api/phone/${id}/make-primary`, undefined],
      ['PATCH', `/api/phone/${id}`, { receiveSms: false }],
      ['DELETE', `/api/phone/${id}`, undefined],
    ] as const) {
      const res = await send(token, method, url, payload);
      expect(res.status, `${method} ${url}`).toBe(404);
    }
  });
});

describe('adding contacts turned off', () => {
  let off: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    off = await buildTestApp({ config: { addingContactsEnabled: false, supportPhone: '+1 (800) 555-0100' } });
  });
  afterAll(async () => off?.close());

  it('answers 403 adding_contacts_disabled, pointing at the contact center, and says so in the settings', async () => {
    const { token } = await registerCustomer(off.app, 'no.adding@example.com');
    for (const [url, value] of [
      ['/api/email', 'another@example.com'],
      ['/api/phone', '2025550181'],
    ] as const) {
      const res = await call(off.app, { method: 'POST', url, headers: bearer(token), payload: { value } });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('adding_contacts_disabled');
      expect(res.body.message).toContain('contact center at +1 (800) 555-0100');
    }
    const settings = await call(off.app, { method: 'GET', url: '/api/constants' });
    expect(settings.body.addingContactsEnabled).toBe(false);
  });
});
