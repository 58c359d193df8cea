/**
 * The allowance reminder (issue 31): once per member and allowance period, within
 * ALLOWANCE_REMINDER_DAYS of the period's end, an e-mail in the member's account language with the
 * amount left, the end date, the first items of the suggested basket and a link to the basket
 * page; and a text message too when the member chose texts (`sms`) and has a confirmed phone that
 * takes them. The setting (`email` | `sms` | `off`) lives on the customer.
 *
 * Once per period, across processes and restarts: a row of `allowance_reminders` keyed by the
 * customer and the period's last day is inserted (ON CONFLICT DO NOTHING) before sending; only
 * the process whose insert took the row sends. A claim whose e-mail could not be sent is removed,
 * so a later sweep tries again; a process that dies between the claim and the send loses that one
 * reminder (never sends it twice).
 *
 * Sent by a sweep in every process (lib/sweep-timer.ts, REMINDER_SWEEP_SECONDS), by
 * `ops reminders:run [--as-of YYYY-MM-DD]` (services/reminder-command.ts) and, in development, POST /api/dev/reminders/run.
 *
 * Unsubscribe: every e-mail carries `List-Unsubscribe` (a signed link: the customer id and an
 * HMAC of it under the server's key for this purpose, so it works signed out and cannot be made
 * for another account) and `List-Unsubscribe-Post: List-Unsubscribe=One-Click` (RFC 8058): a POST
 * to the link turns the reminders off; a GET answers what the POST would do.
 */
import { timingSafeEqual } from 'node:crypto';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { formatDate, formatPrice } from '@otc/sdk';
import { basketReasonText, reminderWindow } from '@otc/sdk/rules';
import type { ReminderChannel, ReminderSetting, SuggestedBasket, UnsubscribeAnswer } from '@otc/sdk/schemas';
import type { Db } from '../db/client.js';
import { allowanceReminders, customers, emails, phones } from '../db/schema.js';
import type { AppConfig } from '../env.js';
import type { Clock } from '../lib/clock.js';
import { keyedHash } from '../lib/crypto.js';
import { HttpError, errors, issue, type Lang } from '../lib/errors.js';
import { startSweepTimer } from '../lib/sweep-timer.js';
import { maskContact } from './contact-masks.js';
import { rowsOf } from './catalog.js';
import type { Notifier } from './notifier.js';
import type { SuggestedBasketService } from './suggested-basket.js';

/** Items of the basket an e-mail lists (the page shows them all). */
export const REMINDER_EMAIL_ITEMS = 3;
/** Customers read per batch of a sweep. */
const SWEEP_BATCH = 100;
const UNSUBSCRIBE_PURPOSE = 'allowance-reminders-unsubscribe';

type Texts = {
  subject: string;
  hello: string;
  helloNamed: string;
  left: string;
  days: string;
  lost: string;
  basket: string;
  row: string;
  more: string;
  total: string;
  totalAll: string;
  noBasket: string;
  open: string;
  why: string;
  stop: string;
  sms: string;
};

/** Plain and short (many members are older readers). `{name}` placeholders, filled by `fill`. */
const TEXTS: Record<Lang, Texts> = {
  en: {
    subject: '{amount} of your allowance left to spend by {date}',
    hello: 'Hello,',
    helloNamed: 'Hello {name},',
    left: 'You have {amount} left on your benefit to spend by {date}.',
    days: '{days} days left.',
    lost: 'What is left when the period ends does not carry over.',
    basket: 'A basket ready for you, covered by your plan and in stock:',
    row: '- {amount} × {name} ({price}): {why}',
    more: '- and {count} more on your basket page.',
    total: 'Basket total: {total}',
    totalAll: 'Basket total, all {count} items: {total}',
    noBasket: 'See what your allowance can buy:',
    open: 'Open your basket, change the amounts and add it to your cart: {link}',
    why: 'You get this reminder once a period, when {days} days or fewer are left.',
    stop: 'To stop these reminders, open {link}',
    sms: '{company}: you have {amount} left to spend by {date}. Your basket: {link}',
  },
  es: {
    subject: 'Le quedan {amount} de su beneficio para gastar antes del {date}',
    hello: 'Hola:',
    helloNamed: 'Hola, {name}:',
    left: 'Le quedan {amount} de su beneficio para gastar antes del {date}.',
    days: 'Quedan {days} días.',
    lost: 'Lo que quede al terminar el período no se acumula.',
    basket: 'Una canasta lista para usted, cubierta por su plan y con existencias:',
    row: '- {amount} × {name} ({price}): {why}',
    more: '- y {count} más en la página de su canasta.',
    total: 'Total de la canasta: {total}',
    totalAll: 'Total de la canasta, los {count} productos: {total}',
    noBasket: 'Vea lo que puede comprar con su beneficio:',
    open: 'Abra su canasta, cambie las cantidades y agréguela a su carrito: {link}',
    why: 'Recibe este recordatorio una vez por período, cuando quedan {days} días o menos.',
    stop: 'Para dejar de recibir estos recordatorios, abra {link}',
    sms: '{company}: le quedan {amount} para gastar antes del {date}. Su canasta: {link}',
  },
};

