/**
 * Graceful shutdown (src/lib/shutdown.ts) on a real listening server: a request in flight when
 * SIGTERM's handler runs finishes with its answer, new connections are refused, readiness had
 * turned 503, the database is closed afterwards and the exit status is 0.
 */
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { gracefulShutdown } from '../../src/lib/shutdown.js';
import { buildApp } from '../../src/app.js';
import { openTestDatabase, testConfig } from '../helpers.js';

function get(port: number, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, agent: false }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('graceful shutdown', () => {
  it('lets the in-flight request finish, refuses new connections, closes the database, exits 0', { timeout: 120_000 }, async () => {
    const { database, drop } = await openTestDatabase();
    const app = await buildApp({ env: { NODE_ENV: 'test' }, config: testConfig(), database, logger: false });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    app.get('/api/test-slow', async () => {
      entered();
      await gate;
      // The database is still open while the request is in flight.
      await app.database.ping();
      return { finished: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as AddressInfo).port;

    const slow = get(port, '/api/test-slow');
    await inside;
    const exits: number[] = [];
    let databaseClosed = false;
    const shutdown = gracefulShutdown(app, {
      exit: (code) => exits.push(code),
      closeDatabase: async () => {
        databaseClosed = true;
        await drop();
      },
    });
    const done = shutdown('SIGTERM');
    expect(app.lifecycle.draining).toBe(true);
    // Give close() a moment to stop the listener, then try a new connection.
    await new Promise((resolve) => setTimeout(resolve, 100));
    await expect(get(port, '/api/health/live')).rejects.toThrow(/ECONNREFUSED|ECONNRESET|socket hang up/);
    expect(databaseClosed).toBe(false);
    release();
    const answer = await slow;
    expect(answer).toEqual({ status: 200, body: JSON.stringify({ finished: true }) });
    await done;
    expect(databaseClosed).toBe(true);
    expect(exits).toEqual([0]);
    // A second signal does not shut down twice.
    await shutdown('SIGINT');
    expect(exits).toEqual([0]);
  });
});
