/**
 * Operations command (`pnpm --filter @otc/api ops <command>`):
 *   migrate                 apply pending migrations
 *   seed [--products N]     demo data; grows the catalog to N generated products (batch inserts)
 *   order:advance <id>, order:cancel <id>, stock:set <sku> <n>   (services/order-commands.ts)
 */
import { openDatabase } from './db/client.js';
import { loadConfig } from './env.js';
import { systemClock } from './lib/clock.js';
import { resolveSecret } from './lib/secret.js';
import { seed } from './seed/seed.js';
import { ORDER_COMMANDS, ORDER_USAGE, runOrderCommand } from './services/order-commands.js';

function option(args: string[], name: string): string | undefined {
  const index = args.indexOf(name);
  if (index >= 0) return args[index + 1];
  const inline = args.find((arg) => arg.startsWith(`${name}=`));
  return inline?.slice(name.length + 1);
}

const USAGE = `usage: ops <command>
  migrate                 apply pending migrations
  seed [--products N]     demo data; grows the catalog to N products
${ORDER_USAGE}`;

async function main(args: string[]) {
  const [command, ...rest] = args;
  if (!command || command === '--help' || command === 'help') {
    console.log(USAGE);
    return;
  }
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.migrate();
    switch (command) {
      case 'migrate':
        console.log(`migrated (${database.kind})`);
        break;
      case 'seed': {
        const raw = option(rest, '--products');
        const productCount = raw === undefined ? undefined : Number(raw);
        if (productCount !== undefined && (!Number.isInteger(productCount) || productCount < 1)) {
          throw new Error('--products needs a positive whole number');
        }
        const started = Date.now();
        const result = await seed(database.db, {
          secret: resolveSecret(config.jwtSecret, config.dataDir),
          ...(productCount ? { products: productCount } : {}),
          log: (line) => console.log(`[${((Date.now() - started) / 1000).toFixed(1)} s] ${line}`),
        });
        console.log(
          `seeded: ${result.productsAdded} products added, ${result.demoCustomersAdded} demo customers added in ${((Date.now() - started) / 1000).toFixed(1)} s`,
        );
        break;
      }
      case ORDER_COMMANDS[0]:
      case ORDER_COMMANDS[1]:
      case ORDER_COMMANDS[2]:
        console.log(
          await runOrderCommand(
            { db: database.db, clock: systemClock, config, secret: resolveSecret(config.jwtSecret, config.dataDir) },
            command,
            rest,
          ),
        );
        break;
      default:
        console.error(`unknown command "${command}"\n${USAGE}`);
        process.exitCode = 1;
    }
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
