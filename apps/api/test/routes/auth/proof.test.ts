/**
 * Recent proof (issue 17): a stolen access token alone cannot take an account. Changes that could
 * (a first password, adding, verifying, making primary and removing an e-mail or phone) need a
 * sign-in in the last 5 minutes or a proof (current password, or a code sent to the primary
 * contact) in the last 10, on THIS session; and each such change sends a notice to the primary
 * contact as it was before it, in the customer's language.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROOF_VALID_MINUTES, RECENT_SIGN_IN_PROOF_MINUTES, formatDateTime } from '@otc/sdk';
import { customerSchema, proofStatusSchema } from '@otc/sdk/schemas';
import { GUARD_FREE_TRIES } from '../../../src/services/sign-in-guard.js';
import {
  bearer,
  buildTestApp,
  call,
  outboxCode,
  registerCustomer,
  signInWithCode,
  type TestApp,
  type Tokens,
} from '../../helpers.js';

const PUBLIC_URL = 'https://shop.example.com';
const SUPPORT_PHONE = '+1 (555) 010-0000';
/** Just past the window in which a sign-in counts as proof. */
const SIGN_IN_WINDOW_PASSED_MS = RECENT_SIGN_IN_PROOF_MINUTES * 60_000 + 1_000;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    config: {
      publicUrl: PUBLIC_URL,
      supportPhone: SUPPORT_PHONE,
      codeClientFreePerHour: 1000,
      codeLoginFreePerHour: 100,
      codeResendSeconds: 0,
    },
  });
});
afterAll(async () => t?.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const send = (token: string, method: Method, url: string, payload?: object) =>
  call(t.app, { method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const prove = (token: string, payload: object) => send(token, 'POST', '/api/auth/proof', payload);
const refresh = async (tokens: Tokens): Promise<Tokens> => {
  const res = await call(t.app, {
    method: 'POST',
    url: '/api/auth/token-refresh',
    payload: { refresh_token: tokens.refresh_token },
  });
  expect(res.status).toBe(200);
  return res.body as unknown as Tokens;
};
const signIn = async (username: string, password: string): Promise<Tokens> => {
  const res = await call(t.app, {
    method: 'POST',
    url: '/api/auth/login',
    payload: { username, password },
  });
  expect(res.status).toBe(200);
  return res.body as unknown as Tokens;
};

interface OutboxMessage {
  to: string;
  channel: 'email' | 'sms';
  subject: string;
  text: string;
  code: string | null;
}
/** Messages to an address or phone, newest first. */
async function outbox(to: string): Promise<OutboxMessage[]> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/dev/outbox?to=${encodeURIComponent(to)}`,
  });
  return (res.json() as { messages: OutboxMessage[] }).messages;
}
/** Notices (messages without a code) to an address or phone, newest first. */
const notices = async (to: string) => (await outbox(to)).filter((m) => m.code === null);

const REFUSED = {
  message: 'For your security, please confirm it is you first.',
  code: 'recent_proof_required',
};

const path = (kind: 'email' | 'phone') => (kind === 'email' ? '/api/email' : '/api/phone');
function contactId(body: unknown, kind: 'email' | 'phone', value: string): number {
  const customer = customerSchema.parse(body);
  const found =
    kind === 'email'
      ? customer.emails.find((e) => e.address === value)
      : customer.phones.find((p) => p.number === value);
  if (!found) throw new Error(`${value} is not on the customer`);
  return found.id;
}
async function add(token: string, kind: 'email' | 'phone', value: string): Promise<number> {
  const added = await send(token, 'POST', path(kind), { value });
  expect(added.status).toBe(200);
  return contactId(added.body, kind, value);
}
async function verify(token: string, kind: 'email' | 'phone', id: number, value: string) {
  const verified = await send(token, 'POST', `${path(kind)}/${id}/verify`, {
    code: await outboxCode(t.app, value),
  });
  expect(verified.status).toBe(200);
}
async function addVerified(token: string, kind: 'email' | 'phone', value: string): Promise<number> {
  const id = await add(token, kind, value);
  await verify(token, kind, id, value);
  return id;
}
/** Proves a session with the code the primary contact receives. */
async function proveByCode(token: string, primary: string) {
  const sent = await send(token, 'POST', '/api/auth/proof/code');
  expect(sent.status).toBe(200);
  const proven = await prove(token, { code: await outboxCode(t.app, primary) });
  expect(proven.status).toBe(200);
  return proofStatusSchema.parse(proven.body);
}

describe('changes that could take an account need a recent proof', () => {
  it('refuses each of them 403 once the sign-in is older than 5 minutes; with a password proof they work', async () => {
    const owner = await registerCustomer(t.app, 'routes.owner@example.com', {
      password: 'Owner1234',
    });
    // While the sign-in is recent, the setup needs no proof.
    const second = await addVerified(owner.token, 'email', 'routes.second@example.com');
    const pending = await add(owner.token, 'email', 'routes.pending@example.com');
    const phone = await addVerified(owner.token, 'phone', '2025550141');
    const phone2 = await addVerified(owner.token, 'phone', '2025550142');
    const pendingPhone = await add(owner.token, 'phone', '2025550143');

    t.clock.advance(SIGN_IN_WINDOW_PASSED_MS);
    const attempts: [string, Method, string, object | undefined][] = [
      ['addEmail', 'POST', '/api/email', { value: 'routes.more@example.com' }],
      ['verifyEmail', 'POST', `/api/email/${pending}/verify`, { code: '123456' }],
      ['makeEmailPrimary', 'POST', `/api/email/${second}/make-primary`, undefined],
      ['removeEmail', 'DELETE', `/api/email/${second}`, undefined],
      ['addPhone', 'POST', '/api/phone', { value: '2025550144' }],
      ['verifyPhone', 'POST', `/api/phone/${pendingPhone}/verify`, { code: '123456' }],
      ['makePhonePrimary', 'POST', `/api/phone/${phone2}/make-primary`, undefined],
      ['removePhone', 'DELETE', `/api/phone/${phone2}`, undefined],
      // Before the body is read: a malformed one answers the same.
      ['addEmail (bad body)', 'POST', '/api/email', { value: 42 }],
    ];
    for (const [name, method, url, payload] of attempts) {
      const res = await send(owner.token, method, url, payload);
      expect([name, res.status, res.body]).toEqual([name, 403, REFUSED]);
    }
    // The status says so, and how to prove it.
    const status = await send(owner.token, 'GET', '/api/auth/proof');
    expect(status.status).toBe(200);
    expect(status.body).toEqual({
      provenUntil: null,
      methods: ['password', 'code'],
      codeChannel: 'email',
      codeTo: 'r•••@example.com',
    });
    // Resending a code and preferences need none.
    expect(
      (await send(owner.token, 'PATCH', `/api/phone/${phone}`, { receiveSms: false })).status,
    ).toBe(200);

    // The current password proves the session for 10 minutes.
    const proven = await prove(owner.token, { password: 'Owner1234' });
    expect(proven.status).toBe(200);
    expect(proofStatusSchema.parse(proven.body)).toEqual({
      provenUntil: new Date(t.clock.now().getTime() + PROOF_VALID_MINUTES * 60_000).toISOString(),
      methods: ['password', 'code'],
      codeChannel: 'email',
      codeTo: 'r•••@example.com',
    });
    expect((await send(owner.token, 'GET', '/api/auth/proof')).body.provenUntil).toBe(
      proven.body.provenUntil,
    );

    expect(
      (await send(owner.token, 'POST', '/api/email', { value: 'routes.more@example.com' })).status,
    ).toBe(200);
    await verify(owner.token, 'email', pending, 'routes.pending@example.com');
    expect((await send(owner.token, 'DELETE', `/api/email/${pending}`)).status).toBe(200);
    expect((await send(owner.token, 'POST', '/api/phone', { value: '2025550144' })).status).toBe(
      200,
    );
    await verify(owner.token, 'phone', pendingPhone, '2025550143');
    expect((await send(owner.token, 'DELETE', `/api/phone/${pendingPhone}`)).status).toBe(200);
    expect((await send(owner.token, 'POST', `/api/phone/${phone2}/make-primary`)).status).toBe(200);

    // Making a contact primary ended every session; a new sign-in proves for 5 minutes again.
    expect((await send(owner.token, 'GET', '/api/auth/me')).status).toBe(401);
    const again = await signIn('routes.owner@example.com', 'Owner1234');
    expect((await send(again.token, 'POST', `/api/email/${second}/make-primary`)).status).toBe(200);
  });

  it('a first password needs a recent proof; the proof code to the primary contact gives one', async () => {
    const tokens = await registerCustomer(t.app, 'first.password@example.com');
    t.clock.advance(SIGN_IN_WINDOW_PASSED_MS);
    const body = { password: 'First1234', passwordConfirmation: 'First1234' };
    const refused = await send(tokens.token, 'PUT', '/api/customer/password', body);
    expect([refused.status, refused.body]).toEqual([403, REFUSED]);
    // A current password the account does not have proves nothing.
    const made = await send(tokens.token, 'PUT', '/api/customer/password', {
      ...body,
      currentPassword: 'Guess1234',
    });
    expect(made.status).toBe(403);

    const status = await send(tokens.token, 'GET', '/api/auth/proof');
    expect(status.body).toMatchObject({
      provenUntil: null,
      methods: ['code'],
      codeTo: 'f•••@example.com',
    });
    const sent = await send(tokens.token, 'POST', '/api/auth/proof/code');
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ channel: 'email' });
    const [message] = await outbox('first.password@example.com');
    expect(message?.subject).toBe('Your code to confirm it is you');

    const proven = await prove(tokens.token, { code: message!.code });
    expect(proven.status).toBe(200);
    expect(proven.body.provenUntil).toEqual(expect.any(String));
    const set = await send(tokens.token, 'PUT', '/api/customer/password', body);
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ hasPassword: true });
    // While proven, a change needs no current password either.
    const changed = await send(tokens.token, 'PUT', '/api/customer/password', {
      password: 'Second1234',
      passwordConfirmation: 'Second1234',
    });
    expect(changed.status).toBe(200);
  });

  it('a phone login gets its proof code by SMS, shown masked', async () => {
    const tokens = await registerCustomer(t.app, '(202) 555-0150');
    t.clock.advance(SIGN_IN_WINDOW_PASSED_MS);
    const status = await send(tokens.token, 'GET', '/api/auth/proof');
    expect(status.body).toEqual({
      provenUntil: null,
      methods: ['code'],
      codeChannel: 'sms',
      codeTo: '(•••) •••-0150',
    });
    const proven = await proveByCode(tokens.token, '2025550150');
    expect(proven.provenUntil).not.toBeNull();
    expect(
      (await send(tokens.token, 'POST', '/api/email', { value: 'sms.owner@example.com' })).status,
    ).toBe(200);
  });

  it('within 5 minutes of the sign-in the session counts as proven', async () => {
    const tokens = await registerCustomer(t.app, 'fresh@example.com');
    const signedInAt = t.clock.now().getTime();
    const status = await send(tokens.token, 'GET', '/api/auth/proof');
    expect(status.body.provenUntil).toBe(
      new Date(signedInAt + RECENT_SIGN_IN_PROOF_MINUTES * 60_000).toISOString(),
    );
    t.clock.advance(RECENT_SIGN_IN_PROOF_MINUTES * 60_000 - 1_000);
    expect(
      (await send(tokens.token, 'POST', '/api/email', { value: 'fresh.two@example.com' })).status,
    ).toBe(200);
    t.clock.advance(2_000);
    expect(
      (await send(tokens.token, 'POST', '/api/email', { value: 'fresh.three@example.com' })).status,
    ).toBe(403);
  });

  it('a proof is for this session only', async () => {
    await registerCustomer(t.app, 'two.sessions@example.com', { password: 'Two12345' });
    const a = await signIn('two.sessions@example.com', 'Two12345');
    const b = await signIn('two.sessions@example.com', 'Two12345');
    t.clock.advance(SIGN_IN_WINDOW_PASSED_MS);
    expect((await prove(a.token, { password: 'Two12345' })).status).toBe(200);
    expect((await send(a.token, 'POST', '/api/email', { value: 'two.a@example.com' })).status).toBe(
      200,
    );
    const other = await send(b.token, 'POST', '/api/email', { value: 'two.b@example.com' });
    expect([other.status, other.body]).toEqual([403, REFUSED]);
    expect((await send(b.token, 'GET', '/api/auth/proof')).body.provenUntil).toBeNull();
  });

  it('a proof lasts 10 minutes; refreshing the tokens does not renew it', async () => {
    const tokens = await registerCustomer(t.app, 'expiry@example.com', { password: 'Expiry123' });
    t.clock.advance(SIGN_IN_WINDOW_PASSED_MS);
    expect((await prove(tokens.token, { password: 'Expiry123' })).status).toBe(200);
    t.clock.advance(PROOF_VALID_MINUTES * 60_000 - 2_000);
    expect(
      (await send(tokens.token, 'POST', '/api/email', { value: 'expiry.one@example.com' })).status,
    ).toBe(200);
    t.clock.advance(2_000);
    const next = await refresh(tokens);
    const late = await send(next.token, 'POST', '/api/email', { value: 'expiry.two@example.com' });
    expect([late.status, late.body]).toEqual([403, REFUSED]);
    expect((await send(next.token, 'GET', '/api/auth/proof')).body.provenUntil).toBeNull();
  });

  it('takes exactly one of password and code (422 per field); a wrong code or a sign-in code proves nothing', async () => {
    const tokens = await registerCustomer(t.app, 'exactly.one@example.com', {
      password: 'Exact1234',
    });
    t.clock.advance(SIGN_IN_WINDOW_PASSED_MS);
    const neither = await prove(tokens.token, {});
    expect(neither.status).toBe(422);
    expect(neither.body.data).toEqual({ password: ['Required'], code: ['Required'] });
    const both = await prove(tokens.token, { password: 'Exact1234', code: '123456' });
    expect(both.status).toBe(422);
    expect(Object.keys(both.body.data as object)).toEqual(['password', 'code']);

    await send(tokens.token, 'POST', '/api/auth/proof/code');
    const wrong = await prove(tokens.token, {
      code: (await outboxCode(t.app, 'exactly.one@example.com')) === '000000' ? '111111' : '000000',
    });
    expect([wrong.status, wrong.body.code]).toEqual([422, 'invalid_code']);
    // A sign-in code to the same address is no proof code.
    await call(t.app, {
      method: 'POST',
      url: '/api/auth/code',
      payload: { login: 'exactly.one@example.com' },
    });
    const signInCode = await prove(tokens.token, {
      code: await outboxCode(t.app, 'exactly.one@example.com'),
    });
    expect([signInCode.status, signInCode.body.code]).toEqual([422, 'invalid_code']);
    expect(
      (await send(tokens.token, 'POST', '/api/email', { value: 'exactly.two@example.com' })).status,
    ).toBe(403);
  });

  it('wrong proof passwords count on the sign-in lock: 10, then 429 for the proof and the sign-in form', async () => {
    const tokens = await registerCustomer(t.app, 'guess.proof@example.com', {
      password: 'Right1234',
    });
    t.clock.advance(SIGN_IN_WINDOW_PASSED_MS);
    for (let i = 0; i < GUARD_FREE_TRIES; i++) {
      const wrong = await prove(tokens.token, { password: `Wrong${1000 + i}` });
      expect(wrong.status).toBe(422);
      expect(wrong.body.fields).toEqual({ password: [{ code: 'current_password_incorrect' }] });
    }
    const locked = await prove(tokens.token, { password: 'Right1234' });
    expect([locked.status, locked.body.code]).toEqual([429, 'too_many_requests']);
    const form = await call(t.app, {
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'guess.proof@example.com', password: 'Right1234' },
    });
    expect(form.status).toBe(429);
    expect((await send(tokens.token, 'GET', '/api/auth/proof')).body.provenUntil).toBeNull();
  });
});

describe('notices of such changes', () => {
  it('go to the primary contact as it was before the change, in Spanish for a Spanish customer', async () => {
    const tokens = await registerCustomer(t.app, 'rosa.notices@example.com');
    expect(
      (await send(tokens.token, 'PATCH', '/api/customer/data', { interfaceLanguage: 'es' })).status,
    ).toBe(200);

    const added = await addVerified(tokens.token, 'email', 'nueva.notices@example.com');
    const [addedNotice] = await notices('rosa.notices@example.com');
    const when = `${formatDateTime(t.clock.now().toISOString(), 'es', { timeZone: 'UTC' })} UTC`;
    expect(addedNotice).toMatchObject({
      channel: 'email',
      subject: 'Se agregó un contacto nuevo a su cuenta',
    });
    expect(addedNotice!.text.split('\n')).toEqual(
      [
        'Se agregó un correo electrónico nuevo a su cuenta: n•••@example.com.',
        `Cuándo: ${when}.`,
        '',
        'Si fue usted, no tiene que hacer nada.',
        // The "This was not me" link (issue 32; test/routes/account-undo) to the Spanish page.
        expect.stringMatching(new RegExp(`^No fui yo: ${PUBLIC_URL}/es/account/undo\\?token=[\\w-]{43}$`)),
        'Ese enlace deshace el cambio y cierra la sesión en todos los dispositivos. Sirve una vez, durante 7 días.',
        'Si no fue usted, avísenos enseguida:',
        `Abra ${PUBLIC_URL}/es/account/security`,
        `O llámenos al ${SUPPORT_PHONE}.`,
      ],
    );
    // Nothing to the new address but its code.
    expect(await notices('nueva.notices@example.com')).toEqual([]);

    // Made primary: the notice goes to the OLD primary.
    expect((await send(tokens.token, 'POST', `/api/email/${added}/make-primary`)).status).toBe(200);
    const [primaryNotice] = await notices('rosa.notices@example.com');
    expect(primaryNotice?.text).toContain(
      'Ahora inicia sesión con el correo electrónico n•••@example.com.',
    );
    expect(await notices('nueva.notices@example.com')).toEqual([]);

    // Removing the old one: the notice goes to the primary of that moment (the new one).
    const again = await signInWithCode(t.app, 'nueva.notices@example.com');
    const oldId = contactId(
      (await send(again.token, 'GET', '/api/auth/me')).body,
      'email',
      'rosa.notices@example.com',
    );
    expect((await send(again.token, 'DELETE', `/api/email/${oldId}`)).status).toBe(200);
    const [removedNotice] = await notices('nueva.notices@example.com');
    expect(removedNotice?.text).toContain(
      'Se quitó el correo electrónico r•••@example.com de su cuenta.',
    );

    // A first password.
    expect(
      (
        await send(again.token, 'PUT', '/api/customer/password', {
          password: 'Rosa12345',
          passwordConfirmation: 'Rosa12345',
        })
      ).status,
    ).toBe(200);
    const [passwordNotice] = await notices('nueva.notices@example.com');
    expect(passwordNotice).toMatchObject({ subject: 'Se agregó una contraseña a su cuenta' });
    expect(
      (await notices('nueva.notices@example.com')).every((m) => !m.text.includes('nueva.notices@')),
    ).toBe(true);
  });

  it('phones: added and made primary, the notice goes by SMS to the old primary phone; English by default', async () => {
    const tokens = await registerCustomer(t.app, '(202) 555-0160');
    const added = await addVerified(tokens.token, 'phone', '2025550161');
    expect((await send(tokens.token, 'POST', `/api/phone/${added}/make-primary`)).status).toBe(200);
    const [primaryNotice, addedNotice] = await notices('2025550160');
    expect(addedNotice).toMatchObject({
      channel: 'sms',
      subject: 'A new contact was added to your account',
    });
    expect(addedNotice?.text.split('\n')[0]).toBe(
      'A new phone number was added to your account: (•••) •••-0161.',
    );
    expect(primaryNotice?.text.split('\n')[0]).toBe(
      'You now sign in with the phone number (•••) •••-0161.',
    );
    expect(primaryNotice?.text).toContain(`Open ${PUBLIC_URL}/account/security`);
    expect(primaryNotice?.text).toContain(`Or call us at ${SUPPORT_PHONE}.`);
    expect(await notices('2025550161')).toEqual([]);
  });

  it('a password changed or recovered is told to the primary contact', async () => {
    const tokens = await registerCustomer(t.app, 'pw.notices@example.com', {
      password: 'Before123',
    });
    const changed = await send(tokens.token, 'PUT', '/api/customer/password', {
      currentPassword: 'Before123',
      password: 'After1234',
      passwordConfirmation: 'After1234',
    });
    expect(changed.status).toBe(200);
    expect((await notices('pw.notices@example.com'))[0]).toMatchObject({
      subject: 'Your password was changed',
    });

    await call(t.app, {
      method: 'POST',
      url: '/api/auth/recovery/code',
      payload: { login: 'pw.notices@example.com' },
    });
    const code = await outboxCode(t.app, 'pw.notices@example.com');
    const recovered = await call(t.app, {
      method: 'POST',
      url: '/api/auth/recovery',
      payload: {
        login: 'pw.notices@example.com',
        code,
        password: 'Again1234',
        passwordConfirmation: 'Again1234',
      },
    });
    expect(recovered.status).toBe(200);
    const [notice] = await notices('pw.notices@example.com');
    expect(notice).toMatchObject({ subject: 'Your password was reset' });
    expect(notice?.text.split('\n')[0]).toBe('Your password was reset with a recovery code.');
  });
});

describe('a stolen access token', () => {
  it('cannot take the account: every step of the takeover fails', async () => {
    const owner = await registerCustomer(t.app, 'victim@example.com');
    // The thief copies the access token; the owner goes on with their day.
    const stolen = owner.token;
    t.clock.advance(6 * 60_000);

    // 1. A first password, to sign in later without a code.
    const password = await send(stolen, 'PUT', '/api/customer/password', {
      password: 'Thief1234',
      passwordConfirmation: 'Thief1234',
    });
    expect([password.status, password.body]).toEqual([403, REFUSED]);
    // 2. Add the thief's e-mail (and so verify it, make it primary).
    const email = await send(stolen, 'POST', '/api/email', { value: 'thief@example.com' });
    expect([email.status, email.body]).toEqual([403, REFUSED]);
    const phone = await send(stolen, 'POST', '/api/phone', { value: '2025550199' });
    expect(phone.status).toBe(403);
    // 3. Remove the owner's e-mail (primary: refused anyway, but not even looked at).
    const ownerEmail = contactId(
      (await send(stolen, 'GET', '/api/auth/me')).body,
      'email',
      'victim@example.com',
    );
    expect((await send(stolen, 'DELETE', `/api/email/${ownerEmail}`)).status).toBe(403);
    expect((await send(stolen, 'POST', `/api/email/${ownerEmail}/make-primary`)).status).toBe(403);
    // 4. Prove it: no password to give; the code goes to the owner's e-mail, not the thief.
    const status = await send(stolen, 'GET', '/api/auth/proof');
    expect(status.body).toMatchObject({
      methods: ['code'],
      codeChannel: 'email',
      codeTo: 'v•••@example.com',
    });
    expect((await prove(stolen, { password: 'Guess1234' })).status).toBe(422);
    expect((await send(stolen, 'POST', '/api/auth/proof/code')).status).toBe(200);
    expect(await outbox('thief@example.com')).toEqual([]);
    const guess = await prove(stolen, { code: '000000' });
    expect(guess.status).toBe(422);
    // 5. A refreshed token does not help either.
    const renewed = await refresh(owner);
    expect(
      (await send(renewed.token, 'POST', '/api/email', { value: 'thief@example.com' })).status,
    ).toBe(403);

    // The account is as it was.
    const me = customerSchema.parse((await send(renewed.token, 'GET', '/api/auth/me')).body);
    expect(me.emails.map((e) => e.address)).toEqual(['victim@example.com']);
    expect(me.phones).toEqual([]);
    expect(me.hasPassword).toBe(false);
  });
});
