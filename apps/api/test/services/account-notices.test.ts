/**
 * Account notices (services/account-notices.ts): masked contacts, the texts in both languages,
 * and a notice that cannot be sent never failing the change it tells of.
 */
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { manualClock } from '../../src/lib/clock.js';
import { createAccountNotices } from '../../src/services/account-notices.js';
import { maskEmail, maskPhone } from '../../src/services/contact-masks.js';
import {
  createNotifier,
  type Notifier,
  type OutgoingMessage,
} from '../../src/services/notifier.js';
import {
  bearer,
  buildTestApp,
  call,
  outboxCode,
  registerCustomer,
  type TestApp,
} from '../helpers.js';

const silentLog = () =>
  ({ error: vi.fn(), warn: vi.fn(), info: vi.fn() }) as unknown as FastifyBaseLogger & {
    error: ReturnType<typeof vi.fn>;
  };

describe('masks', () => {
  it('keep the first letter and the domain of an e-mail, the last four digits of a phone', () => {
    expect(maskEmail('jane.doe@example.com')).toBe('j•••@example.com');
    expect(maskEmail('not-an-address')).toBe('•••');
    expect(maskPhone('2025551234')).toBe('(•••) •••-1234');
  });
});

describe('texts', () => {
  const notices = createAccountNotices({
    db: undefined as never,
    clock: manualClock(),
    config: { publicUrl: 'https://shop.example.com', supportPhone: '+1 (555) 010-0000' },
    notifier: { send: async () => {} },
    log: silentLog(),
  });
  const at = new Date('2026-03-05T17:30:00Z');

  it('say what changed, when (UTC), and how to report it, in English', () => {
    const { subject, text } = notices.compose(
      { type: 'contact-removed', contact: { kind: 'email', value: 'ana@example.com' } },
      'en',
      at,
    );
    expect(subject).toBe('A contact was removed from your account');
    expect(text).toBe(
      [
        'The e-mail a•••@example.com was removed from your account.',
        'When: Mar 5, 2026, 5:30 PM UTC.',
        '',
        'If you did this, you do not need to do anything.',
        'If you did not do this, tell us right away:',
        'Open https://shop.example.com/account/security',
        'Or call us at +1 (555) 010-0000.',
      ].join('\n'),
    );
  });

  it('and in Spanish, with the Spanish security page', () => {
    const { subject, text } = notices.compose({ type: 'password-changed' }, 'es', at);
    expect(subject).toBe('Se cambió su contraseña');
    expect(text).toContain('Se cambió su contraseña.');
    expect(text).toMatch(/^Cuándo: 5 mar 2026, 5:30\s?p\.\s?m\. UTC\.$/m);
    expect(text).toContain('Abra https://shop.example.com/es/account/security');
    expect(text).toContain('O llámenos al +1 (555) 010-0000.');
  });

  it('a failed send is logged, never thrown', async () => {
    const log = silentLog();
    const failing = createAccountNotices({
      db: undefined as never,
      clock: manualClock(),
      config: { publicUrl: undefined, supportPhone: '711' },
      notifier: { send: async () => Promise.reject(new Error('mail server down')) },
      log,
    });
    await expect(
      failing.notify(
        { kind: 'email', value: 'ana@example.com', lang: 'en' },
        { type: 'password-set' },
      ),
    ).resolves.toBeUndefined();
    expect(log.error).toHaveBeenCalledOnce();
  });
});

describe('a notice that cannot be sent', () => {
  let t: TestApp;
  /** Codes go to the real outbox; every other message (a notice) fails. */
  let inner: Notifier | undefined;
  const failed: OutgoingMessage[] = [];
  beforeAll(async () => {
    const notifier: Notifier = {
      async send(message) {
        if (!message.code) {
          failed.push(message);
          throw new Error('mail server down');
        }
        await inner!.send(message);
      },
    };
    t = await buildTestApp({ notifier });
    inner = createNotifier({
      db: t.database.db,
      log: t.app.log,
      logCodes: false,
      keepCodes: true,
      mailFrom: 'test',
    });
  });
  afterAll(async () => t?.close());

  it('does not fail the change', async () => {
    const tokens = await registerCustomer(t.app, 'unlucky@example.com');
    const added = await call(t.app, {
      method: 'POST',
      url: '/api/email',
      headers: bearer(tokens.token),
      payload: { value: 'unlucky.two@example.com' },
    });
    const id = (added.body.emails as { id: number; address: string }[]).find(
      (e) => e.address === 'unlucky.two@example.com',
    )!.id;
    const verified = await call(t.app, {
      method: 'POST',
      url: `/api/email/${id}/verify`,
      headers: bearer(tokens.token),
      payload: { code: await outboxCode(t.app, 'unlucky.two@example.com') },
    });
    expect(verified.status).toBe(200);
    const password = await call(t.app, {
      method: 'PUT',
      url: '/api/customer/password',
      headers: bearer(tokens.token),
      payload: { password: 'Unlucky123', passwordConfirmation: 'Unlucky123' },
    });
    expect(password.status).toBe(200);
    expect(failed.map((m) => [m.to, m.subject])).toEqual([
      ['unlucky@example.com', 'A new contact was added to your account'],
      ['unlucky@example.com', 'A password was added to your account'],
    ]);
  });
});
