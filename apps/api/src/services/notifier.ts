/**
 * The `Notifier` port: how codes and notices reach a customer. Every message is recorded in the
 * outbox table (the development outbox, readable at GET /api/dev/outbox outside production).
 * E-mail goes out through SMTP (nodemailer) when SMTP_URL is set; SMS has no carrier here, so
 * text messages stay in the outbox and the log.
 *
 * One-time codes in the outbox: kept in clear only outside production (`keepCodes`), where the
 * development outbox shows them. In production the row is written without the code: its `code`
 * column stays empty and the code in its text is replaced by `CODE_WITHHELD`, so the database
 * never holds a code in clear (`one_time_codes` keeps only a keyed hash). Rows written in clear
 * before (an older version) are scrubbed at start-up in production (`scrubOutboxCodes`).
 */
import { isNotNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../db/client.js';
import { outboxMessages } from '../db/schema.js';

/** What stands in a stored message's text for its one-time code in production. */
export const CODE_WITHHELD = '[withheld]';

export interface OutgoingMessage {
  to: string;
  channel: 'email' | 'sms';
  subject: string;
  text: string;
  /** The one-time code the message carries, if any. */
  code?: string | null;
  /** Extra e-mail headers (`List-Unsubscribe`...), sent and kept in the outbox row. */
  headers?: Record<string, string>;
}

export interface Notifier {
  send(message: OutgoingMessage): Promise<void>;
  close?(): Promise<void>;
}

export interface NotifierOptions {
  db: Db;
  log: FastifyBaseLogger;
  /** Development: print codes in the log. */
  logCodes: boolean;
  /**
   * Outside production: keep each one-time code in clear in its outbox row (the development
   * outbox reads it). False in production: the row is stored without the code.
   */
  keepCodes: boolean;
  smtpUrl?: string | undefined;
  mailFrom: string;
  /** Tests may pass their own transport. */
  transport?: Transporter;
}

export function createNotifier(options: NotifierOptions): Notifier {
  const transport =
    options.transport ?? (options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined);

  async function record(message: OutgoingMessage, status: string, error?: string) {
    const code = message.code || null;
    const withheld = code !== null && !options.keepCodes;
    await options.db.insert(outboxMessages).values({
      to: message.to,
      channel: message.channel,
      subject: message.subject,
      text: withheld ? message.text.split(code).join(CODE_WITHHELD) : message.text,
      code: withheld ? null : code,
      headers: message.headers ?? null,
      status,
      error: error ?? null,
    });
  }

  return {
    async send(message) {
      if (options.logCodes && message.code) {
        // Development only: the code in clear, so a developer can sign in without a mailbox.
        options.log.info(
          `[outbox] ${message.channel} to ${message.to}: one-time code ${message.code}`,
        );
      }
      if (message.channel === 'email' && transport) {
        try {
          await transport.sendMail({
            from: options.mailFrom,
            to: message.to,
            subject: message.subject,
            text: message.text,
            ...(message.headers ? { headers: message.headers } : {}),
          });
        } catch (error) {
          const reason = error instanceof Error ? error.message : String(error);
          await record(message, 'failed', reason);
          options.log.error({ err: error, to: message.to }, 'e-mail could not be sent');
          throw error;
        }
        await record(message, 'sent');
        return;
      }
      if (!options.logCodes) {
        options.log.info({ to: message.to, channel: message.channel }, 'message stored in the outbox');
      }
      await record(message, 'stored');
    },
    async close() {
      transport?.close();
    },
  };
}

/**
 * Production start-up: outbox rows that still hold a code in clear (written before codes were
 * withheld) lose it, in the column and in the text. Answers how many rows were scrubbed.
 */
export async function scrubOutboxCodes(db: Db): Promise<number> {
  const scrubbed = await db
    .update(outboxMessages)
    .set({
      text: sql`replace(${outboxMessages.text}, ${outboxMessages.code}, ${CODE_WITHHELD})`,
      code: null,
    })
    .where(isNotNull(outboxMessages.code))
    .returning({ id: outboxMessages.id });
  return scrubbed.length;
}
