/**
 * services/code-throttle.ts on its own: the waits (doubling, capped: never a day), the reset after
 * an hour's quiet, atomic counting under parallel requests (on PostgreSQL's many connections with
 * TEST_DATABASE_URL), and the table pruning itself.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeThrottles } from '../../src/db/schema.js';
import {
  CODE_THROTTLE_PRUNE_EVERY_MS,
  CODE_THROTTLE_QUIET_MS,
  countedState,
  createCodeThrottle,
  waitAfter,
  type ThrottleState,
} from '../../src/services/code-throttle.js';
import type { HttpError } from '../../src/lib/errors.js';
import { buildTestApp, type TestApp } from '../helpers.js';

const MIN = 60_000;
const login = { free: 3, maxWaitMs: 15 * MIN };
const client = { free: 20, maxWaitMs: 60 * MIN };

describe('the waits', () => {
  it('per login: 3 free, then 1, 2, 4, 8 minutes, then 15 minutes however many follow', () => {
    const waits = Array.from({ length: 40 }, (_, i) => waitAfter(i + 1, login) / MIN);
    expect(waits.slice(0, 9)).toEqual([0, 0, 1, 2, 4, 8, 15, 15, 15]);
    expect(Math.max(...waits)).toBe(15);
    expect(waitAfter(1_000_000, login)).toBe(15 * MIN);
  });

  it('per client address: 20 free, then doubling up to an hour', () => {
    const waits = Array.from({ length: 40 }, (_, i) => waitAfter(i + 1, client) / MIN);
    expect(waits.slice(18, 28)).toEqual([0, 1, 2, 4, 8, 16, 32, 60, 60, 60]);
  });

  it('a flood asking as soon as allowed: the wait never exceeds 15 minutes; an hour\u2019s quiet after it resets', () => {
    let now = new Date('2026-03-01T08:00:00Z');
    let state: ThrottleState = { hits: 0, windowStart: now, nextAllowedAt: null, updatedAt: now };
    let longest = 0;
    for (let i = 0; i < 200; i += 1) {
      state = countedState(state, now, login);
      const wait = state.nextAllowedAt ? state.nextAllowedAt.getTime() - now.getTime() : 0;
      longest = Math.max(longest, wait);
      now = new Date(now.getTime() + Math.max(wait, 1_000));
    }
    expect(longest).toBe(15 * MIN);
    expect(state.hits).toBe(200);
    // 59 minutes of quiet after the last wait ended: still slowed.
    const almost = countedState(state, new Date(state.nextAllowedAt!.getTime() + 59 * MIN), login);
    expect(almost.hits).toBe(201);
    expect(almost.nextAllowedAt!.getTime() - almost.updatedAt.getTime()).toBe(15 * MIN);
    // An hour: afresh.
    const fresh = countedState(state, new Date(state.nextAllowedAt!.getTime() + CODE_THROTTLE_QUIET_MS), login);
    expect(fresh.hits).toBe(1);
    expect(fresh.nextAllowedAt).toBeNull();
  });

  it('an hour that stayed within its free codes ends: a code an hour never waits', () => {
    let now = new Date('2026-03-01T08:00:00Z');
    let state: ThrottleState = { hits: 0, windowStart: now, nextAllowedAt: null, updatedAt: now };
    for (let i = 0; i < 24; i += 1) {
      // Three codes 20 minutes apart, every hour.
      state = countedState(state, now, login);
      expect(state.hits).toBeLessThanOrEqual(3);
      expect(state.nextAllowedAt === null || state.nextAllowedAt.getTime() - now.getTime() <= MIN).toBe(true);
      now = new Date(now.getTime() + 20 * MIN);
    }
  });
});

describe('in the database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ config: { codeClientFreePerHour: 5 } });
  });
  afterAll(async () => t?.close());
  const throttle = () =>
    createCodeThrottle({ db: t.database.db, clock: t.clock, settings: t.app.services.config });
  const rows = async () =>
    (await t.database.db.select().from(codeThrottles).orderBy(codeThrottles.scope)).map((row) => ({
      scope: row.scope,
      hits: row.hits,
    }));

  it('20 lookups of one address at once: exactly its 5 free ones pass, every other one waits', async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () => t.app.services.codes.countLookup('192.0.2.1')),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(refused).toHaveLength(15);
    for (const r of refused) {
      const error = r.reason as HttpError;
      expect(error.code).toBe('too_many_requests');
      expect(error.extra?.retryAfter).toBe(60);
    }
    expect(await rows()).toEqual([{ scope: 'client:192.0.2.1', hits: 5 }]);
  });

  it('20 codes for one login at once from 20 addresses: exactly its 3 free ones are sent', async () => {
    const codes = t.app.services.codes;
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        codes.issue({
          // Each purpose has its own resend wait; the login's waits count them all together.
          purpose: (['login', 'recovery', 'proof', 'register'] as const)[i % 4]!,
          target: { kind: 'email', value: 'many@example.com' },
          clientIp: `198.51.100.${i}`,
          lang: 'en',
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    const reasons = results
      .filter((r): r is PromiseRejectedResult => r.status === 'rejected')
      .map((r) => (r.reason as HttpError).code);
    expect(reasons.filter((code) => code === 'code_requests_slowed').length).toBeGreaterThan(0);
    expect(reasons.every((code) => code === 'code_requests_slowed' || code === 'resend_too_soon')).toBe(true);
    const [row] = await t.database.db.select().from(codeThrottles).where(eq(codeThrottles.scope, 'login:many@example.com'));
    expect(row?.hits).toBe(3);
  });

  it('prunes rows quiet for an hour (at most once a minute per process), keeps the recent ones', async () => {
    t.clock.advance(2 * CODE_THROTTLE_QUIET_MS);
    const own = throttle();
    // The rows above are quiet now: the first request of this throttle prunes them.
    await own.countLookup('192.0.2.2');
    expect(await rows()).toEqual([{ scope: 'client:192.0.2.2', hits: 1 }]);
    const now = t.clock.now();
    // A stale row, and one whose wait has not ended although it was written long ago.
    await t.database.db.insert(codeThrottles).values([
      { scope: 'login:stale@example.com', hits: 9, windowStart: new Date(0), updatedAt: new Date(0) },
      {
        scope: 'login:waiting@example.com',
        hits: 9,
        windowStart: new Date(0),
        updatedAt: new Date(now.getTime() - 2 * CODE_THROTTLE_QUIET_MS),
        nextAllowedAt: new Date(now.getTime() + MIN),
      },
    ]);
    t.clock.advance(CODE_THROTTLE_PRUNE_EVERY_MS - 1);
    await own.countLookup('192.0.2.2');
    expect((await rows()).map((row) => row.scope)).toContain('login:stale@example.com');
    t.clock.advance(1);
    await own.countLookup('192.0.2.2');
    expect(await rows()).toEqual([
      { scope: 'client:192.0.2.2', hits: 3 },
      { scope: 'login:waiting@example.com', hits: 9 },
    ]);
  });
});
