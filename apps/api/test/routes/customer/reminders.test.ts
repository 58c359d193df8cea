// The allowance reminder (issue 31): once per member and period (two processes on one database
// sending at once), the window of ALLOWANCE_REMINDER_DAYS, the message in en and es (rendered and
// read), the text message, the signed unsubscribe link (valid, changed, signed out), the setting.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATUS } from '@otc/sdk';
import { reminderSettingSchema, unsubscribeAnswerSchema } from '@otc/sdk/schemas';
import { buildApp } from '../../../src/app.js';
import { openDatabase, type Database } from '../../../src/db/client.js';
import { allowanceReminders, cards, customers, outboxMessages } from '../../../src/db/schema.js';
import { testDatabaseUrl } from '../../../src/env.js';
import { runReminderCommand } from '../../../src/services/reminder-command.js';
import { bearer, buildTestApp, call, openTestDatabase, testConfig, type TestApp } from '../../helpers.js';
import { makeMember, makeOrder, makeWorld } from './basket-fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ config: { publicUrl: 'https://shop.example' } });
});
afterAll(async () => t?.close());

const PERIOD_END = '2026-12-31';

interface OutboxRow {
  channel: string;
  subject: string;
  text: string;
  headers?: Record<string, string>;
}

async function outbox(to: string, app: FastifyInstance = t.app): Promise<OutboxRow[]> {
  const res = await app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(to)}` });
  return (res.json() as { messages: OutboxRow[] }).messages;
}

async function runOn(app: FastifyInstance, asOf: string) {
  const res = await call(app, { method: 'POST', url: '/api/dev/reminders/run', payload: { asOf } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { asOf: string; sent: number };
}

/** A member of a plan with three items, who bought A in August, with an e-mail and a card ending on PERIOD_END. */
async function member(options: { lang?: 'en' | 'es'; phone?: string; reminders?: 'email' | 'sms' | 'off'; balanceCents?: number; periodEndsAt?: string; extraItems?: number } = {}) {
  const db = t.database.db;
  const world = await makeWorld(db, [
    { key: 'A', priceCents: 650, stock: 20, covered: true },
    { key: 'B', priceCents: 450, stock: 20, covered: true },
    { key: 'C', priceCents: 999, stock: 20, covered: true },
    ...Array.from({ length: options.extraItems ?? 0 }, (_, n) => ({ key: `X${n}`, priceCents: 300, stock: 20, covered: true })),
  ]);
  const email = `r-${randomUUID().slice(0, 8)}@example.com`;
  const id = await makeMember(db, {
    planId: world.plan.id,
    email,
    firstName: 'Ana',
    lang: options.lang ?? 'en',
    ...(options.phone ? { phone: options.phone } : {}),
    reminders: options.reminders ?? 'email',
    card: { balanceCents: options.balanceCents ?? 8_640, periodEndsAt: options.periodEndsAt ?? PERIOD_END },
  });
  await makeOrder(db, id, ORDER_STATUS.delivered, '2026-08-14', { [world.ids.A!]: 2 });
  return { id, email, world };
}

async function tokenOf(customerId: number) {
  return (await t.app.services.tokens.issue(customerId, `m${customerId}@example.com`)).token;
}

describe('the reminder message', () => {
  it('in English: the amount left, the end date, the first items with their reasons, the basket link, the unsubscribe headers', async () => {
    const m = await member();
    expect(await runOn(t.app, '2026-12-17')).toMatchObject({ asOf: '2026-12-17' });
    const [mail, ...more] = await outbox(m.email);
    expect(more).toEqual([]);
    expect(mail!.channel).toBe('email');
    expect(mail!.subject).toBe('$86.40 of your allowance left to spend by December 31, 2026');
    const lines = mail!.text.split('\n');
    expect(lines[0]).toBe('Hello Ana,');
    expect(lines).toContain('You have $86.40 left on your benefit to spend by December 31, 2026. 14 days left.');
    expect(lines).toContain('What is left when the period ends does not carry over.');
    // A first (bought in August), then the plan's items; three at the most.
    expect(lines).toContain('- 2 × Item A ($13.00): You bought this in August');
    expect(lines).toContain('- 1 × Item B ($4.50): Popular with your plan');
    expect(lines).toContain('- 1 × Item C ($9.99): Popular with your plan');
    expect(lines).toContain('Basket total: $27.49');
    expect(lines).toContain('Open your basket, change the amounts and add it to your cart: https://shop.example/account/basket');
    const unsubscribe = mail!.headers?.['List-Unsubscribe'];
    expect(unsubscribe).toMatch(/^<https:\/\/shop\.example\/api\/reminders\/unsubscribe\?token=\d+\.[\w-]{43}>$/);
    expect(mail!.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    // The body's link opens the shop's page (it says what it will do; a GET changes nothing), with
    // the same signed token as the header's one-click URL.
    const token = new URL(unsubscribe!.slice(1, -1)).searchParams.get('token')!;
    expect(lines.at(-1)).toBe(
      `To stop these reminders, open https://shop.example/reminders/unsubscribe?token=${encodeURIComponent(token)}`,
    );
  });

  it('a basket of more items than the e-mail lists says how many more, and that the total is of them all', async () => {
    const m = await member({ extraItems: 2 });
    await runOn(t.app, '2026-12-17');
    const [mail] = await outbox(m.email);
    const lines = mail!.text.split('\n');
    const listed = lines.filter((line) => line.startsWith('- ') && line.includes(' × '));
    expect(listed).toHaveLength(3);
    const more = lines.find((line) => line.startsWith('- and '));
    expect(more).toMatch(/^- and \d+ more on your basket page\.$/);
    expect(lines.some((line) => /^Basket total, all \d+ items: \$\d+\.\d{2}$/.test(line))).toBe(true);
    expect(lines).toContain('You get this reminder once a period, when 14 days or fewer are left.');
  });

  it('in Spanish for a member whose account is in Spanish, with the Spanish basket page', async () => {
    const m = await member({ lang: 'es' });
    await runOn(t.app, '2026-12-20');
    const [mail] = await outbox(m.email);
    expect(mail!.subject).toBe('Le quedan $86.40 de su beneficio para gastar antes del 31 de diciembre de 2026');
    const lines = mail!.text.split('\n');
    expect(lines[0]).toBe('Hola, Ana:');
    expect(lines).toContain('Le quedan $86.40 de su beneficio para gastar antes del 31 de diciembre de 2026. Quedan 11 días.');
    expect(lines).toContain('- 2 × Artículo A ($13.00): Lo compró en agosto');
    expect(lines).toContain('- 1 × Artículo B ($4.50): Popular entre los miembros de su plan');
    expect(lines).toContain('Abra su canasta, cambie las cantidades y agréguela a su carrito: https://shop.example/es/account/basket');
    expect(lines.at(-1)).toMatch(/^Para dejar de recibir estos recordatorios, abra https:\/\/shop\.example\/es\/reminders\/unsubscribe\?token=\d+\.[\w-]{43}$/);
    expect(mail!.headers?.['List-Unsubscribe']).toMatch(/^<https:\/\/shop\.example\/api\/reminders\/unsubscribe\?token=/);
  });

  it('adds a text message when the member chose texts and has a confirmed phone', async () => {
    const phone = `305${String(Date.now()).slice(-7)}`;
    const m = await member({ phone, reminders: 'sms' });
    await runOn(t.app, '2026-12-25');
    const [text] = await outbox(phone);
    expect(text).toMatchObject({ channel: 'sms' });
    expect(text!.text).toBe('Benefit Health Shop LLC: you have $86.40 left to spend by December 31, 2026. Your basket: https://shop.example/account/basket');
    expect(await outbox(m.email)).toHaveLength(1);
  });
});

