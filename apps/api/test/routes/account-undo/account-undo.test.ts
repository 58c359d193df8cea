/**
 * "This was not me" (issue 32, item 6): an access token stolen within 5 minutes of a sign-in can
 * change the sign-in or the password; the notice to the contact as it was before carries a
 * single-use link that undoes the change where it can, locks the password and ends every session
 * (refresh tokens and web sessions), for ACCOUNT_UNDO_DAYS days. Used, expired and changed links
 * answer catalogue codes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorText } from '@otc/sdk';
import { accountUndoAnswerSchema, customerSchema } from '@otc/sdk/schemas';
import {
  bearer,
  buildTestApp,
  call,
  outboxCode,
  registerCustomer,
  setCookieOf,
  signInWithCode,
  type TestApp,
  type Tokens,
} from '../../helpers.js';

const PUBLIC_URL = 'https://shop.example.com';
const DAY_MS = 86_400_000;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    config: { publicUrl: PUBLIC_URL, codeClientFreePerHour: 1000, codeLoginFreePerHour: 100, codeResendSeconds: 0 },
  });
});
afterAll(async () => t?.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const send = (token: string, method: Method, url: string, payload?: object) =>
  call(t.app, { method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const undoUrl = (token: string) => `/api/auth/undo?token=${encodeURIComponent(token)}`;
const preview = (token: string, lang = 'en') =>
  call(t.app, { method: 'GET', url: undoUrl(token), headers: { 'accept-language': lang } });
const undo = (token: string, lang = 'en') =>
  call(t.app, { method: 'POST', url: undoUrl(token), headers: { 'accept-language': lang } });

/** The token of the newest "This was not me" link sent to `to` (development outbox). */
async function undoTokenSentTo(to: string): Promise<string> {
  const res = await call(t.app, { method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(to)}` });
  const messages = res.body.messages as { text: string; code: string | null }[];
  const notice = messages.find((m) => m.code === null);
  const token = notice && /\/account\/undo\?token=([\w-]{43})$/m.exec(notice.text)?.[1];
  if (!token) throw new Error(`no undo link was sent to ${to}`);
  return token;
}

async function me(token: string) {
  const res = await send(token, 'GET', '/api/auth/me');
  return res.status === 200 ? customerSchema.parse(res.body) : null;
}

async function addVerifiedEmail(token: string, address: string): Promise<number> {
  const added = await send(token, 'POST', '/api/email', { value: address });
  expect(added.status).toBe(200);
  const id = customerSchema.parse(added.body).emails.find((e) => e.address === address)!.id;
  const verified = await send(token, 'POST', `/api/email/${id}/verify`, { code: await outboxCode(t.app, address) });
  expect(verified.status).toBe(200);
  return id;
}

const passwordLogin = (username: string, password: string) =>
  call(t.app, { method: 'POST', url: '/api/auth/login', payload: { username, password } });

/** A web session (the `otc_session` cookie) signed in by password. */
async function webSignIn(username: string, password: string): Promise<string> {
  const res = await call(t.app, {
    method: 'POST',
    url: '/api/auth/login',
    headers: { 'x-auth-mode': 'session' },
    payload: { username, password },
  });
  expect(res.status).toBe(200);
  return `otc_session=${setCookieOf(res.response, 'otc_session')!.value}`;
}
const webMe = (cookie: string) => call(t.app, { method: 'GET', url: '/api/auth/me', headers: { cookie } });

describe('the "This was not me" link of a changed sign-in', () => {
  it('shows what it will undo, then gives the old sign-in back, removes the new one, locks the password and ends every session', async () => {
    const owner = 'undo.owner@example.com';
    const thiefAddress = 'undo.thief@example.com';
    const stolen = await registerCustomer(t.app, owner, { password: 'Owner1234' });
    const ownersWeb = await webSignIn(owner, 'Owner1234');

    // Within 5 minutes of the sign-in, the stolen token needs no proof.
    const thiefEmail = await addVerifiedEmail(stolen.token, thiefAddress);
    expect((await send(stolen.token, 'POST', `/api/email/${thiefEmail}/make-primary`)).status).toBe(200);
    // The thief signs in again with their own address, by code and in a web session.
    const thief = await signInWithCode(t.app, thiefAddress);
    // A fresh sign-in is a proof: no current password needed.
    const thiefPassword = await send(thief.token, 'PUT', '/api/customer/password', {
      password: 'Thief1234',
      passwordConfirmation: 'Thief1234',
    });
    expect(thiefPassword.status).toBe(200);
    const thiefWeb = await webSignIn(thiefAddress, 'Thief1234');
    expect((await webMe(thiefWeb)).status).toBe(200);

    // The make-primary's notice went to the old address; the password's to the thief's.
    const token = await undoTokenSentTo(owner);
    const seen = await preview(token);
    expect(seen.status).toBe(200);
    expect(accountUndoAnswerSchema.parse(seen.body)).toMatchObject({
      action: 'would_undo',
      change: 'contact_made_primary',
      contact: 'u•••@example.com',
      restores: 'u•••@example.com',
    });
    expect(seen.response.headers['cache-control']).toContain('no-store');
    // Opening the page changes nothing.
    expect((await me(thief.token))?.emails.find((e) => e.reg)?.address).toBe(thiefAddress);

    const done = await undo(token);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ action: 'undone', change: 'contact_made_primary' });

    // Every session ended: the thief's tokens and web session, the owner's web session.
    expect(await me(thief.token)).toBeNull();
    const renewed = await call(t.app, { method: 'POST', url: '/api/auth/token-refresh', payload: { refresh_token: thief.refresh_token } });
    expect(renewed.status).toBe(401);
    expect((await webMe(thiefWeb)).status).toBe(401);
    expect((await webMe(ownersWeb)).status).toBe(401);
    // The thief's address is no sign-in any more; the password is locked, whichever was set.
    expect((await passwordLogin(thiefAddress, 'Thief1234')).status).toBe(401);
    expect((await passwordLogin(owner, 'Thief1234')).status).toBe(401);
    expect((await passwordLogin(owner, 'Owner1234')).status).toBe(401);
    // The old sign-in works again by a code to it, and the account is the owner's alone.
    const back = await signInWithCode(t.app, owner);
    const account = await me(back.token);
    expect(account?.emails.map((e) => [e.address, e.reg])).toEqual([[owner, true]]);
    expect(account?.hasPassword).toBe(false);
    // The owner recovers the account: a new password through the restored sign-in.
    const code = await call(t.app, { method: 'POST', url: '/api/auth/recovery/code', payload: { login: owner } });
    expect(code.status).toBe(200);
    const recovered = await call(t.app, {
      method: 'POST',
      url: '/api/auth/recovery',
      payload: { login: owner, code: await outboxCode(t.app, owner), password: 'Owner5678', passwordConfirmation: 'Owner5678' },
    });
    expect(recovered.status).toBe(200);
    expect((await passwordLogin(owner, 'Owner5678')).status).toBe(200);

    // Once only.
    expect(await undo(token)).toMatchObject({ status: 410, body: { code: 'undo_link_used' } });
    expect(await preview(token, 'es')).toMatchObject({
      status: 410,
      body: { code: 'undo_link_used', message: errorText('undo_link_used', 'es') },
    });
  });

  it('two posts of one link at once undo once', async () => {
    const owner = 'undo.twice@example.com';
    const stolen = await registerCustomer(t.app, owner);
    const other = await addVerifiedEmail(stolen.token, 'undo.twice.other@example.com');
    expect((await send(stolen.token, 'POST', `/api/email/${other}/make-primary`)).status).toBe(200);
    const token = await undoTokenSentTo(owner);
    const answers = await Promise.all([undo(token), undo(token)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 410]);
  });
});

describe('the link of a password change', () => {
  it('expires after its days; within them it locks the password and signs out the device that changed it', async () => {
    const owner = 'undo.password@example.com';
    const stolen = await registerCustomer(t.app, owner, { password: 'Owner1234' });
    const change = (password: string) =>
      send(stolen.token, 'PUT', '/api/customer/password', { currentPassword: 'Owner1234', password, passwordConfirmation: password });
    expect((await change('Thief1234')).status).toBe(200);
    const late = await undoTokenSentTo(owner);
    expect((await preview(late)).body).toMatchObject({ change: 'password_changed', contact: null, restores: null });

    t.clock.advance(7 * DAY_MS);
    expect(await preview(late)).toMatchObject({ status: 410, body: { code: 'undo_link_expired' } });
    expect(await undo(late, 'es')).toMatchObject({
      status: 410,
      body: { code: 'undo_link_expired', message: errorText('undo_link_expired', 'es') },
    });
    expect((await passwordLogin(owner, 'Thief1234')).status).toBe(200);

    // A new sign-in, a new change, its link followed in time.
    const again: Tokens = (await passwordLogin(owner, 'Thief1234')).body as unknown as Tokens;
    const changed = await send(again.token, 'PUT', '/api/customer/password', {
      currentPassword: 'Thief1234',
      password: 'Thief5678',
      passwordConfirmation: 'Thief5678',
    });
    expect(changed.status).toBe(200);
    // The changing device kept its session: the undo ends it.
    expect(await me(again.token)).not.toBeNull();
    const token = await undoTokenSentTo(owner);
    t.clock.advance(7 * DAY_MS - 1000);
    expect((await undo(token)).status).toBe(200);
    expect(await me(again.token)).toBeNull();
    expect((await passwordLogin(owner, 'Thief5678')).status).toBe(401);
  });
});

describe('the link of a contact added or removed', () => {
  it('removes the contact that was added, and gives back one that was removed', async () => {
    const owner = 'undo.contacts@example.com';
    const stolen = await registerCustomer(t.app, owner);
    const added = await addVerifiedEmail(stolen.token, 'undo.added@example.com');
    const addedLink = await undoTokenSentTo(owner);
    expect((await preview(addedLink)).body).toMatchObject({ change: 'contact_added', contact: 'u•••@example.com' });
    expect((await undo(addedLink)).status).toBe(200);
    const afterAdd = await signInWithCode(t.app, owner);
    expect((await me(afterAdd.token))?.emails.map((e) => e.address)).toEqual([owner]);
    expect(added).toBeGreaterThan(0);

    const kept = await addVerifiedEmail(afterAdd.token, 'undo.kept@example.com');
    expect((await send(afterAdd.token, 'DELETE', `/api/email/${kept}`)).status).toBe(200);
    const removedLink = await undoTokenSentTo(owner);
    expect((await undo(removedLink)).body).toMatchObject({ change: 'contact_removed', action: 'undone' });
    const afterRemove = await signInWithCode(t.app, owner);
    const emails = (await me(afterRemove.token))?.emails ?? [];
    expect(emails.map((e) => [e.address, e.verified, e.reg]).sort()).toEqual([
      [owner, true, true],
      ['undo.kept@example.com', true, false],
    ]);
  });
});

describe('a link that is not one', () => {
  it('answers 404 undo_link_invalid, in English and Spanish, for a changed or made-up token', async () => {
    const owner = 'undo.changed@example.com';
    const stolen = await registerCustomer(t.app, owner, { password: 'Owner1234' });
    await send(stolen.token, 'PUT', '/api/customer/password', { currentPassword: 'Owner1234', password: 'Other1234', passwordConfirmation: 'Other1234' });
    const token = await undoTokenSentTo(owner);
    const changed = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const bad of [changed, 'not-a-token', `${token}x`]) {
      expect(await preview(bad)).toMatchObject({ status: 404, body: { code: 'undo_link_invalid', message: errorText('undo_link_invalid', 'en') } });
      expect(await undo(bad, 'es')).toMatchObject({ status: 404, body: { code: 'undo_link_invalid', message: errorText('undo_link_invalid', 'es') } });
    }
    // The real link still works.
    expect((await undo(token)).status).toBe(200);
  });
});

describe('the undo POST counts on the sign-in calls\' limit', () => {
  it('answers 429 past it', async () => {
    const limited = await buildTestApp({ rateLimit: { authMax: 2 } });
    try {
      const post = () => limited.app.inject({ method: 'POST', url: undoUrl('x'.repeat(43)) });
      expect((await post()).statusCode).toBe(404);
      expect((await post()).statusCode).toBe(404);
      expect((await post()).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
