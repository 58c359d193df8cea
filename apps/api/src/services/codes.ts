/**
 * One-time codes: 6 digits, stored as a keyed hash, valid 10 minutes, 5 tries each. While the
 * newest code of a login and purpose can still be used, a new one only after the resend countdown;
 * a used, spent (5 tries) or expired code holds no new one back. Sending is also slowed per login
 * (all purposes together) and per client address by increasing waits (services/code-throttle.ts:
 * a few codes freely, then 1, 2, 4 … minutes, at most 15 for a login, never a day), checked and
 * counted atomically with the insert. Guessing is limited per code (5 tries) and per login over
 * all its codes (the sign-in guard, a separate lock, after `CODE_GUARD_FREE_TRIES` consecutive
 * wrong codes). Sending goes through the Notifier.
 */
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { ONE_TIME_CODE_LENGTH } from '@otc/sdk';
import type { Db } from '../db/client.js';
import { oneTimeCodes } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';
import { keyedHash, randomDigits, safeEqual } from '../lib/crypto.js';
import { HttpError, errors, issue, type Lang } from '../lib/errors.js';
import { createCodeThrottle, slowedError, type CodeThrottleSettings } from './code-throttle.js';
import type { Notifier } from './notifier.js';
import type { SignInGuard } from './sign-in-guard.js';

export const CODE_TTL_MS = 10 * 60 * 1000;
export const CODE_MAX_ATTEMPTS = 5;
/**
 * Consecutive wrong codes of one login before the sign-in guard locks it (issue 32, item 6).
 * A guess limit per code, not a lock on the owner: at 10 (the password's), two codes of wrong
 * guesses by anyone who knows the e-mail locked the member out, the right code answering 429.
 * 100 is NIST SP 800-63B's bound on consecutive failures (5.2.2). Each code is 1 in 10^6 with 5
 * tries, and codes to one login are slowed (3 an hour, then 1, 2, 4 … 15 minutes), so reaching
 * the lock takes a flood of about 20 codes, every one of them sent to the member; a guess
 * succeeds before it with a chance of 1 in 10 000.
 */
export const CODE_GUARD_FREE_TRIES = 100;
/** First key of the advisory locks of code sending (the second is a hash of the login or address). */
const CODE_LOCK_CLASS = 7_310_001;

/** `proof`: sent to the primary contact of a signed-in customer to prove it is them (recent proof). */
export type CodePurpose = 'login' | 'register' | 'recovery' | 'verify-email' | 'verify-phone' | 'proof';

export interface CodeTarget {
  /** Normalized e-mail (lower case) or ten-digit phone. */
  value: string;
  kind: 'email' | 'phone';
}

export interface IssueCodeInput {
  purpose: CodePurpose;
  target: CodeTarget;
  customerId?: number | null;
  contactId?: number | null;
  clientIp?: string | null;
  lang: Lang;
}

export interface CodesServiceOptions {
  db: Db;
  clock: Clock;
  notifier: Notifier;
  secret: string;
  resendSeconds: number;
  /** Increasing waits per login and per client address (the configuration's `code*` settings). */
  throttle: CodeThrottleSettings;
  guard: SignInGuard;
  log?: FastifyBaseLogger | undefined;
}

const TEXTS: Record<Lang, Record<CodePurpose, string> & { body: string }> = {
  en: {
    login: 'Your sign-in code',
    register: 'Your registration code',
    recovery: 'Your account recovery code',
    'verify-email': 'Confirm your e-mail',
    'verify-phone': 'Confirm your phone',
    proof: 'Your code to confirm it is you',
    body: '{subject}: {code}. It expires in 10 minutes. If you did not ask for it, ignore this message.',
  },
  es: {
    login: 'Su código de inicio de sesión',
    register: 'Su código de registro',
    recovery: 'Su código de recuperación de cuenta',
    'verify-email': 'Confirme su correo electrónico',
    'verify-phone': 'Confirme su teléfono',
    proof: 'Su código para confirmar que es usted',
    body: '{subject}: {code}. Vence en 10 minutos. Si no lo solicitó, ignore este mensaje.',
  },
};

