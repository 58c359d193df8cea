/**
 * Heavy item (p), card proofs (issue 16): 5 accounts guess one card's security code at once over
 * both API processes on PostgreSQL, half by paying their placed orders with the typed card, half
 * by adding it as a card. At most 5 checks of that card may ever be refused in a row (issue 32:
 * the `card:<fingerprint>` standing counter of `card_proof_counters`, counted before each check
 * in a statement of its own); every other guess answers 403 `card_code_locked`, and then the right
 * code too, until support unlocks the card.
 *
 * "Checks" are counted from what only a check produces: a 422 `card_number_or_code_is_not_correct`
 * answer, and for pays the declined payment row the API records after the gateway refused.
 */
import { keyedHash } from '../src/lib/crypto.js';
import { CARD_CODE_REFUSALS_BEFORE_LOCK } from '../src/services/card-proofs.js';
import {
  HEAVY,
  JWT_SECRET,
  fillCart,
  http,
  pickProduct,
  pool,
  setStock,
  type Answer,
  type Customer,
  type ServerProcess,
  type freshPostgres,
} from './lib.js';

type Sql = Awaited<ReturnType<typeof freshPostgres>>['sql'];

export interface CardProofsContext {
  sql: Sql;
  servers: ServerProcess[];
  /** Registered customers with an address, made over `bases` (the suite's own helper). */
  customers: (bases: string[], count: number, tag: string) => Promise<Customer[]>;
  record: (item: string, figure: string, ok: boolean) => void;
  tally: (statuses: number[]) => string;
  /** Card numbers that must not appear in any log (item h). */
  secretCards: Set<string>;
}

const ACCOUNTS = 5;
/** Guesses per account: full run 40 (200 in all), quick 8 (40). */
const GUESSES = HEAVY ? 40 : 8;
const LIMIT = CARD_CODE_REFUSALS_BEFORE_LOCK;
/** An approving network card no other item uses (19 digits), paid with trnsx. */
const CARD = { type: 'network', number: '6035000000000000019', code: '123' };

export async function itemCardProofs(ctx: CardProofsContext) {
  const bases = ctx.servers.map((server) => server.base);
  ctx.secretCards.add(CARD.number);
  const product = await pickProduct(bases[0]!, 4);
  await setStock(bases[0]!, product.id, 10_000);
  const guessers = await ctx.customers(bases, ACCOUNTS, 'p');
  // Enough units for the minimum order whatever the price; one placed order per account.
  const amount = Math.max(1, Math.ceil(25 / Math.max(0.01, Number(product.price))));
  const orderIds = await pool(guessers, ACCOUNTS, async (guesser, i) => {
    const id = await fillCart(bases[i % 2]!, guesser, product.id, amount);
    const placed = await http(bases[i % 2]!, 'PATCH', `/api/order/${id}/complete`, { token: guesser.token });
    if (placed.status !== 200) throw new Error(`(p) place: ${placed.status} ${JSON.stringify(placed.body)}`);
    return id;
  });

  const started = Date.now();
  // Every guess at once: account i % 5, process i % 2, pay on even i and add card on odd i;
  // codes 000-999 but the right one.
  const guesses = Array.from({ length: ACCOUNTS * GUESSES }, (_, i) => {
    const code = String((i * 7 + 500) % 1000).padStart(3, '0');
    return {
      guesser: guessers[i % ACCOUNTS]!,
      orderId: orderIds[i % ACCOUNTS]!,
      base: bases[i % 2]!,
      way: i % 2 === 0 ? ('pay' as const) : ('add' as const),
      code: code === CARD.code ? '999' : code,
    };
  });
  const answers = await Promise.all(
    guesses.map(async (guess) => {
      const answer: Answer =
        guess.way === 'pay'
          ? await http(guess.base, 'POST', `/api/order/${guess.orderId}/pay`, {
              token: guess.guesser.token,
              body: { code: 'trnsx', input: { card: CARD.number, code: guess.code } },
            })
          : await http(guess.base, 'POST', '/api/insurance-card', {
              token: guess.guesser.token,
              body: { type: CARD.type, number: CARD.number, code: guess.code },
            });
      return { way: guess.way, answer };
    }),
  );
  const ended = Date.now();

  const checked = answers.filter(
    ({ answer }) => answer.status === 422 && (answer.body as { code?: string }).code === 'card_number_or_code_is_not_correct',
  );
  const locked = (answer: Answer) => answer.status === 403 && (answer.body as { code?: string }).code === 'card_code_locked';
  const limited = answers.filter(({ answer }) => locked(answer));
  const other = answers.filter(({ answer }) => !locked(answer) && !checked.some((c) => c.answer === answer));
  const [declined] = await ctx.sql<{ n: number }[]>`
    SELECT count(*)::int AS n FROM payments WHERE order_id = ANY(${orderIds}) AND status = 'declined'`;
  const scope = `card:${keyedHash(JWT_SECRET, 'card-fingerprint', CARD.number)}`;
  const counters = await ctx.sql<{ tries: number }[]>`SELECT tries FROM card_proof_counters WHERE scope = ${scope}`;
  const counted = counters.reduce((sum, row) => sum + row.tries, 0);
  // Locked: the right code too, by a sixth account, on either process, whatever the hour.
  const [late] = await ctx.customers(bases, 1, 'p2');
  const right = await http(bases[1]!, 'POST', '/api/insurance-card', { token: late!.token, body: CARD });
  const payChecks = checked.filter((c) => c.way === 'pay').length;

  ctx.record(
    '(p) card proofs',
    `${ACCOUNTS} accounts, ${answers.length} guesses of one card's code at once over 2 processes (half paying by the typed card, half adding it) in ${((ended - started) / 1000).toFixed(1)} s: ` +
      `checks ${checked.length} (pay ${payChecks}, add card ${checked.length - payChecks}; lock after ${LIMIT} in a row), ` +
      `403 card_code_locked ×${limited.length}, other ${ctx.tally(other.map((o) => o.answer.status)) || 'none'}; ` +
      `declined payment rows ${declined!.n}, card counter ${counted}; the right code afterwards answered ${right.status}`,
    checked.length === LIMIT &&
      declined!.n === payChecks &&
      counted === checked.length &&
      limited.length === answers.length - checked.length &&
      locked(right),
  );
}
