/**
 * Session tokens. Access: HS256 JWT (jose) with `sub` (customer id), `username`, `sid` (the
 * session: its refresh-token family) and `exp` (seconds, required: a token without one is
 * refused), valid 15 minutes. Refresh: random, stored as a SHA-256 hash, valid 30 days, rotated
 * on every use; presenting an already rotated one revokes its whole family (401).
 *
 * Sessions (`sessions`, one row per family): every signed-in request reads its session's row by
 * primary key (`activeSession`), so sign-out, recovery, a password change and "sign out of all
 * devices" refuse the session's access tokens at once, in every API process, instead of up to
 * 15 minutes later. No in-process cache: the one lookup replaces the customer lookup the check
 * did before (a session row dies with its customer), and a cache shared by nothing could only be
 * made safe across processes with a round trip to Redis, which costs what the lookup costs.
 * The same read answers when the session began and when it was last proven (`provenAt`), from
 * which the auth pre-handler tells whether it has a recent proof (services/proof.ts).
 *
 * A web session (docs/web-session.md) is a session row too, started by a sign-in asked for in
 * `session` mode: no tokens, an opaque `otc_session` cookie whose SHA-256 is `webTokenHash`. It
 * lives REFRESH_TTL_MS from its sign-in and ends exactly as a token session does.
 *
 * Refresh grace: a refresh token presented again within REFRESH_REUSE_GRACE_SECONDS of its
 * rotation (an answer lost on a bad network, retried) gets the same new refresh token and a fresh
 * access token. The new token is derived from the old one with the server's key, so the same one
 * can be answered again without being stored in clear.
 */
import { randomUUID } from 'node:crypto';
import { and, desc, eq, gt, isNull, lte, ne } from 'drizzle-orm';
import { SignJWT, jwtVerify } from 'jose';
import { INT4_MAX } from '@otc/sdk';
import type { SessionList, TokenPair } from '@otc/sdk/schemas';
import type { Db, DbOrTx } from '../db/client.js';
import { refreshTokens, sessions } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';
import { keyedHash, randomToken, sha256 } from '../lib/crypto.js';
import { HttpError } from '../lib/errors.js';

export const ACCESS_TTL_SECONDS = 15 * 60;
export const REFRESH_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** `lastUsedAt` moves at most this often: one write a minute per active session, not per request. */
export const SESSION_TOUCH_MS = 60_000;
/** The sessions a customer is shown (newest use first); older ones still work and still end. */
export const SESSIONS_LISTED_MAX = 50;
/** A rotated refresh token presented again this soon gets its successor again, not a revocation. */
export const REFRESH_REUSE_GRACE_SECONDS = 10;
/** A session id is a UUID; anything longer in a token is refused before the database. */
const SESSION_ID_MAX = 64;

/** What a new session records about the device that signed in. */
export interface SessionMeta {
  /** Coarse label from the User-Agent (`deviceLabel`), '' when unknown. */
  device?: string;
}

export interface TokensServiceOptions {
  db: Db;
  clock: Clock;
  secret: string;
}

export interface AccessClaims {
  customerId: number;
  username: string;
  /** The session (refresh-token family) the token was issued with. */
  sessionId: string;
}

/** What the per-request check knows of an active session (for recent proof). */
export interface ActiveSession {
  /** The sign-in that began the session. */
  createdAt: Date;
  /** The last explicit proof (current password or a proof code), null when none. */
  provenAt: Date | null;
}

/** A web session just started: the cookie's value (given once, never stored) and its life. */
export interface WebSessionTicket {
  sessionId: string;
  cookie: string;
  expiresAt: Date;
}

/** A web session found by its cookie. */
export interface ActiveWebSession extends ActiveSession {
  sessionId: string;
  customerId: number;
  expiresAt: Date;
}

const invalidRefresh = () => new HttpError('invalid_refresh_token');

