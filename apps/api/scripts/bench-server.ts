/**
 * The app of the benchmark, run as a child process of scripts/bench.ts so the load generator and
 * the server (and PGlite, which runs inside it) do not share one event loop. Listens on loopback
 * on a free port and prints `PORT <n>`. The global rate limit is lifted for this run only (an
 * option of buildApp; production keeps its limits).
 */
import { buildApp } from '../src/app.js';

const app = await buildApp({
  // Production mode (its limits and caches); the sandbox gateways must be allowed to start.
  env: { ...process.env, NODE_ENV: 'production', PAYMENT_SANDBOX: 'on' },
  logger: false,
  migrate: false,
  rateLimit: { max: 1_000_000_000 },
});
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
process.stdout.write(`PORT ${typeof address === 'object' && address ? address.port : 0}\n`);
const stop = async () => {
  await app.close();
  process.exit(0);
};
process.once('SIGTERM', () => void stop());
process.once('SIGINT', () => void stop());
