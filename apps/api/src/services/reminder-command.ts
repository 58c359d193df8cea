/**
 * `ops reminders:run [--as-of YYYY-MM-DD]` (src/ops.ts): sends the allowance reminders due that
 * day (default today, UTC) through the same service as every process's sweep, so a reminder is
 * still sent once per member and period. Kept apart so tests run it on a test database.
 */
import type { FastifyBaseLogger } from 'fastify';
import { isCalendarDate } from '@otc/sdk/validation';
import type { Db } from '../db/client.js';
import type { AppConfig } from '../env.js';
import { systemClock, type Clock } from '../lib/clock.js';
import { createCustomersService } from './customers.js';
import { createNotifier, type Notifier } from './notifier.js';
import { createRemindersService } from './reminders.js';
import { createSuggestedBasketService } from './suggested-basket.js';

export const REMINDER_COMMANDS = ['reminders:run'] as const;
export const REMINDER_USAGE = `  reminders:run [--as-of YYYY-MM-DD]   send the allowance reminders due that day (default today); once per member and period`;

export interface ReminderCommandDeps {
  db: Db;
  config: AppConfig;
  secret: string;
  clock?: Clock;
  /** The app's notifier (tests); otherwise one like the server's (outbox, SMTP when set). */
  notifier?: Notifier;
}

/** The command's log lines on the console (the notifier logs what it could not send). */
const consoleLog = {
  info: (...args: unknown[]) => console.log(...args.filter((a) => typeof a === 'string')),
  warn: (...args: unknown[]) => console.warn(...args),
  error: (...args: unknown[]) => console.error(...args),
} as unknown as FastifyBaseLogger;

/** Runs `reminders:run`; answers the line to print. A wrong date throws a readable message. */
export async function runReminderCommand(deps: ReminderCommandDeps, args: string[]): Promise<string> {
  const at = args.indexOf('--as-of');
  const asOf = at >= 0 ? args[at + 1] : args.find((arg) => arg.startsWith('--as-of='))?.slice('--as-of='.length);
  if (asOf !== undefined && !(/^\d{4}-\d{2}-\d{2}$/.test(asOf) && isCalendarDate(asOf))) {
    throw new Error('--as-of needs a date such as 2026-12-17');
  }
  const { db, config, secret } = deps;
  const clock = deps.clock ?? systemClock;
  const notifier =
    deps.notifier ??
    createNotifier({
      db,
      log: consoleLog,
      logCodes: false,
      keepCodes: config.nodeEnv !== 'production',
      smtpUrl: config.smtpUrl,
      mailFrom: config.mailFrom,
    });
  const customers = createCustomersService({ db, clock });
  const basket = createSuggestedBasketService({ db, clock, config, customers });
  const reminders = createRemindersService({ db, clock, config, notifier, secret, log: consoleLog, basket });
  const day = asOf ?? clock.now().toISOString().slice(0, 10);
  try {
    const sent = await reminders.run(day);
    return `allowance reminders sent: ${sent} (due on ${day}, ${config.allowanceReminderDays} days before a period's end)`;
  } finally {
    if (!deps.notifier) await notifier.close?.();
  }
}
