/**
 * The server: reads the configuration, opens and migrates the database (PGlite in DATA_DIR by
 * default), seeds the demo data on first start (empty catalog), and listens on PORT.
 */
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './env.js';
import { resolveSecret } from './lib/secret.js';
import { catalogIsEmpty, seed } from './seed/seed.js';

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
  if (await catalogIsEmpty(db)) {
    app.log.info('empty catalog: seeding the demo data');
    const result = await seed(db, { secret: resolveSecret(config.jwtSecret, config.dataDir) });
    app.log.info(result, 'demo data seeded');
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
