// The account page's action for the e-mail and phone forms (issue 29): the same action the server
// runs for a form sent without the scripts. Add (a code goes out), verify with the code (a wrong
// one keeps the contact, so the code step is drawn again), a new code, make primary (signed out,
// on to sign in again) and remove. Issue 33, item 15: a first phone verified does not ask to be
// the sign-in one.
import { http, HttpResponse } from 'msw';
import { API, server } from '../../test/server';
import { signIn } from '../../test/render-app';
import { customerFixture, useAccountHandlers, postToAction } from './account-fixtures';
import { action } from './pages/profile-page';
import { CONTACT_INTENTS } from './components/contact-forms';
import type { Customer } from './account-api';

beforeEach(() => signIn());

const post = (fields: Record<string, string>, path = '/account') => postToAction(action, fields, path);

const newPhone = { id: 8, number: '2025550188', reg: false, verified: false, receiveSms: true, allowMarketingCalls: false };

/** Serves adding and verifying a phone for `before` (its phones), recording the calls. */
function servePhone(before: Customer) {
  const calls: { path: string; body: unknown }[] = [];
  const added = { ...before, phones: [...before.phones, newPhone] };
  const verified = { ...before, phones: [...before.phones, { ...newPhone, verified: true }] };
  useAccountHandlers({ customer: before });
  server.use(
    http.post(`${API}/api/phone`, async ({ request }) => {
      calls.push({ path: '/api/phone', body: await request.json() });
      return HttpResponse.json(added);
    }),
    http.post(`${API}/api/phone/:id/verify`, async ({ request, params }) => {
      const body = (await request.json()) as { code: string };
      calls.push({ path: `/api/phone/${String(params.id)}/verify`, body });
      if (body.code !== '123456') {
        return HttpResponse.json({ message: 'x', code: 'invalid_code' }, { status: 422 });
      }
      return HttpResponse.json(verified);
    }),
    http.post(`${API}/api/phone/:id/code`, () => HttpResponse.json({ channel: 'sms', resendIn: 45 })),
  );
  return calls;
}

const phoneFields = { kind: 'phone', id: '8', value: '2025550188', shown: '+1 (202) 555-0188' };

describe('contacts action', () => {
  it('adds a phone checked by the contract and its kind; answers the contact for the code step', async () => {
    const calls = servePhone(customerFixture({ phones: [] }));
    const email = await post({ intent: CONTACT_INTENTS.add, kind: 'phone', value: 'rosa@example.com' });
    expect(email.status).toBe(422);
    expect(email.body).toMatchObject({
      intent: CONTACT_INTENTS.add,
      kind: 'phone',
      values: { value: 'rosa@example.com' },
      error: { fieldCodes: { value: { code: 'wrong_format' } } },
    });
    expect(calls).toHaveLength(0);
    const added = await post({ intent: CONTACT_INTENTS.add, kind: 'phone', value: '(202) 555-0188' });
    expect(added.body).toMatchObject({
      intent: CONTACT_INTENTS.add,
      kind: 'phone',
      done: true,
      contact: { id: 8, value: '2025550188', verified: false },
    });
    expect(calls).toEqual([{ path: '/api/phone', body: { value: '(202) 555-0188' } }]);
  });

  it('a wrong code is refused with the contact kept; the right one verifies it', async () => {
    const calls = servePhone(customerFixture({ phones: [] }));
    const wrong = await post({ intent: CONTACT_INTENTS.verify, ...phoneFields, code: '111111' });
    expect(wrong.status).toBe(422);
    expect(wrong.body).toMatchObject({
      intent: CONTACT_INTENTS.verify,
      error: { code: 'invalid_code' },
      contact: { id: 8, shown: '+1 (202) 555-0188' },
    });
    const short = await post({ intent: CONTACT_INTENTS.verify, ...phoneFields, code: '12' });
    expect(short.status).toBe(422);
    expect(short.body).toMatchObject({ contact: { id: 8 }, error: { fieldCodes: { code: expect.any(Object) as unknown } } });
    const right = await post({ intent: CONTACT_INTENTS.verify, ...phoneFields, code: '123456' });
    expect(right.body).toMatchObject({ intent: CONTACT_INTENTS.verify, done: true, contact: { id: 8, verified: true } });
    expect(calls.map((call) => call.body)).toEqual([{ code: '111111' }, { code: '123456' }]);
  });

  it('issue 33, item 15: a first phone does not ask to be made primary; one that would replace the primary does', async () => {
    servePhone(customerFixture({ phones: [] }));
    const first = await post({ intent: CONTACT_INTENTS.verify, ...phoneFields, code: '123456' });
    expect(first.body).toMatchObject({ done: true, askPrimary: false });
    servePhone(customerFixture());
    const second = await post({ intent: CONTACT_INTENTS.verify, ...phoneFields, code: '123456' });
    expect(second.body).toMatchObject({ done: true, askPrimary: true });
  });

  it('a new code answers when another may be asked for', async () => {
    servePhone(customerFixture({ phones: [] }));
    const sent = await post({ intent: CONTACT_INTENTS.resend, ...phoneFields });
    expect(sent.body).toMatchObject({ intent: CONTACT_INTENTS.resend, done: true, resendIn: 45, contact: { id: 8 } });
  });

  it('making an e-mail primary signs out and goes on to sign in again with it, in the page language', async () => {
    useAccountHandlers();
    let loggedOut = 0;
    server.use(
      http.post(`${API}/api/email/:id/make-primary`, () => HttpResponse.json(customerFixture())),
      http.post(`${API}/api/auth/logout`, () => {
        loggedOut += 1;
        return HttpResponse.json({ ok: true });
      }),
    );
    const made = await post(
      { intent: CONTACT_INTENTS.primary, kind: 'email', id: '2', value: 'rosa.old@example.com', shown: 'rosa.old@example.com' },
      '/es/account',
    );
    expect(made.status).toBe(302);
    const location = new URL(made.location ?? '', 'http://shop.test');
    expect(location.pathname).toBe('/es/login');
    expect(Object.fromEntries(location.searchParams)).toEqual({
      redirect: '/es/account',
      changed: 'email',
      login: 'rosa.old@example.com',
    });
    expect(loggedOut).toBe(1);
  });

  it('removes a contact, or answers why not', async () => {
    const handlers = useAccountHandlers({
      answer: (call) =>
        call.path === '/api/email/1'
          ? HttpResponse.json({ message: 'x', code: 'primary_email_cannot_be_removed' }, { status: 409 })
          : undefined,
    });
    const removed = await post({ intent: CONTACT_INTENTS.remove, kind: 'email', id: '2', value: 'rosa.old@example.com' });
    expect(removed.body).toMatchObject({ intent: CONTACT_INTENTS.remove, done: true, contact: { id: 2 } });
    const refused = await post({ intent: CONTACT_INTENTS.remove, kind: 'email', id: '1', value: 'rosa@example.com' });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error: { code: 'primary_email_cannot_be_removed' } });
    expect(handlers.calls.map((call) => `${call.method} ${call.path}`)).toEqual(['DELETE /api/email/2', 'DELETE /api/email/1']);
  });
});
