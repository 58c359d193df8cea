/**
 * The sign-in guard prunes its own table: rows that count for nothing any more (no try for a day,
 * no lock running) are deleted by a later try, at most once a minute per process.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInGuards } from '../../src/db/schema.js';
import {
  GUARD_FREE_TRIES,
  GUARD_PRUNE_EVERY_MS,
  GUARD_QUIET_RESET_MS,
} from '../../src/services/sign-in-guard.js';
import { buildTestApp, type TestApp } from '../helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const keys = async () =>
  (await t.database.db.select({ key: signInGuards.key }).from(signInGuards)).map((row) => row.key).sort();
const guard = () => t.app.services.guard;

describe('sign_in_guards pruning', () => {
  it('a try deletes the rows untouched for a day, keeps the recent ones and its own', async () => {
    await guard().attempt('password:old@example.com');
    await guard().attempt('code:old@example.com');
    t.clock.advance(GUARD_QUIET_RESET_MS - 60_000);
    await guard().attempt('password:recent@example.com');
    expect(await keys()).toEqual(['code:old@example.com', 'password:old@example.com', 'password:recent@example.com']);

    t.clock.advance(60_000);
    await guard().attempt('password:old@example.com');
    // The old password row was pruned, then this try wrote it afresh: one failure.
    expect(await keys()).toEqual(['password:old@example.com', 'password:recent@example.com']);
    const [row] = await t.database.db.select().from(signInGuards).orderBy(signInGuards.key).limit(1);
    expect(row).toMatchObject({ key: 'password:old@example.com', failures: 1, locks: 0 });
  });

  it('prunes at most once a minute per process', async () => {
    t.clock.advance(GUARD_QUIET_RESET_MS);
    await guard().attempt('password:now@example.com');
    expect(await keys()).toEqual(['password:now@example.com']);
    const stale = { key: 'password:stale@example.com', failures: 3, updatedAt: new Date(0) };
    await t.database.db.insert(signInGuards).values(stale);
    t.clock.advance(GUARD_PRUNE_EVERY_MS - 1);
    await guard().attempt('password:now@example.com');
    expect(await keys()).toEqual(['password:now@example.com', 'password:stale@example.com']);
    t.clock.advance(1);
    await guard().attempt('password:now@example.com');
    expect(await keys()).toEqual(['password:now@example.com']);
  });

  it('keeps a row whose lock still runs, and the lock still answers 429', async () => {
    t.clock.advance(GUARD_PRUNE_EVERY_MS);
    const locked = 'password:locked@example.com';
    // Row written a day ago with a lock that has not ended (as if the lock had been longer).
    await t.database.db.insert(signInGuards).values({
      key: locked,
      failures: GUARD_FREE_TRIES,
      locks: 1,
      lockedUntil: new Date(t.clock.now().getTime() + 60_000),
      updatedAt: new Date(t.clock.now().getTime() - GUARD_QUIET_RESET_MS - 1),
    });
    await guard().attempt('password:other@example.com');
    expect(await keys()).toContain(locked);
    await expect(guard().attempt(locked)).rejects.toMatchObject({ code: 'too_many_requests' });
  });
});