describe('when reminders are sent', () => {
  it('once per member and period: a second run, a later day of the window, send nothing more', async () => {
    const m = await member();
    expect((await runOn(t.app, '2026-12-18')).sent).toBeGreaterThanOrEqual(1);
    expect((await runOn(t.app, '2026-12-18')).sent).toBe(0);
    expect((await runOn(t.app, '2026-12-30')).sent).toBe(0);
    expect(await outbox(m.email)).toHaveLength(1);
    const [claim] = await t.database.db.select().from(allowanceReminders).where(eq(allowanceReminders.customerId, m.id));
    expect(claim).toMatchObject({ periodEndsAt: PERIOD_END, channels: 'email' });
  });

  it('never outside the window (--as-of before it or after the end), never when off or with nothing left', async () => {
    const early = await member({ periodEndsAt: '2027-03-31' });
    const off = await member({ reminders: 'off', periodEndsAt: '2027-03-31' });
    const spent = await member({ balanceCents: 0, periodEndsAt: '2027-03-31' });
    expect((await runOn(t.app, '2027-03-16')).sent).toBe(0);
    expect((await runOn(t.app, '2027-04-01')).sent).toBe(0);
    expect(await outbox(early.email)).toEqual([]);
    // In the window: the member with reminders on only.
    await runOn(t.app, '2027-03-17');
    expect(await outbox(early.email)).toHaveLength(1);
    expect(await outbox(off.email)).toEqual([]);
    expect(await outbox(spent.email)).toEqual([]);
  });

  it('by `ops reminders:run --as-of`: nothing outside the window, then the due ones, and a wrong date refused', async () => {
    const m = await member({ periodEndsAt: '2027-06-30' });
    const deps = { db: t.database.db, config: testConfig(), secret: 'ops-test-secret-not-used-for-links', notifier: t.app.services.notifier };
    expect(await runReminderCommand(deps, ['--as-of', '2027-06-15'])).toMatch(/^allowance reminders sent: 0 \(due on 2027-06-15/);
    expect(await outbox(m.email)).toEqual([]);
    expect(await runReminderCommand(deps, ['--as-of=2027-06-16'])).toMatch(/^allowance reminders sent: [1-9]/);
    expect(await outbox(m.email)).toHaveLength(1);
    await expect(runReminderCommand(deps, ['--as-of', '2027-02-30'])).rejects.toThrow('--as-of needs a date');
  });

  it('by the sweep of every process, on its timer', async () => {
    const m = await member({ periodEndsAt: '2027-09-30' });
    t.clock.set(new Date('2027-09-20T09:00:00Z'));
    const stop = t.app.services.reminders.startTimer(20, t.app.log);
    try {
      await expect.poll(async () => (await outbox(m.email)).length, { timeout: 10_000 }).toBe(1);
    } finally {
      await stop.stop();
    }
  });
});

describe('two API processes on one database', () => {
  let first: Database;
  let second: Database;
  let drop = async () => {};
  beforeAll(async () => {
    if (testDatabaseUrl()) {
      // PostgreSQL: two pools on one fresh database, as two processes.
      const opened = await openTestDatabase();
      first = opened.database;
      second = await openDatabase({ url: opened.url!, max: 4 });
      drop = async () => {
        await second.close();
        await opened.drop();
      };
    } else {
      // PGlite has one process per data folder: two apps share the one database.
      first = t.database;
      second = t.database;
    }
  });
  afterAll(async () => drop());

  it('send each due reminder exactly once when both sweep at the same time', async () => {
    const apps = await Promise.all(
      [first, second].map(async (database) => {
        const app = await buildApp({ env: { NODE_ENV: 'test' }, config: testConfig({ reminderSweepMs: 0 }), database, clock: t.clock });
        await app.ready();
        return app;
      }),
    );
    try {
      const db = first.db;
      const world = await makeWorld(db, [{ key: 'A', priceCents: 500, stock: 50, covered: true }]);
      const members = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          makeMember(db, {
            planId: world.plan.id,
            email: `twin-${i}-${randomUUID().slice(0, 6)}@example.com`,
            card: { balanceCents: 5_000, periodEndsAt: '2028-03-31' },
          }),
        ),
      );
      const runs = await Promise.all([
        runOn(apps[0]!, '2028-03-20'),
        runOn(apps[1]!, '2028-03-20'),
        runOn(apps[0]!, '2028-03-21'),
        runOn(apps[1]!, '2028-03-21'),
      ]);
      expect(runs.reduce((sum, run) => sum + run.sent, 0)).toBe(members.length);
      const emails = await db.select({ address: outboxMessages.to }).from(outboxMessages);
      for (const id of members) {
        const claims = await db.select().from(allowanceReminders).where(eq(allowanceReminders.customerId, id));
        expect(claims).toEqual([expect.objectContaining({ periodEndsAt: '2028-03-31', channels: 'email' })]);
      }
      const sentTo = emails.map((e) => e.address).filter((a) => a.startsWith('twin-'));
      expect(sentTo).toHaveLength(members.length);
      expect(new Set(sentTo).size).toBe(members.length);
    } finally {
      await Promise.all(apps.map((app) => app.close()));
    }
  });
});

