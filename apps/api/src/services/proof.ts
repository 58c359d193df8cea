/**
 * Recent proof. A stolen access token (15 minutes) must not be enough to take an account: set a
 * first password, add and verify another e-mail or phone, make it primary and remove the owner's.
 * Those changes (contract routes with `recentProof: true`, and a password change without the
 * current password) need the session to have a recent proof:
 * - its sign-in, for `RECENT_SIGN_IN_PROOF_MINUTES` (it took a password or a code), or
 * - an explicit proof (POST /api/auth/proof) for `PROOF_VALID_MINUTES`: the current password
 *   (guessed at like a sign-in, so it counts on the same sign-in guard key `password:<login>`),
 *   or a one-time code (purpose `proof`) sent to the customer's PRIMARY contact.
 * A proof is recorded on the session (`sessions.proven_at`): the customer's other sessions are not
 * proven by it, and refreshing the tokens does not renew it. Without one: 403
 * `recent_proof_required` (the answer says nothing else).
 *
 * The per-request session read (tokens.activeSession) answers `createdAt` and `provenAt`; the auth
 * pre-handler keeps `request.provenUntil` (`provenUntil` below) for the route checks.
 */
import { eq } from 'drizzle-orm';
import { PROOF_VALID_MINUTES, RECENT_SIGN_IN_PROOF_MINUTES } from '@otc/sdk';
import type { CodeSent, ProofStatus } from '@otc/sdk/schemas';
import type { Db } from '../db/client.js';
import { customers } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';
import { verifyPassword } from '../lib/crypto.js';
import {
  HttpError,
  errors,
  issue,
  validationError,
  type FieldIssue,
  type Lang,
} from '../lib/errors.js';
import { primaryContact } from './account-notices.js';
import { maskContact, type Contact } from './contact-masks.js';
import { invalidCodeError, type CodesService } from './codes.js';
import type { CustomersService } from './customers.js';
import type { SignInGuard } from './sign-in-guard.js';
import type { ActiveSession, TokensService } from './tokens.js';

const MINUTE_MS = 60_000;

/** Until when a session counts as proven: its sign-in for a short while, an explicit proof longer. */
export function provenUntil(session: ActiveSession): Date {
  const bySignIn = session.createdAt.getTime() + RECENT_SIGN_IN_PROOF_MINUTES * MINUTE_MS;
  const byProof = session.provenAt
    ? session.provenAt.getTime() + PROOF_VALID_MINUTES * MINUTE_MS
    : 0;
  return new Date(Math.max(bySignIn, byProof));
}

/** Whether a session proven until `until` (null: never) is still proven at `now`. */
export function hasRecentProof(until: Date | null | undefined, now: Date): boolean {
  return until !== null && until !== undefined && until.getTime() > now.getTime();
}

export const recentProofRequired = () => new HttpError('recent_proof_required');

/** The guard key of a customer's password: the one password sign-in with their login uses. */
async function passwordGuardKey(
  customerService: CustomersService,
  customerId: number,
): Promise<string> {
  const login = await customerService.username(customerId);
  return login ? `password:${login}` : `password:customer:${customerId}`;
}

/**
 * Checks a customer's current password as a sign-in would: counted on the sign-in guard (10 wrong
 * ones lock sign-in and this alike, 429 while locked), 422 `current_password_incorrect` on
 * `field` when wrong (an account without a password has no right one).
 */
export async function checkCurrentPassword(
  deps: { guard: SignInGuard; customers: CustomersService },
  customerId: number,
  hash: string | null,
  password: string,
  field: string,
): Promise<void> {
  const guardKey = await passwordGuardKey(deps.customers, customerId);
  await deps.guard.attempt(guardKey);
  if (!(await verifyPassword(password, hash))) {
    throw validationError({ [field]: [issue('current_password_incorrect')] });
  }
  await deps.guard.succeeded(guardKey);
}

export interface ProofServiceOptions {
  db: Db;
  clock: Clock;
  codes: CodesService;
  tokens: TokensService;
  customers: CustomersService;
  guard: SignInGuard;
}

export function createProofService(options: ProofServiceOptions) {
  const { db, clock, codes, tokens, guard, customers: customerService } = options;

  async function passwordHash(customerId: number): Promise<string | null> {
    const [row] = await db
      .select({ hash: customers.passwordHash })
      .from(customers)
      .where(eq(customers.id, customerId))
      .limit(1);
    if (!row) throw errors.notFound('account_not_found');
    return row.hash;
  }

  async function contactOf(customerId: number): Promise<Contact> {
    const contact = await primaryContact(db, customerId);
    if (!contact) throw errors.notFound('account_not_found');
    return contact;
  }

  async function status(customerId: number, until: Date | null): Promise<ProofStatus> {
    const [hash, contact] = await Promise.all([passwordHash(customerId), contactOf(customerId)]);
    return {
      provenUntil: hasRecentProof(until, clock.now()) ? until!.toISOString() : null,
      methods: hash !== null ? ['password', 'code'] : ['code'],
      codeChannel: contact.kind === 'email' ? 'email' : 'sms',
      codeTo: maskContact(contact),
    };
  }

  return {
    status,

    /** Sends a proof code to the primary contact (resend wait and daily limits of every code). */
    async requestCode(customerId: number, clientIp: string | null, lang: Lang): Promise<CodeSent> {
      const contact = await contactOf(customerId);
      return codes.issue({ purpose: 'proof', target: contact, customerId, clientIp, lang });
    },

    /**
     * Proves this session with the current password or the proof code (exactly one, else 422 on
     * both fields). Success marks THIS session proven now and answers the status.
     */
    async prove(
      customerId: number,
      session: { sessionId: string | null; provenUntil: Date | null },
      input: { password?: string | undefined; code?: string | undefined },
    ): Promise<ProofStatus> {
      const password = input.password === '' ? undefined : input.password;
      const code = input.code === '' ? undefined : input.code;
      if ((password === undefined) === (code === undefined)) {
        const problem: FieldIssue = issue(password === undefined ? 'required' : 'wrong_format');
        throw validationError({ password: [problem], code: [problem] });
      }
      if (!session.sessionId) throw errors.unauthorized();
      if (password !== undefined) {
        await checkCurrentPassword(
          { guard, customers: customerService },
          customerId,
          await passwordHash(customerId),
          password,
          'password',
        );
      } else {
        const contact = await contactOf(customerId);
        const checked = await codes.verify('proof', contact.value, code!);
        // A proof code sent for the same contact to another account does not prove this one.
        if (checked.customerId !== customerId) throw invalidCodeError();
      }
      const now = clock.now();
      if (!(await tokens.markProven(session.sessionId, customerId, now)))
        throw errors.unauthorized();
      const until = new Date(
        Math.max(
          now.getTime() + PROOF_VALID_MINUTES * MINUTE_MS,
          session.provenUntil?.getTime() ?? 0,
        ),
      );
      return status(customerId, until);
    },
  };
}

export type ProofService = ReturnType<typeof createProofService>;