export function invalidCodeError() {
  return new HttpError('invalid_code', { fields: { code: [issue('invalid_code')] } });
}

export function createCodesService(options: CodesServiceOptions) {
  const { db, clock } = options;
  const hash = (purpose: CodePurpose, target: string, code: string) =>
    keyedHash(options.secret, 'one-time-code', `${purpose}:${target}:${code}`);
  const throttle = createCodeThrottle({ db, clock, settings: options.throttle, log: options.log });

  return {
    /**
     * A code request that found no account to send to (sign-in or recovery code for an unknown
     * login, registration code for a taken one, adding a contact another account holds): counts
     * toward the client address like a code sent, so finding out whether logins exist costs what
     * asking for codes costs. 429 `too_many_requests` while the address waits. Call it just
     * before answering `account_not_found`, `account_exists` or `contact_taken`.
     */
    countLookup: (clientIp: string | null | undefined) => throttle.countLookup(clientIp),

    /**
     * Sends a new code; answers the channel and the seconds before another may be requested.
     * The checks (client address wait, login wait, resend wait) and the insert run in one
     * transaction holding advisory locks on the login and on the client address (and the rows of
     * both in `code_throttles`), so parallel requests for one login (on PostgreSQL's many
     * connections) cannot all pass the checks before any code is stored. A refusal is answered
     * after that transaction commits: the client address counts every request, refused or not.
     */
    async issue(input: IssueCodeInput): Promise<{ channel: 'email' | 'sms'; resendIn: number }> {
      const target = input.target.value;
      const code = randomDigits(ONE_TIME_CODE_LENGTH);
      const channel = input.target.kind === 'email' ? 'email' : 'sms';
      await throttle.maybePrune(clock.now());
      const refusal = await db.transaction(async (tx): Promise<HttpError | null> => {
        // Locks in one order (login, then address), released at commit.
        await tx.execute(sql`select pg_advisory_xact_lock(${CODE_LOCK_CLASS}::int, hashtext(${`target:${target}`}))`);
        if (input.clientIp) {
          await tx.execute(sql`select pg_advisory_xact_lock(${CODE_LOCK_CLASS}::int, hashtext(${`client:${input.clientIp}`}))`);
          // Every request of an address counts (429 `too_many_requests` while it waits).
          const clientRefusal = await throttle.takeClient(tx, input.clientIp);
          if (clientRefusal) return clientRefusal;
        }
        const login = await throttle.lockLogin(tx, target);
        // The moment of this request: read once every lock is held (after those before it).
        const now = login.locked.now;
        const [last] = await tx
          .select({
            createdAt: oneTimeCodes.createdAt,
            consumedAt: oneTimeCodes.consumedAt,
            attempts: oneTimeCodes.attempts,
            expiresAt: oneTimeCodes.expiresAt,
          })
          .from(oneTimeCodes)
          .where(and(eq(oneTimeCodes.target, target), eq(oneTimeCodes.purpose, input.purpose)))
          .orderBy(desc(oneTimeCodes.createdAt), desc(oneTimeCodes.id))
          .limit(1);
        // The resend wait protects a code the customer may still be typing. A used code, one
        // whose tries are spent or an expired one can never sign in: waiting for it would leave
        // the customer without a usable code, so a new one goes out at once (the login's waits
        // still count every code, and guessing stays limited by the sign-in guard).
        const live =
          last !== undefined &&
          last.consumedAt === null &&
          last.attempts < CODE_MAX_ATTEMPTS &&
          last.expiresAt.getTime() > now.getTime();
        const resendMs = last && live ? last.createdAt.getTime() + options.resendSeconds * 1000 - now.getTime() : 0;
        // Both waits running: the longer one is the one to tell (as long: the resend countdown).
        if (login.waitMs > 0 && login.waitMs > resendMs) return slowedError(login.waitMs);
        if (resendMs > 0) return errors.tooManyRequests('resend_too_soon', { seconds: Math.ceil(resendMs / 1000) });
        await throttle.countLogin(tx, login.locked);
        // Only the newest code of a login and purpose is valid.
        await tx
          .update(oneTimeCodes)
          .set({ consumedAt: now })
          .where(
            and(
              eq(oneTimeCodes.target, target),
              eq(oneTimeCodes.purpose, input.purpose),
              isNull(oneTimeCodes.consumedAt),
            ),
          );
        await tx.insert(oneTimeCodes).values({
          purpose: input.purpose,
          target,
          channel,
          codeHash: hash(input.purpose, target, code),
          customerId: input.customerId ?? null,
          contactId: input.contactId ?? null,
          clientIp: input.clientIp ?? null,
          expiresAt: new Date(now.getTime() + CODE_TTL_MS),
          createdAt: now,
        });
        return null;
      });
      if (refusal) throw refusal;
      const texts = TEXTS[input.lang];
      const subject = texts[input.purpose];
      try {
        await options.notifier.send({
          to: target,
          channel,
          subject,
          text: texts.body.replace('{subject}', subject).replace('{code}', code),
          code,
        });
      } catch {
        // The notifier logged why; the customer is told the code could not be sent (503).
        throw new HttpError('code_request_failed');
      }
      return { channel, resendIn: options.resendSeconds };
    },

    /**
     * Checks a code and consumes it. A wrong code costs one of the 5 tries (422 `invalid_code`);
     * after the fifth the code is dead (429 `code_attempts_exceeded`); expired or unknown: 422.
     */
    async verify(purpose: CodePurpose, target: string, code: string) {
      const now = clock.now();
      const [row] = await db
        .select()
        .from(oneTimeCodes)
        .where(
          and(
            eq(oneTimeCodes.target, target),
            eq(oneTimeCodes.purpose, purpose),
            isNull(oneTimeCodes.consumedAt),
          ),
        )
        .orderBy(desc(oneTimeCodes.createdAt))
        .limit(1);
      if (!row || row.expiresAt.getTime() <= now.getTime()) throw invalidCodeError();
      // Guessing per login over all its codes (a new code every minute would otherwise give
      // 5 more tries each time): a growing lock, whatever address the tries come from.
      const guardKey = `code:${target}`;
      await options.guard.attempt(guardKey, CODE_GUARD_FREE_TRIES);
      // Count the try first (atomically), so parallel guesses cannot exceed the limit.
      const [counted] = await db
        .update(oneTimeCodes)
        .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
        .where(and(eq(oneTimeCodes.id, row.id), sql`${oneTimeCodes.attempts} < ${CODE_MAX_ATTEMPTS}`))
        .returning({ attempts: oneTimeCodes.attempts });
      // A dead code: it never works again, and a new one may be asked for at once (a spent code
      // holds no resend wait), hence the shortest Retry-After.
      const attemptsExceeded = () => new HttpError('code_attempts_exceeded', { extra: { retryAfter: 1 } });
      if (!counted) throw attemptsExceeded();
      if (!safeEqual(row.codeHash, hash(purpose, target, code))) {
        if (counted.attempts >= CODE_MAX_ATTEMPTS) throw attemptsExceeded();
        throw invalidCodeError();
      }
      const [consumed] = await db
        .update(oneTimeCodes)
        .set({ consumedAt: now })
        .where(and(eq(oneTimeCodes.id, row.id), isNull(oneTimeCodes.consumedAt)))
        .returning({ id: oneTimeCodes.id });
      if (!consumed) throw invalidCodeError();
      await options.guard.succeeded(guardKey);
      return { customerId: row.customerId, contactId: row.contactId };
    },
  };
}

export type CodesService = ReturnType<typeof createCodesService>;
