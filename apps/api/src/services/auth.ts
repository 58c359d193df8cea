/**
 * Sign-in, registration and recovery, by one-time code or password. Logins are an e-mail address
 * or a US phone; they are normalized (lower-case e-mail, ten phone digits) before any lookup.
 *
 * Password changes could take an account, so (issue 17): changing an existing password takes the
 * current one (counted on the sign-in guard) or a recent proof of the session; setting a first
 * one takes a recent proof (services/proof.ts). Every set, change and recovery sends a notice to
 * the primary contact (services/account-notices.ts).
 */
import { eq } from 'drizzle-orm';
import {
  isEmail,
  normalizePhone,
  validatePassword,
  validatePasswordConfirmation,
} from '@otc/sdk/validation';
import type { Customer, TokenPair } from '@otc/sdk/schemas';
import type { Db } from '../db/client.js';
import { customers, emails, phones } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';
import { hashPassword, verifyPassword } from '../lib/crypto.js';
import { errors, issue, validationError, type FieldIssue, type Lang } from '../lib/errors.js';
import type { AccountNotices } from './account-notices.js';
import { invalidCodeError, type CodeTarget, type CodesService } from './codes.js';
import type { CustomersService } from './customers.js';
import { checkCurrentPassword, hasRecentProof, recentProofRequired } from './proof.js';
import type { SignInGuard } from './sign-in-guard.js';
import type { SessionMeta, TokensService, WebSessionTicket } from './tokens.js';

/** How a sign-in starts its session: a token pair, or a web session (`X-Auth-Mode: session`). */
export interface SignInOptions extends SessionMeta {
  web?: boolean;
}

/** A sign-in's new session: its token pair, or its web session's ticket (the cookie to set). */
export type SignedIn =
  | { customerId: number; pair: TokenPair; web?: undefined }
  | { customerId: number; web: WebSessionTicket; pair?: undefined };

/** Normalizes a login or answers 422 `wrong_format` on `field`. */
export function parseLogin(raw: string, field = 'login'): CodeTarget {
  const value = raw.trim();
  if (value.includes('@')) {
    if (isEmail(value)) return { kind: 'email', value: value.toLowerCase() };
  } else {
    const phone = normalizePhone(value);
    if (phone) return { kind: 'phone', value: phone };
  }
  throw validationError({ [field]: [issue('wrong_format')] });
}

/** 422 unless the password is complex enough and, when given, the confirmation matches. */
export function checkNewPassword(password: string, confirmation?: string) {
  const data: Record<string, FieldIssue[]> = {};
  const problem = password === '' ? issue('required') : validatePassword(password);
  if (problem) data.password = [problem];
  if (confirmation !== undefined) {
    const mismatch = validatePasswordConfirmation(confirmation, password);
    if (mismatch) data.passwordConfirmation = [mismatch];
  }
  if (Object.keys(data).length > 0) throw validationError(data);
}

export interface AuthServiceOptions {
  db: Db;
  clock: Clock;
  codes: CodesService;
  tokens: TokensService;
  customers: CustomersService;
  guard: SignInGuard;
  notices: AccountNotices;
}

