// The test shop's "This was not me" links (issue 32, item 6), driven by the SDK's own client.
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../client/index.js';
import { createMemoryStorage } from '../storage/index.js';
import { createTestShop } from './index.js';
import { TEST_UNDO_DAYS } from './undo-routes.js';

const baseUrl = 'https://shop.test';
let now = new Date('2026-11-02T10:00:00Z');
const { handlers, shop } = createTestShop({ baseUrl, now: () => now });
const server = setupServer(...handlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  shop.reset();
  now = new Date('2026-11-02T10:00:00Z');
});
afterAll(() => server.close());

const owner = 'network.demo@example.com';
const client = () => createClient({ baseUrl, tokens: createMemoryStorage() });

async function signedIn(login = owner) {
  const c = client();
  await c.auth.login(login, 'Demo1234');
  return c;
}

/** The token of the last "This was not me" link sent to `to`. */
function undoTokenSentTo(to: string): string {
  const text = shop.outbox.messages(to).at(-1)?.text ?? '';
  const token = /\/account\/undo\?token=([\w-]+)/.exec(text)?.[1];
  if (!token) throw new Error(`no undo link was sent to ${to}`);
  return token;
}

describe('the test shop: "This was not me" links', () => {
  it('a sign-in changed by a stolen session is given back to the old address; the thief is signed out and the password locked', async () => {
    const thief = await signedIn();
    const owners = await signedIn();
    const added = await thief.emails.add('thief@example.com');
    const id = added.emails.find((e) => e.address === 'thief@example.com')!.id;
    await thief.emails.verify(id, shop.outbox.lastCode('thief@example.com'));
    await thief.emails.makePrimary(id);

    const token = undoTokenSentTo(owner);
    const preview = await client().auth.undoPreview(token);
    expect(preview).toMatchObject({ action: 'would_undo', change: 'contact_made_primary', contact: 't•••@example.com', restores: 'n•••@example.com' });

    const undone = await client().auth.undoChange(token);
    expect(undone.action).toBe('undone');
    await expect(owners.auth.me()).rejects.toMatchObject({ code: 'session_ended' });
    // The password is locked: the owner signs in by a code to the old address, then sets one.
    await expect(client().auth.login(owner, 'Demo1234')).rejects.toMatchObject({ code: 'invalid_credentials' });
    const back = client();
    await back.auth.requestCode(owner);
    await back.auth.verifyCode(owner, shop.outbox.lastCode(owner));
    const me = await back.auth.me();
    expect(me.emails.map((e) => [e.address, e.reg])).toEqual([[owner, true]]);

    await expect(client().auth.undoChange(token)).rejects.toMatchObject({ status: 410, code: 'undo_link_used' });
    await expect(client().auth.undoPreview(`${token}x`)).rejects.toMatchObject({ status: 404, code: 'undo_link_invalid' });
  });

  it('a password change sends a link that expires after its days', async () => {
    const c = await signedIn();
    await c.customer.changePassword({ currentPassword: 'Demo1234', password: 'Stolen1234', passwordConfirmation: 'Stolen1234' });
    const token = undoTokenSentTo(owner);
    expect((await client().auth.undoPreview(token)).change).toBe('password_changed');
    now = new Date(now.getTime() + TEST_UNDO_DAYS * 86_400_000);
    await expect(client().auth.undoChange(token)).rejects.toMatchObject({ status: 410, code: 'undo_link_expired' });
    await expect(client().auth.login(owner, 'Stolen1234')).resolves.toBeDefined();
  });
});
