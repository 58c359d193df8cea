import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECENT_SIGN_IN_PROOF_MINUTES } from '@otc/sdk';
import { customerSchema } from '@otc/sdk/schemas';
import { bearer, buildTestApp, call, registerCustomer, type TestApp } from '../../helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ seed: true });
});
afterAll(async () => t?.close());

const authed = (token: string, method: 'GET' | 'PATCH' | 'PUT', url: string, payload?: object) =>
  call(t.app, { method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

describe('me', () => {
  it('answers the full customer of a demo account (emails, phones, addresses, cards, plan, balance)', async () => {
    const login = await call(t.app, {
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'network.demo@example.com', password: 'Demo1234' },
    });
    expect(login.status).toBe(200);
    const me = await authed(String(login.body.token), 'GET', '/api/auth/me');
    expect(me.status).toBe(200);
    const customer = customerSchema.parse(me.body);
    expect(customer).toMatchObject({
      name: 'Rosa Martinez',
      birthdateStr: '04/18/1952',
      interfaceLanguage: 'es',
      balance: '20.00',
      insurancePlan: { code: 'cl1', name: 'Clear Living One' },
      hasPassword: true,
    });
    expect(customer.phones[0]).toMatchObject({ number: '2025550101', reg: true });
    expect(customer.addresses[0]).toMatchObject({ state: 'FL', zip: '33130' });
    expect(customer.activeInsuranceCard).toMatchObject({ type: 'network', last4: '1001', balance: '150.00' });
    expect(JSON.stringify(me.body)).not.toContain('6035000000001001');
  });
});

describe('profile', () => {
  it('updates profile fields', async () => {
    const tokens = await registerCustomer(t.app, 'profile@example.com');
    const res = await authed(tokens.token, 'PATCH', '/api/customer/data', {
      firstName: 'Ana',
      lastName: 'Ruiz',
      birthdate: '1960-02-29',
      gender: 'F',
      interfaceLanguage: 'es',
      isMarketingEnabled: true,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: 'Ana Ruiz',
      birthdate: '1960-02-29',
      birthdateStr: '02/29/1960',
      gender: 'F',
      interfaceLanguage: 'es',
      isMarketingEnabled: true,
    });
  });

  it('answers 422 per field for bad values', async () => {
    const tokens = await registerCustomer(t.app, 'badprofile@example.com');
    const res = await authed(tokens.token, 'PATCH', '/api/customer/data', {
      birthdate: '29/02/1960',
      gender: 'X',
      firstName: '',
    });
    expect(res.status).toBe(422);
    expect(res.body.data).toEqual({
      birthdate: ['This field has wrong format'],
      gender: ['This field has wrong format'],
      firstName: ['This value should not be blank.'],
    });
  });

  it('needs a session', async () => {
    const res = await call(t.app, { method: 'PATCH', url: '/api/customer/data', payload: { firstName: 'X' } });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('unauthorized');
  });
});

describe('password change', () => {
  it('sets a first password without the current one (a recent sign-in), then requires it', async () => {
    const tokens = await registerCustomer(t.app, 'setpw@example.com');
    const first = await authed(tokens.token, 'PUT', '/api/customer/password', {
      password: 'Secret123',
      passwordConfirmation: 'Secret123',
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ hasPassword: true, passwordUpdatedAt: expect.any(String) });

    // Once the sign-in is no recent proof any more (test/routes/auth/proof.test.ts), the current
    // password is needed.
    t.clock.advance(RECENT_SIGN_IN_PROOF_MINUTES * 60_000 + 1_000);
    const missing = await authed(tokens.token, 'PUT', '/api/customer/password', {
      password: 'Secret456',
      passwordConfirmation: 'Secret456',
    });
    expect(missing.status).toBe(422);
    expect(missing.body.data).toEqual({ currentPassword: ['Required'] });

    const wrong = await authed(tokens.token, 'PUT', '/api/customer/password', {
      currentPassword: 'Nope12345',
      password: 'Secret456',
      passwordConfirmation: 'Secret456',
    });
    expect(wrong.body.data).toEqual({ currentPassword: ['The current password is not correct.'] });

    const weak = await authed(tokens.token, 'PUT', '/api/customer/password', {
      currentPassword: 'Secret123',
      password: 'short',
      passwordConfirmation: 'other',
    });
    expect(weak.body.data).toEqual({
      password: ["Your password isn't complex enough"],
      passwordConfirmation: ["Passwords don't match"],
    });

    const ok = await authed(tokens.token, 'PUT', '/api/customer/password', {
      currentPassword: 'Secret123',
      password: 'Secret456',
      passwordConfirmation: 'Secret456',
    });
    expect(ok.status).toBe(200);
    const login = await call(t.app, {
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'setpw@example.com', password: 'Secret456' },
    });
    expect(login.status).toBe(200);
  });
});

describe('health plans', () => {
  it('lists the plans', async () => {
    const res = await call(t.app, { method: 'GET', url: '/api/health-plans' });
    expect(res.status).toBe(200);
    const codes = (res.body as unknown as { code: string }[]).map((p) => p.code).sort();
    expect(codes).toEqual(['cl1', 'dev', 'ep', 'fc', 'hum', 'mhc', 'uhc', 'uhp', 'wc']);
  });

  it('chooses a plan; an unknown code is a 422', async () => {
    const tokens = await registerCustomer(t.app, 'plan@example.com');
    const chosen = await authed(tokens.token, 'PUT', '/api/customer/health-plan', { code: 'hum' });
    expect(chosen.status).toBe(200);
    expect(chosen.body).toMatchObject({
      insurancePlan: { code: 'hum', name: 'Harbor Medicare Select' },
      insuranceCompany: 'Harbor Health',
    });
    const unknown = await authed(tokens.token, 'PUT', '/api/customer/health-plan', { code: 'zzz' });
    expect(unknown.status).toBe(422);
    expect(unknown.body.code).toBe('plan_not_found');
    const missing = await authed(tokens.token, 'PUT', '/api/customer/health-plan', {});
    expect(missing.status).toBe(422);
    expect(missing.body.data).toEqual({ code: ['Required'] });
  });
});