/**
 * The lines after the basket's first items: the total, and when the e-mail lists fewer items
 * than the basket holds, how many more the page shows (so the total never looks like the sum of
 * the three listed).
 */
function basketEnd(t: Texts, more: number, count: number, total: string): string[] {
  if (more <= 0) return [fill(t.total, { total: formatPrice(total) })];
  return [fill(t.more, { count: more }), fill(t.totalAll, { count, total: formatPrice(total) })];
}

const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));

/** What a reminder says: the e-mail (subject, text, headers) and the text message. */
export interface ReminderMessage {
  subject: string;
  text: string;
  headers: Record<string, string>;
  sms: string;
}

export interface RemindersDeps {
  db: Db;
  clock: Clock;
  config: Pick<AppConfig, 'allowanceReminderDays' | 'publicUrl' | 'port' | 'companyName'>;
  notifier: Notifier;
  secret: string;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  basket: SuggestedBasketService;
}

export function createRemindersService(deps: RemindersDeps) {
  const { db, clock, config, notifier, secret, log } = deps;
  const days = config.allowanceReminderDays;
  /** The shop's address in links (PUBLIC_URL; this process's own address in development). */
  const base = () => config.publicUrl ?? `http://localhost:${config.port}`;
  const page = (lang: Lang, path: string) => `${base()}${lang === 'es' ? '/es' : ''}${path}`;

  function unsubscribeToken(customerId: number): string {
    return `${customerId}.${keyedHash(secret, UNSUBSCRIBE_PURPOSE, String(customerId))}`;
  }
  /** The one-click URL of the `List-Unsubscribe` header (RFC 8058: a POST turns reminders off). */
  const unsubscribeLink = (customerId: number) =>
    `${base()}/api/reminders/unsubscribe?token=${encodeURIComponent(unsubscribeToken(customerId))}`;
  /**
   * The body's link: the shop's page that says what it will do and has the button (a GET never
   * changes anything, so a mail scanner opening links turns nothing off), in the e-mail's language.
   */
  const unsubscribePage = (lang: Lang, customerId: number) =>
    `${page(lang, '/reminders/unsubscribe')}?token=${encodeURIComponent(unsubscribeToken(customerId))}`;

  /** The customer a signed link names; 422 `unsubscribe_link_invalid` for a changed or foreign one. */
  async function customerOfToken(token: string): Promise<{ id: number; reminders: ReminderChannel }> {
    const invalid = () => new HttpError('validation_failed', { fields: { token: [issue('unsubscribe_link_invalid')] } });
    const match = /^(\d{1,10})\.([\w-]{43})$/.exec(token);
    if (!match) throw invalid();
    const id = Number(match[1]);
    const expected = Buffer.from(keyedHash(secret, UNSUBSCRIBE_PURPOSE, String(id)));
    const sent = Buffer.from(match[2]!);
    if (sent.length !== expected.length || !timingSafeEqual(sent, expected)) throw invalid();
    const [row] = await db
      .select({ id: customers.id, reminders: customers.allowanceReminders })
      .from(customers)
      .where(and(eq(customers.id, id), eq(customers.isGuest, false)));
    // A signed link of an account removed since: nothing to turn off.
    if (!row) throw invalid();
    return { id: row.id, reminders: row.reminders as ReminderChannel };
  }

  /** Where the reminder goes: the sign-in e-mail (else another confirmed one), a phone that takes texts. */
  async function contactsOf(customerId: number) {
    const [email] = await db
      .select({ address: emails.address })
      .from(emails)
      .where(and(eq(emails.customerId, customerId), eq(emails.verified, true)))
      .orderBy(desc(emails.reg), asc(emails.id))
      .limit(1);
    const [phone] = await db
      .select({ number: phones.number })
      .from(phones)
      .where(and(eq(phones.customerId, customerId), eq(phones.verified, true), eq(phones.receiveSms, true)))
      .orderBy(desc(phones.reg), asc(phones.id))
      .limit(1);
    return { email: email?.address ?? null, phone: phone?.number ?? null };
  }

  async function setting(customerId: number): Promise<ReminderSetting> {
    const [row] = await db.select({ reminders: customers.allowanceReminders }).from(customers).where(eq(customers.id, customerId));
    if (!row) throw errors.notFound('account_not_found');
    const { phone } = await contactsOf(customerId);
    return { reminders: row.reminders as ReminderChannel, daysBefore: days, canText: phone !== null };
  }

  /**
   * What a reminder says, in a language (exported through the service for tests and previews).
   * `asOf`: the day it is sent (the days left count from it).
   */
  function compose(input: { customerId: number; name: string | null; lang: Lang; basket: SuggestedBasket; asOf: string }): ReminderMessage {
    const { lang, basket } = input;
    const t = TEXTS[lang];
    const amount = formatPrice(basket.allowanceLeft);
    const date = basket.periodEndsAt ? formatDate(basket.periodEndsAt, lang, { dateStyle: 'long' }) : '';
    const daysLeft = basket.periodEndsAt ? Math.round((Date.parse(basket.periodEndsAt) - Date.parse(input.asOf)) / 86_400_000) : 0;
    const basketLink = page(lang, '/account/basket');
    const stopLink = unsubscribeLink(input.customerId);
    const stopPage = unsubscribePage(lang, input.customerId);
    const rows = basket.items.slice(0, REMINDER_EMAIL_ITEMS).map((row) =>
      fill(t.row, {
        amount: row.amount,
        name: row.product.name,
        price: formatPrice(row.subtotal),
        why: basketReasonText(row.reason, lang, new Date(`${input.asOf}T00:00:00Z`)),
      }),
    );
    const lines = [
      input.name ? fill(t.helloNamed, { name: input.name }) : t.hello,
      '',
      `${fill(t.left, { amount, date })} ${fill(t.days, { days: daysLeft })}`,
      t.lost,
      '',
      ...(rows.length > 0 ? [t.basket, ...rows, ...basketEnd(t, basket.items.length - rows.length, basket.items.length, basket.total)] : [t.noBasket]),
      '',
      fill(t.open, { link: basketLink }),
      '',
      '--',
      fill(t.why, { days }),
      fill(t.stop, { link: stopPage }),
    ];
    return {
      subject: fill(t.subject, { amount, date }),
      text: lines.join('\n'),
      headers: { 'List-Unsubscribe': `<${stopLink}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      sms: fill(t.sms, { company: config.companyName, amount, date, link: basketLink }),
    };
  }

  /** Claims and sends one member's reminder of the period ending `periodEndsAt`; answers whether it went. */
  async function remind(customer: { id: number; lang: Lang; name: string | null; reminders: ReminderChannel; periodEndsAt: string }, asOf: string) {
    const claimed = await db
      .insert(allowanceReminders)
      .values({ customerId: customer.id, periodEndsAt: customer.periodEndsAt })
      .onConflictDoNothing()
      .returning({ customerId: allowanceReminders.customerId });
    if (claimed.length === 0) return false;
    const release = () =>
      db
        .delete(allowanceReminders)
        .where(and(eq(allowanceReminders.customerId, customer.id), eq(allowanceReminders.periodEndsAt, customer.periodEndsAt)));
    try {
      const [basket, to] = await Promise.all([deps.basket.suggest(customer.id, customer.lang), contactsOf(customer.id)]);
      const message = compose({ customerId: customer.id, name: customer.name, lang: customer.lang, basket, asOf });
      const channels: string[] = [];
      if (to.email) {
        await notifier.send({ to: to.email, channel: 'email', subject: message.subject, text: message.text, headers: message.headers });
        channels.push('email');
      }
      if (customer.reminders === 'sms' && to.phone) {
        try {
          await notifier.send({ to: to.phone, channel: 'sms', subject: message.subject, text: message.sms });
          channels.push('sms');
        } catch (error) {
          // The e-mail went: the period's reminder is sent, a lost text is only logged.
          log.error({ err: error, customerId: customer.id }, 'allowance reminder: the text message could not be sent');
        }
      }
      if (channels.length === 0) {
        await release();
        return false;
      }
      await db
        .update(allowanceReminders)
        .set({ channels: channels.join(',') })
        .where(and(eq(allowanceReminders.customerId, customer.id), eq(allowanceReminders.periodEndsAt, customer.periodEndsAt)));
      return true;
    } catch (error) {
      await release();
      throw error;
    }
  }

  /**
   * Sends the reminders due on `asOf` (YYYY-MM-DD, default today in UTC): members with reminders
   * on, an active card with allowance left whose period ends within the window, somewhere to send
   * it, and no reminder of that period yet. Answers how many were sent.
   */
  async function run(asOf: string = clock.now().toISOString().slice(0, 10)): Promise<number> {
    const window = reminderWindow(asOf, days);
    let sent = 0;
    let after = 0;
    for (;;) {
      const due = rowsOf<{ id: number; lang: string; first_name: string | null; reminders: string; period_ends_at: string }>(
        await db.execute(sql`
          SELECT c.id, c.interface_language AS lang, c.first_name, c.allowance_reminders AS reminders,
            min(k.period_ends_at)::text AS period_ends_at
          FROM customers c
          JOIN cards k ON k.customer_id = c.id AND k.active AND k.balance_cents > 0
            AND k.period_ends_at BETWEEN ${window.from}::date AND ${window.to}::date
          WHERE c.id > ${after} AND NOT c.is_guest AND c.allowance_reminders <> 'off'
            AND (EXISTS (SELECT 1 FROM emails e WHERE e.customer_id = c.id AND e.verified)
              OR (c.allowance_reminders = 'sms'
                AND EXISTS (SELECT 1 FROM phones ph WHERE ph.customer_id = c.id AND ph.verified AND ph.receive_sms)))
            AND NOT EXISTS (SELECT 1 FROM allowance_reminders r WHERE r.customer_id = c.id AND r.period_ends_at = k.period_ends_at)
          GROUP BY c.id
          ORDER BY c.id
          LIMIT ${SWEEP_BATCH}`),
      );
      for (const row of due) {
        after = Math.max(after, Number(row.id));
        const customer = {
          id: Number(row.id),
          lang: (row.lang === 'es' ? 'es' : 'en') as Lang,
          name: row.first_name,
          reminders: row.reminders as ReminderChannel,
          periodEndsAt: row.period_ends_at,
        };
        try {
          if (await remind(customer, asOf)) sent += 1;
        } catch (error) {
          log.error({ err: error, customerId: customer.id }, 'allowance reminder could not be sent');
        }
      }
      if (due.length < SWEEP_BATCH) return sent;
    }
  }

  async function unsubscribeAnswer(id: number, action: UnsubscribeAnswer['action'], reminders: ReminderChannel): Promise<UnsubscribeAnswer> {
    const { email, phone } = await contactsOf(id);
    const contact = email ? maskContact({ kind: 'email', value: email }) : phone ? maskContact({ kind: 'phone', value: phone }) : null;
    return { purpose: 'allowance_reminders', action, reminders, contact };
  }

  return {
    compose,
    run,
    setting,
    unsubscribeToken,

    async update(customerId: number, reminders: ReminderChannel): Promise<ReminderSetting> {
      if (reminders === 'sms' && (await contactsOf(customerId)).phone === null) {
        throw new HttpError('validation_failed', { fields: { reminders: [issue('reminders_need_phone')] } });
      }
      await db.update(customers).set({ allowanceReminders: reminders, updatedAt: clock.now() }).where(eq(customers.id, customerId));
      return setting(customerId);
    },

    /** What the signed link would do (GET): nothing changes. */
    async preview(token: string): Promise<UnsubscribeAnswer> {
      const customer = await customerOfToken(token);
      return unsubscribeAnswer(customer.id, customer.reminders === 'off' ? 'already_off' : 'would_turn_off', customer.reminders);
    },

    /** The one-click unsubscribe (POST): reminders off. */
    async unsubscribe(token: string): Promise<UnsubscribeAnswer> {
      const customer = await customerOfToken(token);
      if (customer.reminders !== 'off') {
        await db.update(customers).set({ allowanceReminders: 'off', updatedAt: clock.now() }).where(eq(customers.id, customer.id));
      }
      return unsubscribeAnswer(customer.id, customer.reminders === 'off' ? 'already_off' : 'turned_off', 'off');
    },

    /** Every process's sweep of due reminders (safe side by side: the claim above). */
    startTimer(intervalMs: number, timerLog: Pick<FastifyBaseLogger, 'info' | 'error'>) {
      return startSweepTimer(() => run(), intervalMs, timerLog, {
        swept: 'allowance reminders sent',
        failed: 'allowance reminder sweep failed',
      });
    },
  };
}

export type RemindersService = ReturnType<typeof createRemindersService>;
