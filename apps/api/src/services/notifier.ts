/**
 * The `Notifier` port: how codes and notices reach a customer. Every message is recorded in the
 * outbox table (the development outbox, readable at GET /api/dev/outbox outside production).
 * E-mail goes out through SMTP (nodemailer) when SMTP_URL is set; SMS has no carrier here, so
 * text messages stay in the outbox and the log.
 */
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../db/client.js';
import { outboxMessages } from '../db/schema.js';

export interface OutgoingMessage {
  to: string;
  channel: 'email' | 'sms';
  subject: string;
  text: string;
  /** The one-time code the message carries, if any. */
  code?: string | null;
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
  smtpUrl?: string | undefined;
  mailFrom: string;
  /** Tests may pass their own transport. */
  transport?: Transporter;
}

export function createNotifier(options: NotifierOptions): Notifier {
  const transport =
    options.transport ?? (options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined);

  async function record(message: OutgoingMessage, status: string, error?: string) {
    await options.db.insert(outboxMessages).values({
      to: message.to,
      channel: message.channel,
      subject: message.subject,
      text: message.text,
      code: message.code ?? null,
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
