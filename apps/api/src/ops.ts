/**
 * Operations command (`pnpm --filter @otc/api ops <command>`):
 *   migrate                 apply pending migrations
 *   catalog:seed [--products N]   the catalog of a new shop (plans, categories, products) and
 *                           nothing else: how a production shop gets one (production seeds nothing)
 *   seed [--products N]     demo data; grows the catalog to N generated products (batch inserts);
 *                           in production only with PAYMENT_SANDBOX=on (a demo deploy)
 *   order:advance <id>, order:cancel <id>, stock:set <sku> <n>   (services/order-commands.ts)
 *   promo:add CODE --percent N [--from DATE] [--to DATE] [--per-customer N] [--max-uses N],
 *   promo:list, promo:end CODE   (services/orders/promo-commands.ts)
 *   synonyms:list, synonyms:add "TERM" "EXPANDS TO" --kind K --lang L, synonyms:remove "TERM",
 *   synonyms:seed   the words shoppers use that search understands (services/synonyms.ts)
 *   reminders:run [--as-of YYYY-MM-DD]   the allowance reminders due that day (services/reminder-command.ts)
 */
import { openDatabase } from './db/client.js';
import { loadConfig } from './env.js';
import { systemClock } from './lib/clock.js';
import { resolveSecret } from './lib/secret.js';
import { seed, seedCatalog } from './seed/seed.js';
import { ORDER_COMMANDS, ORDER_USAGE, runOrderCommand } from './services/order-commands.js';
import { PROMO_COMMANDS, PROMO_USAGE, runPromoCommand } from './services/orders/promo-commands.js';
import { REMINDER_COMMANDS, REMINDER_USAGE, runReminderCommand } from './services/reminder-command.js';
import { SYNONYM_COMMANDS, SYNONYM_USAGE, runSynonymCommand } from './services/synonyms.js';

function option(args: string[], name: string): string | undefined {
  const index = args.indexOf(name);
  if (index >= 0) return args[index + 1];
  const inline = args.find((arg) => arg.startsWith(`${name}=`));
  return inline?.slice(name.length + 1);
}

const USAGE = `usage: ops <command>
  migrate                 apply pending migrations
  catalog:seed [--products N]   the catalog alone (plans, categories, products): a new shop
  seed [--products N]     demo data (catalog, sandbox cards, demo customers); grows the catalog to N products
${ORDER_USAGE}
${PROMO_USAGE}
${SYNONYM_USAGE}
${REMINDER_USAGE}`;

/** --products N: a positive whole number, or undefined. */
function productsOption(args: string[]): number | undefined {
  const raw = option(args, '--products');
  const productCount = raw === undefined ? undefined : Number(raw);
  if (productCount !== undefined && (!Number.isInteger(productCount) || productCount < 1)) {
    throw new Error('--products needs a positive whole number');
  }
  return productCount;
}

async function main(args: string[]) {
  const [command, ...rest] = args;
  if (!command || command === '--help' || command === 'help') {
    console.log(USAGE);
    return;
  }
  const config = loadConfig();
  // Demo customers (a published password) and sandbox cards that pay: not for a real shop.
  if (command === 'seed' && config.nodeEnv === 'production' && !config.paymentSandbox) {
    throw new Error(
      "ops seed loads demo customers and sandbox cards: in production only with PAYMENT_SANDBOX=on (a demo deploy); a new shop's catalog is `ops catalog:seed`",
    );
  }
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.migrate();
    switch (command) {
      case 'migrate':
        console.log(`migrated (${database.kind})`);
        break;
      case 'catalog:seed': {
        const productCount = productsOption(rest);
        const started = Date.now();
        // Under the start-up advisory lock: never beside a starting process's seeding, and twice
        // at once adds the products once.
        const result = await database.exclusive(() =>
          seedCatalog(database.db, {
            ...(productCount ? { products: productCount } : {}),
            log: (line) => console.log(`[${((Date.now() - started) / 1000).toFixed(1)} s] ${line}`),
          }),
        );
        console.log(`catalog seeded: ${result.productsAdded} products added in ${((Date.now() - started) / 1000).toFixed(1)} s`);
        break;
      }
      case 'seed': {
        const productCount = productsOption(rest);
        const started = Date.now();
        const result = await database.exclusive(() =>
          seed(database.db, {
            secret: resolveSecret(config.jwtSecret, config.dataDir),
            ...(productCount ? { products: productCount } : {}),
            log: (line) => console.log(`[${((Date.now() - started) / 1000).toFixed(1)} s] ${line}`),
          }),
        );
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
      case PROMO_COMMANDS[0]:
      case PROMO_COMMANDS[1]:
      case PROMO_COMMANDS[2]:
        console.log(await runPromoCommand({ db: database.db, clock: systemClock }, command, rest));
        break;
      case SYNONYM_COMMANDS[0]:
      case SYNONYM_COMMANDS[1]:
      case SYNONYM_COMMANDS[2]:
      case SYNONYM_COMMANDS[3]:
        console.log(await runSynonymCommand({ db: database.db }, command, rest));
        break;
      case REMINDER_COMMANDS[0]:
        console.log(
          await runReminderCommand({ db: database.db, config, secret: resolveSecret(config.jwtSecret, config.dataDir) }, rest),
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
