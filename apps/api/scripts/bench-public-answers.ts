/**
 * Public answers under a rush (issue 30): one API process on PGlite with the demo catalog, the rate
 * limit lifted (scripts/bench-server.ts), autocannon with BENCH_CONNECTIONS (16) connections for
 * BENCH_SECONDS (8) per case after a 1 s warm-up, cases in turn BENCH_ROUNDS (2) times (the
 * machine is shared: a second round shows the noise). Prints requests per second of
 * `/api/health`, the first catalog page and a search, and each one's ratio to health in the same
 * round; the target is at least 0.5 for both.
 *
 *   pnpm --filter @otc/api exec tsx scripts/bench-public-answers.ts
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { openDatabase } from '../src/db/client.js';
import { seed } from '../src/seed/seed.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const SECRET = randomBytes(32).toString('hex');

type Case = { name: string; path: string; headers?: Record<string, string> };
const CASES: Case[] = [
  { name: 'health', path: '/api/health' },
  { name: 'catalog first page', path: '/api/catalog/products?page=1', headers: { 'accept-language': 'en-US,en;q=0.9' } },
  { name: 'search', path: '/api/search/products?q=ibuprofen', headers: { 'accept-language': 'en-US,en;q=0.9' } },
];

async function load(url: string, request: Case, seconds: number) {
  let bad = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      { url, connections: CONNECTIONS, duration: seconds, requests: [{ method: 'GET', path: request.path, headers: request.headers ?? {} }] },
      (error, done) => (error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(done)),
    );
    instance.on('response', (_client, statusCode) => {
      if (statusCode !== 200) bad += 1;
    });
  });
  return { rps: result.requests.average, p50: result.latency.p50, p97_5: result.latency.p97_5, errors: bad + result.errors + result.timeouts };
}

async function startServer(env: Record<string, string>): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(HERE, 'bench-server.ts')], {
    env: { ...process.env, JWT_SECRET: SECRET, PUBLIC_URL: 'http://127.0.0.1', PAYMENT_SANDBOX: 'on', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /PORT (\d+)/.exec(out);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`bench server exited (${code})`)));
  });
  return { url: `http://127.0.0.1:${port}`, child };
}

const dir = mkdtempSync(path.join(tmpdir(), 'otc-bench-public-'));
try {
  const database = await openDatabase({ dataDir: dir });
  await database.migrate();
  const { productsAdded } = await seed(database.db, { secret: SECRET });
  await database.close();
  console.log(`PGlite, demo catalog (${productsAdded} products), ${CONNECTIONS} connections, ${SECONDS} s per case`);
  const { url, child } = await startServer({ DATA_DIR: dir });
  try {
    for (let round = 1; round <= ROUNDS; round += 1) {
      let health = NaN;
      for (const request of CASES) {
        await load(url, request, 1);
        const figures = await load(url, request, SECONDS);
        if (request.name === 'health') health = figures.rps;
        const ratio = request.name === 'health' ? '' : `  ${(figures.rps / health).toFixed(2)} x health`;
        console.log(
          `round ${round}  ${request.name.padEnd(20)} ${figures.rps.toFixed(0).padStart(6)} req/s  p50 ${figures.p50} ms  p97.5 ${figures.p97_5} ms  errors ${figures.errors}${ratio}`,
        );
      }
    }
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
