/**
 * The test shop's "This was not me" links (issue 32, item 6), as the API answers them: a password
 * set or changed and a contact made primary leave a notice in the outbox, to the contact as it was
 * before the change, with a single-use link valid `TEST_UNDO_DAYS` days
 * (`/account/undo?token=…`). Following it undoes the change where it can (a make-primary gives the
 * old sign-in back and removes the contact made primary), locks the password and ends every
 * session. The kit keeps the token itself (the API keeps only its hash).
 */
import type { AccountUndoAnswer } from '../schemas/account-undo.js';
import { TestShopError } from './errors.js';
import type { RouteImpls, ShopCore } from './routes.js';
import { newId, primaryContact, type TestCustomer, type TestUndoLink } from './state.js';

/** Days a link can be used (the API's ACCOUNT_UNDO_DAYS default). */
export const TEST_UNDO_DAYS = 7;

const SUBJECTS: Record<TestUndoLink['change'], string> = {
  password_set: 'A password was added to your account',
  password_changed: 'Your password was changed',
  password_recovered: 'Your password was reset',
  contact_added: 'A new contact was added to your account',
  contact_made_primary: 'Your sign-in was changed',
  contact_removed: 'A contact was removed from your account',
};

function randomToken(): string {
  const data = new Uint8Array(32);
  globalThis.crypto.getRandomValues(data);
  let binary = '';
  for (const byte of data) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * Records a change and leaves its notice in the outbox. Call BEFORE the change: the notice goes
 * to the primary contact as it is now (for a make-primary, `previous`, the contact losing its place).
 */
export function noticeAccountChange(
  shop: ShopCore,
  customer: TestCustomer,
  change: TestUndoLink['change'],
  detail: Pick<TestUndoLink, 'contact' | 'previous'> = { contact: null, previous: null },
): TestUndoLink {
  const now = shop.now();
  const to = detail.previous?.value ?? primaryContact(customer).to;
  const link: TestUndoLink = {
    token: randomToken(),
    customerId: customer.id,
    change,
    ...detail,
    changedAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + TEST_UNDO_DAYS * 86_400_000).toISOString(),
    usedAt: null,
  };
  (shop.state.undoLinks ??= []).push(link);
  shop.state.outbox.push({
    id: newId(shop.state),
    to,
    channel: to.includes('@') ? 'email' : 'sms',
    subject: SUBJECTS[change],
    text: `If you did not do this, open /account/undo?token=${link.token} within ${TEST_UNDO_DAYS} days.`,
    code: null,
    createdAt: now.toISOString(),
  });
  return link;
}

const mask = (value: string) =>
  value.includes('@') ? `${value.slice(0, 1)}•••${value.slice(value.lastIndexOf('@'))}` : `(•••) •••-${value.slice(-4)}`;

/** The live link of a token: 404 `undo_link_invalid`, 410 `undo_link_used` / `undo_link_expired`. */
function liveLink(shop: ShopCore, token: string): { link: TestUndoLink; customer: TestCustomer } {
  const link = shop.state.undoLinks?.find((l) => l.token === token);
  const customer = link && shop.state.customers.find((c) => c.id === link.customerId);
  if (!link || !customer) throw new TestShopError('undo_link_invalid');
  if (link.usedAt) throw new TestShopError('undo_link_used');
  if (Date.parse(link.expiresAt) <= shop.now().getTime()) throw new TestShopError('undo_link_expired');
  return { link, customer };
}

function answerOf(link: TestUndoLink, action: AccountUndoAnswer['action']): AccountUndoAnswer {
  return {
    action,
    change: link.change,
    contact: link.contact ? mask(link.contact.value) : null,
    restores: link.previous ? mask(link.previous.value) : null,
    changedAt: link.changedAt,
    expiresAt: link.expiresAt,
  };
}

export const UNDO_ROUTES: RouteImpls = {
  accountUndoPreview: ({ shop, query }) => answerOf(liveLink(shop, query.token).link, 'would_undo'),
  accountUndo: ({ shop, query }) => {
    const { link, customer } = liveLink(shop, query.token);
    link.usedAt = shop.now().toISOString();
    if (link.change === 'contact_made_primary' && link.contact && link.previous) {
      const kind = link.contact.kind;
      const list: Array<{ id: number; reg: boolean; verified: boolean }> = kind === 'email' ? customer.emails : customer.phones;
      const previous = list.find((c) => c.id === link.previous!.id);
      if (previous) {
        for (const c of list) c.reg = false;
        previous.reg = true;
        previous.verified = true;
        if (kind === 'email') customer.emails = customer.emails.filter((e) => e.id !== link.contact!.id);
        else customer.phones = customer.phones.filter((p) => p.id !== link.contact!.id);
      }
    }
    // The owner sets a new password by recovery, through the sign-in given back.
    customer.password = null;
    customer.passwordUpdatedAt = null;
    for (const s of shop.state.sessions) if (s.customerId === customer.id) s.ended = true;
    return answerOf(link, 'undone');
  },
};