describe('the setting', () => {
  it('is email by default; sms needs a confirmed phone that takes texts; off', async () => {
    const m = await member();
    const token = await tokenOf(m.id);
    const read = await call(t.app, { method: 'GET', url: '/api/customer/reminders', headers: bearer(token) });
    expect(reminderSettingSchema.parse(read.body)).toEqual({ reminders: 'email', daysBefore: 14, canText: false });
    const refused = await call(t.app, { method: 'PUT', url: '/api/customer/reminders', headers: bearer(token), payload: { reminders: 'sms' } });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ code: 'validation_failed', fields: { reminders: [{ code: 'reminders_need_phone' }] } });
    const es = await call(t.app, {
      method: 'PUT',
      url: '/api/customer/reminders',
      headers: { ...bearer(token), 'accept-language': 'es' },
      payload: { reminders: 'sms' },
    });
    expect(es.body.data).toEqual({ reminders: ['Primero agregue y confirme un teléfono que reciba mensajes de texto.'] });
    const wrong = await call(t.app, { method: 'PUT', url: '/api/customer/reminders', headers: bearer(token), payload: { reminders: 'fax' } });
    expect(wrong.status).toBe(422);
    const off = await call(t.app, { method: 'PUT', url: '/api/customer/reminders', headers: bearer(token), payload: { reminders: 'off' } });
    expect(off.body).toMatchObject({ reminders: 'off' });

    const texting = await member({ phone: `786${String(Date.now()).slice(-7)}` });
    const sms = await call(t.app, { method: 'PUT', url: '/api/customer/reminders', headers: bearer(await tokenOf(texting.id)), payload: { reminders: 'sms' } });
    expect(sms.body).toEqual({ reminders: 'sms', daysBefore: 14, canText: true });
    expect((await call(t.app, { method: 'GET', url: '/api/customer/reminders' })).status).toBe(401);
  });
});

