/**
 * Notices of changes that could take an account: a password set, changed or recovered, an e-mail
 * or phone added (sent when it is verified), made primary or removed. Each goes through the
 * Notifier (so it lands in the outbox too) to the primary contact as it was BEFORE the change —
 * for a make-primary, the contact that was primary — so the owner hears of it even when someone
 * else made the change. It says what changed (a new contact masked), when (the SDK's date
 * formatting in the customer's interface language), and how to report it: the account's security
 * page and the support phone.
 *
 * "This was not me" (issue 32, item 6): a notice sent through `notify` with a recipient that
 * names its customer carries a single-use link, valid ACCOUNT_UNDO_DAYS days, to the storefront's
 * `/account/undo` page, which undoes the change, locks the password and ends every session
 * (services/account-undo.ts). The link is made before the notice is sent; when it cannot be made,
 * the notice goes without it (logged).
 *
 * A notice that cannot be sent never fails the change: the failure is logged.
 *
 * Time zone: the shop has no configured time zone, so the time is written in UTC and says so.
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { formatDateTime } from '@otc/sdk';
import type { Db, DbOrTx } from '../db/client.js';
import { customers, emails, phones } from '../db/schema.js';
import type { AppConfig } from '../env.js';
import type { Clock } from '../lib/clock.js';
import type { Lang } from '../lib/errors.js';
import type { AccountUndo, UndoDetail } from './account-undo.js';
import type { Notifier } from './notifier.js';
import { maskContact, type Contact } from './contact-masks.js';

/** The time zone notices are written in, and how they name it. */
const NOTICE_TIME_ZONE = 'UTC';


/** Where a customer's notices go: a contact, and the customer's interface language. */
export interface NoticeRecipient extends Contact {
  lang: Lang;
  /** The account changed: the notice's "This was not me" link undoes the change on it. */
  customerId?: number;
}

/** A contact a change names, with its row (the undo removes an added one by its id). */
export type ChangedContact = Contact & { id?: number };

export type AccountChange =
  | { type: 'password-set' | 'password-changed' | 'password-recovered' }
  | { type: 'contact-added' | 'contact-removed'; contact: ChangedContact }
  /** `previous`: the primary contact that lost its place (the undo gives it back). */
  | { type: 'contact-primary'; contact: ChangedContact; previous?: { id: number; value: string } | undefined };

/** The SDK's name of a change (`AccountChange` of `@otc/sdk/schemas`), as the undo link keeps it. */
const UNDO_CHANGE = {
  'password-set': 'password_set',
  'password-changed': 'password_changed',
  'password-recovered': 'password_recovered',
  'contact-added': 'contact_added',
  'contact-primary': 'contact_made_primary',
  'contact-removed': 'contact_removed',
} as const;


/**
 * The customer's primary contact: the primary (sign-in) e-mail, else the primary phone — the
 * login the access token names. Null when the customer has neither (or no longer exists).
 */
export async function primaryContact(exec: DbOrTx, customerId: number): Promise<Contact | null> {
  const [email] = await exec
    .select({ address: emails.address })
    .from(emails)
    .where(and(eq(emails.customerId, customerId), eq(emails.reg, true)))
    .limit(1);
  if (email) return { kind: 'email', value: email.address };
  const [phone] = await exec
    .select({ number: phones.number })
    .from(phones)
    .where(and(eq(phones.customerId, customerId), eq(phones.reg, true)))
    .limit(1);
  return phone ? { kind: 'phone', value: phone.number } : null;
}

interface NoticeTexts {
  subject: Record<AccountChange['type'], string>;
  what: {
    'password-set': string;
    'password-changed': string;
    'password-recovered': string;
    'contact-added': Record<Contact['kind'], string>;
    'contact-primary': Record<Contact['kind'], string>;
    'contact-removed': Record<Contact['kind'], string>;
  };
  when: string;
  ok: string;
  undo: string;
  undoHow: string;
  notYou: string;
  page: string;
  call: string;
}

/** Short and plain: many customers are older readers. `{contact}`, `{time}`, `{link}`, `{phone}`. */
const TEXTS: Record<Lang, NoticeTexts> = {
  en: {
    subject: {
      'password-set': 'A password was added to your account',
      'password-changed': 'Your password was changed',
      'password-recovered': 'Your password was reset',
      'contact-added': 'A new contact was added to your account',
      'contact-primary': 'Your sign-in was changed',
      'contact-removed': 'A contact was removed from your account',
    },
    what: {
      'password-set': 'A password was added to your account.',
      'password-changed': 'Your password was changed.',
      'password-recovered': 'Your password was reset with a recovery code.',
      'contact-added': {
        email: 'A new e-mail was added to your account: {contact}.',
        phone: 'A new phone number was added to your account: {contact}.',
      },
      'contact-primary': {
        email: 'You now sign in with the e-mail {contact}.',
        phone: 'You now sign in with the phone number {contact}.',
      },
      'contact-removed': {
        email: 'The e-mail {contact} was removed from your account.',
        phone: 'The phone number {contact} was removed from your account.',
      },
    },
    when: 'When: {time}.',
    ok: 'If you did this, you do not need to do anything.',
    undo: 'This was not me: {undo}',
    undoHow: 'That link undoes the change and signs every device out. It works once, for {days} days.',
    notYou: 'If you did not do this, tell us right away:',
    page: 'Open {link}',
    call: 'Or call us at {phone}.',
  },
  es: {
    subject: {
      'password-set': 'Se agregó una contraseña a su cuenta',
      'password-changed': 'Se cambió su contraseña',
      'password-recovered': 'Se restableció su contraseña',
      'contact-added': 'Se agregó un contacto nuevo a su cuenta',
      'contact-primary': 'Se cambió su forma de iniciar sesión',
      'contact-removed': 'Se quitó un contacto de su cuenta',
    },
    what: {
      'password-set': 'Se agregó una contraseña a su cuenta.',
      'password-changed': 'Se cambió su contraseña.',
      'password-recovered': 'Se restableció su contraseña con un código de recuperación.',
      'contact-added': {
        email: 'Se agregó un correo electrónico nuevo a su cuenta: {contact}.',
        phone: 'Se agregó un teléfono nuevo a su cuenta: {contact}.',
      },
      'contact-primary': {
        email: 'Ahora inicia sesión con el correo electrónico {contact}.',
        phone: 'Ahora inicia sesión con el teléfono {contact}.',
      },
      'contact-removed': {
        email: 'Se quitó el correo electrónico {contact} de su cuenta.',
        phone: 'Se quitó el teléfono {contact} de su cuenta.',
      },
    },
    when: 'Cuándo: {time}.',
    ok: 'Si fue usted, no tiene que hacer nada.',
    undo: 'No fui yo: {undo}',
    undoHow: 'Ese enlace deshace el cambio y cierra la sesión en todos los dispositivos. Sirve una vez, durante {days} días.',
    notYou: 'Si no fue usted, avísenos enseguida:',
    page: 'Abra {link}',
    call: 'O llámenos al {phone}.',
  },
};

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);

