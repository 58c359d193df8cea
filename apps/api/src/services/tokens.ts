/**
 * Session tokens. Access: HS256 JWT (jose) with `sub` (customer id), `username`, `sid` (the
 * session: its refresh-token family) and `exp` (seconds, required: a token without one is
 * refused), valid 15 minutes. Refresh: random, stored as a SHA-256 hash, valid 30 days, rotated
 * on every use; presenting an already rotated one revokes its whole family (401).
 */
import { randomUUID } from 'node:crypto';
import { and, eq, isNull, ne } from 'drizzle-orm';
import { SignJWT, jwtVerify } from 'jose';
import { INT4_MAX } from '@otc/sdk';
import type { TokenPair } from '@otc/sdk/schemas';
import type { Db, DbOrTx } from '../db/client.js';
import { refreshTokens } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';
import { randomToken, sha256 } from '../lib/crypto.js';
import { HttpError } from '../lib/errors.js';

export const ACCESS_TTL_SECONDS = 15 * 60;
export const REFRESH_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export interface TokensServiceOptions {
  db: Db;
  clock: Clock;
  secret: string;
}

export interface AccessClaims {
  customerId: number;
  username: string;
  /** The refresh-token family the token was issued with (null for tokens from before `sid`). */
  sessionId: string | null;
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

  async function storeRefresh(exec: DbOrTx, customerId: number, familyId: string) {
    const token = randomToken(32);
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
    async issue(customerId: number, username: string, exec: DbOrTx = db): Promise<TokenPair> {
      const familyId = randomUUID();
      return {
        token: await signAccess(customerId, username, familyId),
        refresh_token: await storeRefresh(exec, customerId, familyId),
      };
    },

    /** Verifies an access token; null when missing, forged, expired or without an expiry. */
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
        const sessionId = typeof payload.sid === 'string' ? payload.sid : null;
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
      if (row.rotatedAt) {
        // Reuse of a rotated token: someone else may hold the family. End the whole session.
        await this.revokeFamily(row.familyId);
        throw invalidRefresh();
      }
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
        return storeRefresh(tx, row.customerId, row.familyId);
      });
      if (!next) {
        // Lost a race with another use of the same token: that is reuse too.
        await this.revokeFamily(row.familyId);
        throw invalidRefresh();
      }
      return { token: await signAccess(row.customerId, login, row.familyId), refresh_token: next };
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

    async revokeFamily(familyId: string): Promise<void> {
      await db
        .update(refreshTokens)
        .set({ revokedAt: clock.now() })
        .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
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
      await exec
        .update(refreshTokens)
        .set({ revokedAt: clock.now() })
        .where(
          and(
            eq(refreshTokens.customerId, customerId),
            isNull(refreshTokens.revokedAt),
            options.except ? ne(refreshTokens.familyId, options.except) : undefined,
          ),
        );
    },
  };
}

export type TokensService = ReturnType<typeof createTokensService>;
