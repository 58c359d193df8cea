import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, call, outboxCode, registerCustomer, type TestApp } from '../../helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  call(t.app, { method: 'POST', url, payload: payload as object, headers });
const me = (token: string) => call(t.app, { method: 'GET', url: '/api/auth/me', headers: bearer(token) });

describe('registration', () => {
  it('registers with a code and a password, then signs in with the password', async () => {
    const tokens = await registerCustomer(t.app, 'pat@example.com', {
      password: 'Secret123',
      firstName: 'Pat',
      lastName: 'Lee',
    });
    const profile = await me(tokens.token);
    expect(profile.body).toMatchObject({ name: 'Pat Lee', hasPassword: true, balance: '0.00', interfaceLanguage: 'en' });
    const login = await post('/api/auth/login', { username: 'PAT@example.com', password: 'Secret123' });
    expect(login.status).toBe(200);
    expect(login.body).toEqual({ token: expect.any(String), refresh_token: expect.any(String) });
  });

  it('refuses a password that is not complex enough (422 with the SDK message)', async () => {
    await post('/api/auth/register/code', { login: 'weak@example.com' });
    const code = await outboxCode(t.app, 'weak@example.com');
    const weak = await post('/api/auth/register', { login: 'weak@example.com', code, password: 'password' });
    expect(weak.status).toBe(422);
    expect(weak.body.data).toEqual({ password: ["Your password isn't complex enough"] });
    const es = await post(
      '/api/auth/register',
      { login: 'weak@example.com', code, password: 'password' },
      { 'accept-language': 'es' },
    );
    expect(es.body.data).toEqual({ password: ['Su contraseña no es lo bastante segura'] });
  });

  it('answers 409 when the login already has an account', async () => {
    await registerCustomer(t.app, 'taken@example.com');
    const again = await post('/api/auth/register/code', { login: 'taken@example.com' });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('account_exists');
  });

  it('refuses a wrong registration code', async () => {
    await post('/api/auth/register/code', { login: 'wrongcode@example.com' });
    const code = await outboxCode(t.app, 'wrongcode@example.com');
    const wrong = code === '123456' ? '654321' : '123456';
    const res = await post('/api/auth/register', { login: 'wrongcode@example.com', code: wrong });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('invalid_code');
  });
});

describe('password sign-in', () => {
  it('answers 401 "Invalid username or password." for a wrong pair, an unknown login or no password', async () => {
    await registerCustomer(t.app, 'pw@example.com', { password: 'Secret123' });
    await registerCustomer(t.app, 'nopw@example.com');
    for (const payload of [
      { username: 'pw@example.com', password: 'Wrong1234' },
      { username: 'ghost@example.com', password: 'Secret123' },
      { username: 'nopw@example.com', password: 'Secret123' },
      { username: 'not a login', password: 'Secret123' },
    ]) {
      const res = await post('/api/auth/login', payload);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: 'Invalid username or password.', code: 'invalid_credentials' });
    }
    const es = await post('/api/auth/login', { username: 'pw@example.com', password: 'x' }, { 'accept-language': 'es' });
    expect(es.body.message).toBe('Usuario o contraseña no válidos.');
  });

  it('answers 422 when the password is missing', async () => {
    const res = await post('/api/auth/login', { username: 'pw@example.com' });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ data: { password: ['Required'] } });
  });
});