export function createTokensService(options: TokensServiceOptions) {
  const { db, clock } = options;
  const key = new TextEncoder().encode(options.secret);

  async function signAccess(customerId: number, username: string, sessionId: string): Promise<string> {
    const now = Math.floor(clock.now().getTime() / 1000);
    return new SignJWT({ username, sid: sessionId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(customerId))
      .setIssuedAt(now)
      .setExpirationTime(now + ACCESS_TTL_SECONDS)
      .sign(key);
  }

  /** The refresh token that replaces `previous` at its rotation: the same every time it is asked. */
  const successorOf = (previous: string) => keyedHash(options.secret, 'refresh-successor', previous);

  async function storeRefresh(exec: DbOrTx, customerId: number, familyId: string, token = randomToken(32)) {
    const now = clock.now();
    await exec.insert(refreshTokens).values({
      customerId,
      tokenHash: sha256(token),
      familyId,
      createdAt: now,
      expiresAt: new Date(now.getTime() + REFRESH_TTL_MS),
    });
    return token;
  }

  return {
    /** A new session (a new refresh-token family). */
    async issue(
      customerId: number,
      username: string,
      exec: DbOrTx = db,
      meta: SessionMeta = {},
    ): Promise<TokenPair> {
      const familyId = randomUUID();
      const now = clock.now();
      await exec.insert(sessions).values({
        id: familyId,
        customerId,
        device: meta.device ?? '',
        createdAt: now,
        lastUsedAt: now,
        expiresAt: new Date(now.getTime() + REFRESH_TTL_MS),
      });
      return {
        token: await signAccess(customerId, username, familyId),
        refresh_token: await storeRefresh(exec, customerId, familyId),
      };
    },

    /** A new web session: its cookie value is answered once and only its SHA-256 is kept. */
    async issueWeb(customerId: number, exec: DbOrTx = db, meta: SessionMeta = {}): Promise<WebSessionTicket> {
      const sessionId = randomUUID();
      const cookie = randomToken(32);
      const now = clock.now();
      const expiresAt = new Date(now.getTime() + REFRESH_TTL_MS);
      await exec.insert(sessions).values({
        id: sessionId,
        customerId,
        device: meta.device ?? '',
        createdAt: now,
        lastUsedAt: now,
        expiresAt,
        webTokenHash: sha256(cookie),
      });
      return { sessionId, cookie, expiresAt };
    },

    /**
     * The per-request check of a web session cookie: one read by its hash (unique index), the
     * same rules as `activeSession` (not ended, customer alive: the row dies with it) plus its
     * fixed life. Null when the cookie must be treated as none.
     */
    async activeWebSession(cookie: string): Promise<ActiveWebSession | null> {
      const [row] = await db
        .select({
          id: sessions.id,
          customerId: sessions.customerId,
          revokedAt: sessions.revokedAt,
          lastUsedAt: sessions.lastUsedAt,
          createdAt: sessions.createdAt,
          provenAt: sessions.provenAt,
          expiresAt: sessions.expiresAt,
        })
        .from(sessions)
        .where(eq(sessions.webTokenHash, sha256(cookie)))
        .limit(1);
      const now = clock.now();
      if (!row || row.revokedAt !== null || row.expiresAt.getTime() <= now.getTime()) return null;
      if (now.getTime() - row.lastUsedAt.getTime() >= SESSION_TOUCH_MS) {
        await db
          .update(sessions)
          .set({ lastUsedAt: now })
          .where(and(eq(sessions.id, row.id), lte(sessions.lastUsedAt, new Date(now.getTime() - SESSION_TOUCH_MS))));
      }
      return {
        sessionId: row.id,
        customerId: row.customerId,
        createdAt: row.createdAt,
        provenAt: row.provenAt,
        expiresAt: row.expiresAt,
      };
    },

    /** Verifies an access token; null when missing, forged, expired, or without an expiry or a session. */
    async verifyAccess(token: string): Promise<AccessClaims | null> {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          currentDate: clock.now(),
          requiredClaims: ['exp', 'sub'],
        });
        if (typeof payload.exp !== 'number') return null;
        const customerId = Number(payload.sub);
        if (!Number.isSafeInteger(customerId) || customerId <= 0 || customerId > INT4_MAX) return null;
        if (typeof payload.username !== 'string') return null;
        // A token without a session (signed before sessions were named) cannot be revoked: refused,
        // and the client's refresh token gets it a token that names its session.
        const sessionId = payload.sid;
        if (typeof sessionId !== 'string' || sessionId === '' || sessionId.length > SESSION_ID_MAX) return null;
        return { customerId, username: payload.username, sessionId };
      } catch {
        return null;
      }
    },

    /**
     * Exchanges a refresh token for a new pair. `username` gives the current login of the
     * customer (it may have changed since the session began).
     */
    async rotate(
      refreshToken: string,
      username: (customerId: number) => Promise<string | null>,
    ): Promise<TokenPair> {
      const now = clock.now();
      const [row] = await db
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, sha256(refreshToken)))
        .limit(1);
      if (!row || row.revokedAt) throw invalidRefresh();
      if (row.rotatedAt) return this.rotatedAgain(refreshToken, row, username);
      if (row.expiresAt.getTime() <= now.getTime()) throw invalidRefresh();
      const login = await username(row.customerId);
      if (!login) throw invalidRefresh();
      const next = await db.transaction(async (tx) => {
        const [claimed] = await tx
          .update(refreshTokens)
          .set({ rotatedAt: now })
          .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.rotatedAt)))
          .returning({ id: refreshTokens.id });
        if (!claimed) return null;
        // The session goes on (used now, renewable for another 30 days) unless it was ended.
        const [alive] = await tx
          .update(sessions)
          .set({ lastUsedAt: now, expiresAt: new Date(now.getTime() + REFRESH_TTL_MS) })
          .where(and(eq(sessions.id, row.familyId), isNull(sessions.revokedAt)))
          .returning({ id: sessions.id });
        if (!alive) throw invalidRefresh();
        return storeRefresh(tx, row.customerId, row.familyId, successorOf(refreshToken));
      });
      // Lost a race with another use of the same token: answered as a retry within the grace.
      if (!next) return this.rotatedAgain(refreshToken, { ...row, rotatedAt: now }, username);
      return { token: await signAccess(row.customerId, login, row.familyId), refresh_token: next };
    },

    /**
     * A rotated refresh token presented again. Within the grace (a retried request whose answer
     * was lost) it gets the same successor, while that one is unused and its session goes on, and
     * a fresh access token; otherwise someone else may hold the family: the whole session ends.
     */
    async rotatedAgain(
      refreshToken: string,
      row: { familyId: string; customerId: number; rotatedAt: Date | null },
      username: (customerId: number) => Promise<string | null>,
    ): Promise<TokenPair> {
      const now = clock.now();
      const withinGrace =
        row.rotatedAt !== null && now.getTime() - row.rotatedAt.getTime() <= REFRESH_REUSE_GRACE_SECONDS * 1000;
      if (withinGrace) {
        const successor = successorOf(refreshToken);
        const [next] = await db
          .select({ rotatedAt: refreshTokens.rotatedAt, revokedAt: refreshTokens.revokedAt, expiresAt: refreshTokens.expiresAt })
          .from(refreshTokens)
          .where(and(eq(refreshTokens.tokenHash, sha256(successor)), eq(refreshTokens.familyId, row.familyId)))
          .limit(1);
        const session = next && !next.rotatedAt && !next.revokedAt && next.expiresAt > now
          ? await this.activeSession(row.familyId, row.customerId)
          : null;
        const login = session ? await username(row.customerId) : null;
        if (login) return { token: await signAccess(row.customerId, login, row.familyId), refresh_token: successor };
      }
      await this.revokeFamily(row.familyId);
      throw invalidRefresh();
    },

    /** Logout: revokes the family of the token (unknown tokens are ignored). */
    async revoke(refreshToken: string): Promise<void> {
      const [row] = await db
        .select({ familyId: refreshTokens.familyId })
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, sha256(refreshToken)))
        .limit(1);
      if (row) await this.revokeFamily(row.familyId);
    },

    async revokeFamily(familyId: string, exec: DbOrTx = db): Promise<void> {
      const now = clock.now();
      await exec
        .update(refreshTokens)
        .set({ revokedAt: now })
        .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
      await exec
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(eq(sessions.id, familyId), isNull(sessions.revokedAt)));
    },

    /**
     * The per-request check of an access token's session: it exists, belongs to the token's
     * customer and was not ended. Answers when the session began (its sign-in) and when it was
     * last proven (recent proof, services/proof.ts), or null when the token must be refused.
     * One primary-key read; `lastUsedAt` is written at most once per `SESSION_TOUCH_MS` (a
     * conditional update, so two processes write it once).
     */
    async activeSession(sessionId: string, customerId: number): Promise<ActiveSession | null> {
      const [row] = await db
        .select({
          customerId: sessions.customerId,
          revokedAt: sessions.revokedAt,
          lastUsedAt: sessions.lastUsedAt,
          createdAt: sessions.createdAt,
          provenAt: sessions.provenAt,
        })
        .from(sessions)
        .where(eq(sessions.id, sessionId))
        .limit(1);
      if (!row || row.revokedAt !== null || row.customerId !== customerId) return null;
      const now = clock.now();
      if (now.getTime() - row.lastUsedAt.getTime() >= SESSION_TOUCH_MS) {
        await db
          .update(sessions)
          .set({ lastUsedAt: now })
          .where(
            and(
              eq(sessions.id, sessionId),
              lte(sessions.lastUsedAt, new Date(now.getTime() - SESSION_TOUCH_MS)),
            ),
          );
      }
      return { createdAt: row.createdAt, provenAt: row.provenAt };
    },

    /**
     * Recent proof: records that the person at this session (and only this one) proved it is the
     * owner now. False when the session is not the customer's or was ended meanwhile.
     */
    async markProven(sessionId: string, customerId: number, at: Date = clock.now()): Promise<boolean> {
      const [proven] = await db
        .update(sessions)
        .set({ provenAt: at })
        .where(and(eq(sessions.id, sessionId), eq(sessions.customerId, customerId), isNull(sessions.revokedAt)))
        .returning({ id: sessions.id });
      return proven !== undefined;
    },

    /** The customer's sessions that can still be used, most recently used first. */
    async listSessions(customerId: number, currentId: string | null): Promise<SessionList> {
      const rows = await db
        .select()
        .from(sessions)
        .where(
          and(
            eq(sessions.customerId, customerId),
            isNull(sessions.revokedAt),
            gt(sessions.expiresAt, clock.now()),
          ),
        )
        .orderBy(desc(sessions.lastUsedAt), desc(sessions.createdAt))
        .limit(SESSIONS_LISTED_MAX);
      return {
        sessions: rows.map((row) => ({
          id: row.id,
          createdAt: row.createdAt.toISOString(),
          lastUsedAt: row.lastUsedAt.toISOString(),
          current: row.id === currentId,
          device: row.device || null,
        })),
      };
    },

    /** Ends one of the customer's sessions; 404 when it is not one of theirs or already ended. */
    async endSession(customerId: number, sessionId: string): Promise<void> {
      await db.transaction(async (tx) => {
        const [ended] = await tx
          .update(sessions)
          .set({ revokedAt: clock.now() })
          .where(and(eq(sessions.id, sessionId), eq(sessions.customerId, customerId), isNull(sessions.revokedAt)))
          .returning({ id: sessions.id });
        if (!ended) throw new HttpError('not_found');
        await this.revokeFamily(sessionId, tx);
      });
    },

    /**
     * Ends every session of a customer (password recovery), or every one but `except` (a
     * password change keeps the device that made it signed in).
     */
    async revokeCustomer(
      customerId: number,
      exec: DbOrTx = db,
      options: { except?: string | null } = {},
    ): Promise<void> {
      const now = clock.now();
      await exec
        .update(refreshTokens)
        .set({ revokedAt: now })
        .where(
          and(
            eq(refreshTokens.customerId, customerId),
            isNull(refreshTokens.revokedAt),
            options.except ? ne(refreshTokens.familyId, options.except) : undefined,
          ),
        );
      await exec
        .update(sessions)
        .set({ revokedAt: now })
        .where(
          and(
            eq(sessions.customerId, customerId),
            isNull(sessions.revokedAt),
            options.except ? ne(sessions.id, options.except) : undefined,
          ),
        );
    },
  };
}

export type TokensService = ReturnType<typeof createTokensService>;