export interface AccountNoticesOptions {
  db: Db;
  clock: Clock;
  config: Pick<AppConfig, 'publicUrl' | 'supportPhone'> & Partial<Pick<AppConfig, 'port' | 'accountUndoDays'>>;
  notifier: Notifier;
  log: FastifyBaseLogger;
  /** The "This was not me" links (without it, notices carry none). */
  undo?: AccountUndo;
}

export function createAccountNotices(options: AccountNoticesOptions) {
  const { db, clock, config, notifier, log, undo } = options;

  /** The security page of the storefront in a language (Spanish pages live under /es). */
  const securityPage = (lang: Lang) =>
    config.publicUrl ? `${config.publicUrl}${lang === 'es' ? '/es' : ''}/account/security` : null;

  /**
   * The storefront's undo page for a token, in a language: PUBLIC_URL, else this process's own
   * address (development: the API serves the storefront).
   */
  const undoPage = (lang: Lang, token: string) =>
    `${config.publicUrl ?? `http://localhost:${config.port ?? 3000}`}${lang === 'es' ? '/es' : ''}/account/undo?token=${encodeURIComponent(token)}`;

  /** Subject and text of a notice (exported through the service for tests and previews). */
  function compose(change: AccountChange, lang: Lang, at: Date, undoLink?: string) {
    const texts = TEXTS[lang];
    const what =
      'contact' in change
        ? fill(texts.what[change.type][change.contact.kind], {
            contact: maskContact(change.contact),
          })
        : texts.what[change.type];
    const time = `${formatDateTime(at.toISOString(), lang, { timeZone: NOTICE_TIME_ZONE })} ${NOTICE_TIME_ZONE}`;
    const link = securityPage(lang);
    const lines = [
      what,
      fill(texts.when, { time }),
      '',
      texts.ok,
      ...(undoLink
        ? [fill(texts.undo, { undo: undoLink }), fill(texts.undoHow, { days: String(config.accountUndoDays ?? 7) })]
        : []),
      texts.notYou,
      ...(link ? [fill(texts.page, { link })] : []),
      fill(texts.call, { phone: config.supportPhone }),
    ];
    return { subject: texts.subject[change.type], text: lines.join('\n') };
  }

  return {
    compose,

    /**
     * Where a notice of a change would go now: read it BEFORE the change. `contact` names another
     * contact instead (the old primary of a make-primary); the customer's language either way.
     * Null when there is nowhere to send it. Never throws (a failed read is logged).
     */
    async recipient(
      customerId: number,
      contact?: Contact | null,
      exec: DbOrTx = db,
    ): Promise<NoticeRecipient | null> {
      try {
        const [row] = await exec
          .select({ lang: customers.interfaceLanguage })
          .from(customers)
          .where(eq(customers.id, customerId))
          .limit(1);
        if (!row) return null;
        const to = contact ?? (await primaryContact(exec, customerId));
        if (!to) return null;
        return { ...to, lang: row.lang === 'es' ? 'es' : 'en', customerId };
      } catch (error) {
        log.error({ err: error, customerId }, 'account notice: recipient could not be read');
        return null;
      }
    },

    /** Sends the notice of a change that was just made. Never throws: a failure is logged. */
    async notify(
      recipient: NoticeRecipient | null,
      change: AccountChange,
      at: Date = clock.now(),
    ): Promise<void> {
      if (!recipient) {
        log.warn({ change: change.type }, 'account notice: no contact to send it to');
        return;
      }
      let undoLink: string | undefined;
      if (undo && recipient.customerId !== undefined) {
        try {
          const detail: UndoDetail = 'contact' in change ? { contact: change.contact } : {};
          if (change.type === 'contact-primary' && change.previous) detail.previous = change.previous;
          undoLink = undoPage(recipient.lang, await undo.create(recipient.customerId, UNDO_CHANGE[change.type], detail, at));
        } catch (error) {
          log.error({ err: error, change: change.type }, 'account notice: its undo link could not be made');
        }
      }
      try {
        const { subject, text } = compose(change, recipient.lang, at, undoLink);
        await notifier.send({
          to: recipient.value,
          channel: recipient.kind === 'email' ? 'email' : 'sms',
          subject,
          text,
        });
      } catch (error) {
        log.error({ err: error, change: change.type }, 'account notice could not be sent');
      }
    },
  };
}

export type AccountNotices = ReturnType<typeof createAccountNotices>;
