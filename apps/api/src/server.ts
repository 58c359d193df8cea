/**
 * The server: reads the configuration, opens and migrates the database (PGlite in DATA_DIR by
 * default), seeds the demo data on first start (empty catalog), adds sandbox test cards missing
 * from an older data folder on every later start, and listens on PORT. Production seeds nothing
 * (`seedAtStart`; a new shop's catalog is `ops catalog:seed`) and refuses to start with the
 * sandbox payment gateways unless PAYMENT_SANDBOX=on (then it warns at every start).
 *
 * Several processes may start at once on one PostgreSQL database (replicas behind a balancer):
 * migrating and the first-start seeding each run under a PostgreSQL advisory lock, so they happen
 * once. SIGTERM/SIGINT shut down gracefully (src/lib/shutdown.ts): readiness turns 503, in-flight
 * requests finish, then the database and Redis are closed.
 */
import { buildApp } from './app.js';
import { openDatabase } from './db/client.js';
import { ConfigError, loadConfig } from './env.js';
import { resolveSecret } from './lib/secret.js';
import { gracefulShutdown } from './lib/shutdown.js';
import { seedAtStart } from './seed/seed.js';
import { assertSandboxAllowed } from './services/payment-gateways/sandbox.js';

async function main() {
  let config;
  try {
    config = loadConfig();
    // Before the database is opened: a clear error, not a half-started process.
    assertSandboxAllowed(config);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  await database.migrate();
  const app = await buildApp({ config, database, migrate: false });
  const db = database.db;
  const secret = resolveSecret(config.jwtSecret, config.dataDir);
  await database.exclusive(() =>
    seedAtStart(db, {
      production: config.nodeEnv === 'production',
      secret,
      log: (message, detail) => app.log.info(detail ?? {}, message),
    }),
  );
  const shutdown = gracefulShutdown(app, { closeDatabase: () => database.close() });
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
