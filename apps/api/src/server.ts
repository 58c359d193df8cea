/**
 * The server: reads the configuration, opens and migrates the database (PGlite in DATA_DIR by
 * default), seeds the demo data on first start (empty catalog), adds sandbox test cards missing
 * from an older data folder on every later start, and listens on PORT.
 */
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './env.js';
import { resolveSecret } from './lib/secret.js';
import { catalogIsEmpty, seed, seedSandboxAccounts } from './seed/seed.js';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const app = await buildApp({ config });
  const db = app.database.db;
  const secret = resolveSecret(config.jwtSecret, config.dataDir);
  if (await catalogIsEmpty(db)) {
    app.log.info('empty catalog: seeding the demo data');
    const result = await seed(db, { secret });
    app.log.info(result, 'demo data seeded');
  } else {
    const added = await seedSandboxAccounts(db, { secret });
    if (added > 0) app.log.info({ added }, 'sandbox test cards added to the sandbox ledger');
  }
  const close = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void close('SIGINT'));
  process.once('SIGTERM', () => void close('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