describe('the signed unsubscribe link', () => {
  async function linkOf(m: { email: string }) {
    const [mail] = await outbox(m.email);
    const header = mail!.headers!['List-Unsubscribe']!;
    return new URL(header.slice(1, -1));
  }

  it('GET says what it would do and changes nothing; the one-click POST turns reminders off, signed out', async () => {
    const m = await member({ periodEndsAt: '2028-06-30' });
    await runOn(t.app, '2028-06-20');
    const link = await linkOf(m);
    const path = `${link.pathname}${link.search}`;
    const preview = await call(t.app, { method: 'GET', url: path });
    expect(unsubscribeAnswerSchema.parse(preview.body)).toMatchObject({
      purpose: 'allowance_reminders',
      action: 'would_turn_off',
      reminders: 'email',
    });
    expect(preview.body.contact).toMatch(/^r•••@example\.com$/);
    const [still] = await t.database.db.select({ r: customers.allowanceReminders }).from(customers).where(eq(customers.id, m.id));
    expect(still?.r).toBe('email');

    // As a mail provider sends it (RFC 8058): a form body, no cookie, no token.
    const done = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ action: 'turned_off', reminders: 'off' });
    const [after] = await t.database.db.select({ r: customers.allowanceReminders }).from(customers).where(eq(customers.id, m.id));
    expect(after?.r).toBe('off');
    const again = await call(t.app, { method: 'POST', url: path });
    expect(again.body).toMatchObject({ action: 'already_off' });
    // Off: the next period's window sends nothing.
    await t.database.db.update(cards).set({ periodEndsAt: '2028-09-30' }).where(eq(cards.customerId, m.id));
    await runOn(t.app, '2028-09-20');
    expect(await outbox(m.email)).toHaveLength(1);
  });

  it('a changed link, or one made for another account, is refused and changes nothing', async () => {
    const m = await member({ periodEndsAt: '2028-12-31' });
    const other = await member({ periodEndsAt: '2028-12-31' });
    await runOn(t.app, '2028-12-20');
    const token = (await linkOf(m)).searchParams.get('token')!;
    const [id, signature] = token.split('.');
    const flipped = `${signature!.slice(0, -1)}${signature!.endsWith('A') ? 'B' : 'A'}`;
    for (const bad of [`${id}.${flipped}`, `${other.id}.${signature}`, `${id}`, 'x'.repeat(60)]) {
      const res = await call(t.app, { method: 'POST', url: `/api/reminders/unsubscribe?token=${encodeURIComponent(bad)}` });
      expect(res.status, bad).toBe(422);
      expect(res.body).toMatchObject({ code: 'validation_failed', fields: { token: [{ code: 'unsubscribe_link_invalid' }] } });
    }
    const [mine, theirs] = await Promise.all(
      [m.id, other.id].map(async (cid) => (await t.database.db.select({ r: customers.allowanceReminders }).from(customers).where(eq(customers.id, cid)))[0]?.r),
    );
    expect([mine, theirs]).toEqual(['email', 'email']);
  });

  it('other API routes still refuse a form body (415)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'username=a&password=b',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ code: 'unsupported_media_type' });
  });
});