describe('tokens', () => {
  it('rejects calls without a token, with a forged one and with an expired one', async () => {
    const none = await call(t.app, { method: 'GET', url: '/api/auth/me' });
    expect(none.status).toBe(401);
    expect(none.body).toEqual({ message: 'Please sign in to continue.', code: 'unauthorized' });
    expect((await me('abc.def.ghi')).status).toBe(401);
    const tokens = await registerCustomer(t.app, 'expire@example.com');
    expect((await me(tokens.token)).status).toBe(200);
    t.clock.advance(15 * 60_000 + 1000);
    expect((await me(tokens.token)).status).toBe(401);
  });

  it('rotates the refresh token on every use; reusing an old one revokes the family', async () => {
    const first = await registerCustomer(t.app, 'rotate@example.com');
    const second = await post('/api/auth/token-refresh', { refresh_token: first.refresh_token });
    expect(second.status).toBe(200);
    expect(second.body.refresh_token).not.toBe(first.refresh_token);
    expect((await me(String(second.body.token))).status).toBe(200);
    const third = await post('/api/auth/token-refresh', { refresh_token: second.body.refresh_token });
    expect(third.status).toBe(200);

    // The first token again: reuse. The answer is 401 and the newest token dies with its family.
    const reuse = await post('/api/auth/token-refresh', { refresh_token: first.refresh_token });
    expect(reuse.status).toBe(401);
    expect(reuse.body.code).toBe('invalid_refresh_token');
    const afterReuse = await post('/api/auth/token-refresh', { refresh_token: third.body.refresh_token });
    expect(afterReuse.status).toBe(401);
  });

  it('keeps other sessions alive when one family is revoked', async () => {
    const a = await registerCustomer(t.app, 'two@example.com', { password: 'Secret123' });
    const b = (await post('/api/auth/login', { username: 'two@example.com', password: 'Secret123' })).body;
    await post('/api/auth/token-refresh', { refresh_token: a.refresh_token });
    // Past the reuse grace: a's family is revoked.
    t.clock.advance(11_000);
    expect((await post('/api/auth/token-refresh', { refresh_token: a.refresh_token })).status).toBe(401);
    expect((await post('/api/auth/token-refresh', { refresh_token: b.refresh_token })).status).toBe(200);
  });

  it('logout revokes the refresh token', async () => {
    const tokens = await registerCustomer(t.app, 'bye@example.com');
    const out = await post('/api/auth/logout', { refresh_token: tokens.refresh_token });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ ok: true });
    expect((await post('/api/auth/token-refresh', { refresh_token: tokens.refresh_token })).status).toBe(401);
  });

  it('answers 422 for an empty refresh token', async () => {
    const res = await post('/api/auth/token-refresh', { refresh_token: '' });
    expect(res.status).toBe(422);
    expect(res.body.data).toEqual({ refresh_token: ['This value should not be blank.'] });
    expect((await post('/api/auth/logout', { refresh_token: '' })).status).toBe(422);
  });

  it('logout without a refresh token or a session cookie ends nothing and answers ok', async () => {
    const tokens = await registerCustomer(t.app, 'nothing-to-end@example.com');
    expect((await post('/api/auth/logout', {})).body).toEqual({ ok: true });
    expect((await post('/api/auth/token-refresh', { refresh_token: tokens.refresh_token })).status).toBe(200);
  });

  it('refuses an expired refresh token', async () => {
    const tokens = await registerCustomer(t.app, 'old@example.com');
    t.clock.advance(31 * 24 * 60 * 60_000);
    expect((await post('/api/auth/token-refresh', { refresh_token: tokens.refresh_token })).status).toBe(401);
  });
});

describe('recovery', () => {
  it('sets a new password with a recovery code and ends the other sessions', async () => {
    const old = await registerCustomer(t.app, 'lost@example.com', { password: 'Secret123' });
    t.clock.advance(61_000);
    const sent = await post('/api/auth/recovery/code', { login: 'lost@example.com' });
    expect(sent.status).toBe(200);
    const code = await outboxCode(t.app, 'lost@example.com');
    const mismatch = await post('/api/auth/recovery', {
      login: 'lost@example.com',
      code,
      password: 'NewSecret1',
      passwordConfirmation: 'NewSecret2',
    });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.data).toEqual({ passwordConfirmation: ["Passwords don't match"] });
    const done = await post('/api/auth/recovery', {
      login: 'lost@example.com',
      code,
      password: 'NewSecret1',
      passwordConfirmation: 'NewSecret1',
    });
    expect(done.status).toBe(200);
    expect((await post('/api/auth/login', { username: 'lost@example.com', password: 'Secret123' })).status).toBe(401);
    expect((await post('/api/auth/login', { username: 'lost@example.com', password: 'NewSecret1' })).status).toBe(200);
    expect((await post('/api/auth/token-refresh', { refresh_token: old.refresh_token })).status).toBe(401);
  });

  it('answers 404 for a recovery code of an unknown account', async () => {
    const res = await post('/api/auth/recovery/code', { login: 'nobody-here@example.com' });
    expect(res.status).toBe(404);
  });
});