export function createAuthService(options: AuthServiceOptions) {
  const { db, clock, codes, tokens, guard, notices, customers: customerService } = options;

  async function session(customerId: number, options: SignInOptions = {}): Promise<SignedIn> {
    // A customer without a login (a guest cart's owner) can never hold a session.
    const username = await customerService.username(customerId);
    if (!username) throw errors.unauthorized();
    if (options.web) return { customerId, web: await tokens.issueWeb(customerId, db, options) };
    return { customerId, pair: await tokens.issue(customerId, username, db, options) };
  }

  return {
    session,

    async requestLoginCode(rawLogin: string, clientIp: string, lang: Lang) {
      const login = parseLogin(rawLogin);
      const customerId = await customerService.findByLogin(login);
      // An unknown login counts toward the client's code requests (services/code-throttle.ts).
      if (!customerId) await codes.countLookup(clientIp);
      if (!customerId) throw errors.notFound('account_not_found');
      return codes.issue({ purpose: 'login', target: login, customerId, clientIp, lang });
    },

    async verifyLoginCode(rawLogin: string, code: string, meta: SignInOptions = {}): Promise<SignedIn> {
      const login = parseLogin(rawLogin);
      const customerId = await customerService.findByLogin(login);
      if (!customerId) throw invalidCodeError();
      await codes.verify('login', login.value, code);
      return session(customerId, meta);
    },

    /**
     * Password sign-in. Guessing is limited per login (the sign-in guard: a growing lock after
     * 10 failures in a row, whatever address the tries come from), as well as per client.
     */
    async loginWithPassword(rawLogin: string, password: string, meta: SignInOptions = {}): Promise<SignedIn> {
      let customerId: number | null = null;
      let guardKey = `password:${rawLogin.trim().toLowerCase()}`;
      try {
        const login = parseLogin(rawLogin, 'username');
        guardKey = `password:${login.value}`;
        customerId = await customerService.findByLogin(login);
      } catch {
        customerId = null;
      }
      await guard.attempt(guardKey);
      let hash: string | null = null;
      if (customerId) {
        const [row] = await db
          .select({ hash: customers.passwordHash })
          .from(customers)
          .where(eq(customers.id, customerId))
          .limit(1);
        hash = row?.hash ?? null;
      }
      const ok = await verifyPassword(password, hash);
      if (!ok || !customerId) throw errors.invalidCredentials();
      await guard.succeeded(guardKey);
      return session(customerId, meta);
    },

    async requestRegistrationCode(rawLogin: string, clientIp: string, lang: Lang) {
      const login = parseLogin(rawLogin);
      if (await customerService.isLoginTaken(login)) {
        await codes.countLookup(clientIp);
        throw errors.conflict('account_exists');
      }
      return codes.issue({ purpose: 'register', target: login, clientIp, lang });
    },

    async register(input: {
      login: string;
      code: string;
      password?: string | undefined;
      firstName?: string | undefined;
      lastName?: string | undefined;
      interfaceLanguage?: 'en' | 'es' | undefined;
    }, meta: SignInOptions = {}): Promise<SignedIn> {
      const login = parseLogin(input.login);
      if (input.password !== undefined && input.password !== '') checkNewPassword(input.password);
      if (await customerService.isLoginTaken(login)) throw errors.conflict('account_exists');
      await codes.verify('register', login.value, input.code);
      const now = clock.now();
      const passwordHash = input.password ? await hashPassword(input.password) : null;
      let customerId: number;
      try {
        customerId = await db.transaction(async (tx) => {
          const [created] = await tx
            .insert(customers)
            .values({
              firstName: input.firstName || null,
              lastName: input.lastName || null,
              interfaceLanguage: input.interfaceLanguage ?? 'en',
              preferredCommunicationMethod: login.kind === 'email' ? 'email' : 'sms',
              sendNotificationByEmail: login.kind === 'email',
              sendNotificationByPhone: login.kind === 'phone',
              passwordHash,
              passwordUpdatedAt: passwordHash ? now : null,
              createdAt: now,
              updatedAt: now,
            })
            .returning({ id: customers.id });
          if (!created) throw new Error('customer insert returned nothing');
          if (login.kind === 'email') {
            await tx
              .insert(emails)
              .values({ customerId: created.id, address: login.value, reg: true, verified: true });
          } else {
            await tx
              .insert(phones)
              .values({ customerId: created.id, number: login.value, reg: true, verified: true });
          }
          return created.id;
        });
      } catch (error) {
        // Two registrations of the same login at once: the unique index lets one through.
        if (isUniqueViolation(error)) throw errors.conflict('account_exists');
        throw error;
      }
      return session(customerId, meta);
    },

    async requestRecoveryCode(rawLogin: string, clientIp: string, lang: Lang) {
      const login = parseLogin(rawLogin);
      const customerId = await customerService.findByLogin(login);
      // An unknown login counts toward the client's code requests (services/code-throttle.ts).
      if (!customerId) await codes.countLookup(clientIp);
      if (!customerId) throw errors.notFound('account_not_found');
      return codes.issue({ purpose: 'recovery', target: login, customerId, clientIp, lang });
    },

    async recover(input: {
      login: string;
      code: string;
      password: string;
      passwordConfirmation: string;
    }, meta: SignInOptions = {}): Promise<SignedIn> {
      const login = parseLogin(input.login);
      checkNewPassword(input.password, input.passwordConfirmation);
      const customerId = await customerService.findByLogin(login);
      if (!customerId) throw invalidCodeError();
      await codes.verify('recovery', login.value, input.code);
      const passwordHash = await hashPassword(input.password);
      const recipient = await notices.recipient(customerId);
      await db.transaction(async (tx) => {
        await tx
          .update(customers)
          .set({ passwordHash, passwordUpdatedAt: clock.now(), updatedAt: clock.now() })
          .where(eq(customers.id, customerId));
        // A recovered account starts over: every other session ends.
        await tokens.revokeCustomer(customerId, tx);
      });
      await notices.notify(recipient, { type: 'password-recovered' });
      return session(customerId, meta);
    },

    /**
     * Sets or changes the password. The proof: the current password when the account has one
     * and it is given (checked as a sign-in, on the same guard), else a recent proof of the
     * session. An account with a password and neither: 422 `currentPassword` required; one
     * without a password and no recent proof: 403 `recent_proof_required`.
     */
    async changePassword(
      customerId: number,
      input: { currentPassword?: string | undefined; password: string; passwordConfirmation: string },
      /**
       * The session of the device asking: it stays signed in (`sessionId`), and its recent proof
       * (`provenUntil`, from the auth pre-handler) may stand for the current password.
       */
      session: { sessionId?: string | null; provenUntil?: Date | null } = {},
    ): Promise<Customer> {
      const [row] = await db
        .select({ hash: customers.passwordHash })
        .from(customers)
        .where(eq(customers.id, customerId))
        .limit(1);
      if (!row) throw errors.notFound('account_not_found');
      const proven = hasRecentProof(session.provenUntil, clock.now());
      if (row.hash !== null && input.currentPassword) {
        // The current password is guessed at like a sign-in, so it counts on the same lock: the
        // key of a password sign-in with the customer's login (a stolen access token gets no more
        // guesses than the sign-in form, and 10 wrong ones lock both for the same time).
        await checkCurrentPassword(
          { guard, customers: customerService },
          customerId,
          row.hash,
          input.currentPassword,
          'currentPassword',
        );
      } else if (!proven) {
        if (row.hash !== null) throw validationError({ currentPassword: [issue('required')] });
        throw recentProofRequired();
      }
      checkNewPassword(input.password, input.passwordConfirmation);
      const now = clock.now();
      const passwordHash = await hashPassword(input.password);
      const recipient = await notices.recipient(customerId);
      await db.transaction(async (tx) => {
        await tx
          .update(customers)
          .set({ passwordHash, passwordUpdatedAt: now, updatedAt: now })
          .where(eq(customers.id, customerId));
        // Every other device signs in again; this one keeps its session (the access token's
        // `sid`).
        await tokens.revokeCustomer(customerId, tx, { except: session.sessionId ?? null });
      });
      await notices.notify(recipient, { type: row.hash === null ? 'password-set' : 'password-changed' }, now);
      return customerService.get(customerId);
    },
  };
}

export function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current; depth += 1) {
    if (typeof current === 'object' && (current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

export type AuthService = ReturnType<typeof createAuthService>;
