/**
 * Heavy items of issue 17 (accounts that cannot be taken or locked by someone else), over two API
 * processes on the suite's PostgreSQL database and Redis:
 *
 * (ol) Owner lockout impossible by code requests: an attacker floods sign-in and recovery code
 *      requests for a member's login from a new client address each time (two processes of
 *      their own believe X-Forwarded-For from loopback, `TRUST_PROXY`, and keep the default code
 *      limits), round after round over both processes, asking again as soon as it is allowed.
 *      The waits are minutes: between rounds the stored times (`code_throttles`, the owner's
 *      `one_time_codes`) are moved back by the wait told, as if the attacker had waited it out.
 *      Figures: the longest wait the owner would face (≤ 15 min), the waits round by round, and
 *      the owner's password sign-in after every round.
 * (rv) Revoked token refused within one request: sign out (or sign out everywhere) in process A,
 *      the very next request with the old access token in process B — and a burst right after —
 *      must answer 401. Figure: requests accepted after revocation (0).
 * (tk) Takeover with a stolen access token fails at each step: a session signed in more than
 *      5 minutes ago (its `created_at` moved back) and its access token only: adding an e-mail or
 *      phone, setting the password without the current one, removing the owner's e-mail and
 *      proving by guessed password or code are all refused; the owner's account is unchanged.
 */
import {
  HEAVY,
  http,
  outboxCode,
  pool,
  startServer,
  uniqueLogin,
  type Answer,
  type Customer,
  type ServerProcess,
  type freshPostgres,
} from './lib.js';

type Sql = Awaited<ReturnType<typeof freshPostgres>>['sql'];

export interface AccountItemsContext {
  sql: Sql;
  dbUrl: string;
  redisUrl: string;
  /** The suite's two main processes. */
  servers: ServerProcess[];
  customers: (bases: string[], count: number, tag: string) => Promise<Customer[]>;
  record: (item: string, figure: string, ok: boolean) => void;
  tally: (statuses: number[]) => string;
  /** Secrets seen (item h searches every log line for them). */
  secrets: { tokens: Set<string>; codes: Set<string>; passwords: Set<string> };
}

const N = HEAVY
  ? { rounds: 16, flood: 200, revocations: 20, burst: 20 }
  : { rounds: 8, flood: 40, revocations: 6, burst: 8 };
/** The login's longest wait (CODE_LOGIN_MAX_WAIT_MINUTES, default). */
const MAX_LOGIN_WAIT_S = 15 * 60;
const OWNER_ADDRESS = { 'x-forwarded-for': '198.51.100.7' };
/** A client address of its own for each attacker request (10.0.0.0/8). */
const attacker = (i: number) => ({ 'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` });

async function registerWithPassword(base: string, login: string, password: string, headers: Record<string, string> = {}) {
  const sent = await http(base, 'POST', '/api/auth/register/code', { body: { login }, headers });
  if (sent.status !== 200) throw new Error(`register code: ${sent.status} ${JSON.stringify(sent.body)}`);
  const code = await outboxCode(base, login);
  const created = await http<{ token: string; refresh_token: string }>(base, 'POST', '/api/auth/register', {
    body: { login, code, password, firstName: 'Ana', lastName: 'Diaz', interfaceLanguage: 'en' },
    headers,
  });
  if (created.status !== 200) throw new Error(`register: ${created.status} ${JSON.stringify(created.body)}`);
  return { code, ...created.body };
}

export function accountItems(ctx: AccountItemsContext) {
  const { sql, record, tally, secrets } = ctx;
  const bases = () => ctx.servers.map((server) => server.base);

  // --- (ol) owner lockout impossible by code requests ----------------------------------------------
  async function itemOwnerLockout() {
    const shared = {
      DATABASE_URL: ctx.dbUrl,
      REDIS_URL: ctx.redisUrl,
      TRUST_PROXY: '127.0.0.1',
      // The shop's defaults, not the load items' raised ones (lib.ts serverEnv).
      CODE_CLIENT_FREE_PER_HOUR: '20',
      CODE_RESEND_SECONDS: '60',
    };
    const pair = await Promise.all([startServer('ol1', shared), startServer('ol2', shared)]);
    try {
      const login = uniqueLogin('ol');
      const password = `Owner-${Math.random().toString(36).slice(2, 10)}1`;
      secrets.passwords.add(password);
      const registered = await registerWithPassword(pair[0]!.base, login, password, OWNER_ADDRESS);
      secrets.codes.add(registered.code);
      secrets.tokens.add(registered.token);
      secrets.tokens.add(registered.refresh_token);

      const ownerWaits: number[] = [];
      const setWaits: number[] = [];
      const attackAnswers: Answer[] = [];
      let sent = 1; // the registration code
      let passwordSignIns = 0;
      let simulatedMs = 0;
      let serial = 0;
      for (let round = 0; round < N.rounds; round += 1) {
        // The flood: sign-in and recovery codes at once, a new address each, over both processes.
        const flood = await pool(Array.from({ length: N.flood }, (_, i) => i), 20, (i) => {
          const n = (serial += 1);
          return http(pair[n % 2]!.base, 'POST', i % 2 === 0 ? '/api/auth/code' : '/api/auth/recovery/code', {
            body: { login },
            headers: attacker(n),
          });
        });
        attackAnswers.push(...flood);
        sent += flood.filter((answer) => answer.status === 200).length;
        // What the owner faces now, from their own address: the wait told, and the stored one.
        const owner = await http(pair[round % 2]!.base, 'POST', '/api/auth/code', { body: { login }, headers: OWNER_ADDRESS });
        const told = owner.status === 429 ? Number(owner.headers.get('retry-after')) : 0;
        if (owner.status === 200) sent += 1;
        // The wait as it was set by the last code sent (the longest anyone is told), and what is left.
        const [row] = await sql<{ set: number | null; left: number | null }[]>`
          SELECT round(extract(epoch FROM next_allowed_at - updated_at))::int AS set,
                 ceil(extract(epoch FROM next_allowed_at - now()))::int AS left
          FROM code_throttles WHERE scope = ${`login:${login}`}`;
        const wait = Math.max(told, row?.left ?? 0);
        ownerWaits.push(wait);
        setWaits.push(row?.set ?? 0);
        // The owner signs in with the password, on the other process.
        const signIn = await http<{ token: string; refresh_token: string }>(pair[(round + 1) % 2]!.base, 'POST', '/api/auth/login', {
          body: { username: login, password },
          headers: OWNER_ADDRESS,
        });
        if (signIn.status === 200) {
          passwordSignIns += 1;
          secrets.tokens.add(signIn.body.token);
          secrets.tokens.add(signIn.body.refresh_token);
        }
        if (round === N.rounds - 1) break;
        // The attacker waits out the wait it was told (and the resend wait): time moves for every
        // stored moment of the throttles and of the owner's codes.
        const shiftSeconds = Math.max(wait, 60) + 1;
        simulatedMs += shiftSeconds * 1000;
        await sql`
          UPDATE code_throttles SET
            window_start = window_start - make_interval(secs => ${shiftSeconds}),
            updated_at = updated_at - make_interval(secs => ${shiftSeconds}),
            next_allowed_at = next_allowed_at - make_interval(secs => ${shiftSeconds})`;
        await sql`
          UPDATE one_time_codes SET
            created_at = created_at - make_interval(secs => ${shiftSeconds}),
            expires_at = expires_at - make_interval(secs => ${shiftSeconds})
          WHERE target = ${login}`;
      }
      // Every code the flood sent went to the owner: the newest one signs in.
      const newest = await outboxCode(pair[0]!.base, login);
      secrets.codes.add(newest);
      const purposes = await sql<{ purpose: string }[]>`
        SELECT purpose FROM one_time_codes WHERE target = ${login} ORDER BY created_at DESC, id DESC LIMIT 1`;
      const verifyUrl = purposes[0]?.purpose === 'recovery' ? null : '/api/auth/code/verify';
      const byCode = verifyUrl
        ? await http<{ token: string; refresh_token: string }>(pair[1]!.base, 'POST', verifyUrl, { body: { login, code: newest }, headers: OWNER_ADDRESS })
        : await http<{ token: string; refresh_token: string }>(pair[1]!.base, 'POST', '/api/auth/recovery', {
            body: { login, code: newest, password, passwordConfirmation: password },
            headers: OWNER_ADDRESS,
          });
      if (byCode.status === 200) {
        secrets.tokens.add(byCode.body.token);
        secrets.tokens.add(byCode.body.refresh_token);
      }
      const refused = attackAnswers.filter((answer) => answer.status === 429);
      const refusalCodes = new Map<string, number>();
      for (const answer of refused) {
        const code = String((answer.body as { code?: string } | null)?.code);
        refusalCodes.set(code, (refusalCodes.get(code) ?? 0) + 1);
      }
      const retryAfters = refused.map((answer) => Number(answer.headers.get('retry-after')));
      const longestAttackerWait = Math.max(0, ...retryAfters);
      const longestOwnerWait = Math.max(...ownerWaits, ...setWaits);
      const grows = setWaits.every((wait, i) => i === 0 || wait >= setWaits[i - 1]!) && setWaits[1]! > setWaits[0]!;
      const fiveXx = attackAnswers.filter((answer) => answer.status >= 500).length;
      record(
        '(ol) owner lockout impossible by code requests',
        `${N.rounds} rounds of ${N.flood} sign-in and recovery code requests for one member's login, each from a new address, over 2 processes ` +
          `(${(simulatedMs / 60_000).toFixed(0)} min simulated: the stored times moved back by each wait told): ` +
          `longest wait the owner would face ${longestOwnerWait} s (limit ${MAX_LOGIN_WAIT_S}); waits set by round ${setWaits.join(', ')} s, ` +
          `the owner told right after each flood ${ownerWaits.join(', ')} s; ` +
          `attacker answers ${tally(attackAnswers.map((a) => a.status))} (${[...refusalCodes].map(([code, n]) => `${code} ${n}`).join(', ')}; ` +
          `${retryAfters.filter((r) => r > 0).length} of ${refused.length} with Retry-After, longest ${longestAttackerWait} s); codes sent to the owner ${sent}; ` +
          `owner's password sign-ins ${passwordSignIns}/${N.rounds}; the newest code the flood sent signed the owner in: ${byCode.status}; 5xx ${fiveXx}`,
        longestOwnerWait > 0 &&
          longestOwnerWait <= MAX_LOGIN_WAIT_S &&
          longestAttackerWait <= MAX_LOGIN_WAIT_S &&
          retryAfters.every((r) => r > 0) &&
          (refusalCodes.get('too_many_requests') ?? 0) === 0 &&
          grows &&
          setWaits.filter((w) => w === MAX_LOGIN_WAIT_S).length >= 2 &&
          passwordSignIns === N.rounds &&
          byCode.status === 200 &&
          fiveXx === 0,
      );
    } finally {
      await Promise.all(pair.map((server) => server.stop('SIGTERM')));
    }
  }

  // --- (rv) revoked token refused within one request -----------------------------------------------
  async function itemRevocation() {
    const [a, b] = bases() as [string, string];
    const people = await ctx.customers([a, b], N.revocations, 'rv');
    const beforeStatuses: number[] = [];
    const afterStatuses: number[] = [];
    let signOuts = 0;
    let everywhere = 0;
    for (const [i, person] of people.entries()) {
      // Process A ends the session, process B answers the next request.
      const [here, there] = i % 2 === 0 ? [a, b] : [b, a];
      beforeStatuses.push((await http(there, 'GET', '/api/auth/me', { token: person.token })).status);
      const oldTokens = [person.token];
      if (i % 2 === 0) {
        const out = await http(here, 'POST', '/api/auth/logout', { body: { refresh_token: person.refresh } });
        if (out.status !== 200) throw new Error(`(rv) logout: ${out.status}`);
        signOuts += 1;
      } else {
        // A second device (a code sign-in), then "sign out of all devices" from the first.
        const sent = await http(here, 'POST', '/api/auth/code', { body: { login: person.login } });
        if (sent.status !== 200) throw new Error(`(rv) code: ${sent.status} ${JSON.stringify(sent.body)}`);
        const code = await outboxCode(here, person.login);
        secrets.codes.add(code);
        const second = await http<{ token: string; refresh_token: string }>(here, 'POST', '/api/auth/code/verify', { body: { login: person.login, code } });
        secrets.tokens.add(second.body.token);
        secrets.tokens.add(second.body.refresh_token);
        beforeStatuses.push((await http(there, 'GET', '/api/auth/me', { token: second.body.token })).status);
        oldTokens.push(second.body.token);
        const out = await http(here, 'DELETE', '/api/auth/sessions', { token: person.token });
        if (out.status !== 200) throw new Error(`(rv) sign out everywhere: ${out.status}`);
        everywhere += 1;
      }
      // The very next request in the other process, then a burst there and here.
      for (const token of oldTokens) afterStatuses.push((await http(there, 'GET', '/api/auth/me', { token })).status);
      const burst = await Promise.all(
        Array.from({ length: N.burst }, (_, k) =>
          http(k % 2 === 0 ? there : here, 'GET', k % 3 === 0 ? '/api/auth/sessions' : '/api/auth/me', {
            token: oldTokens[k % oldTokens.length]!,
          }),
        ),
      );
      afterStatuses.push(...burst.map((answer) => answer.status));
    }
    const accepted = afterStatuses.filter((status) => status !== 401).length;
    record(
      '(rv) revoked token refused within one request',
      `${people.length} sessions ended in one process (${signOuts} sign-outs, ${everywhere} "sign out everywhere" with a second device each): ` +
        `before ${tally(beforeStatuses)}; the very next request with the old access token in the other process and ${N.burst} more at once over both: ` +
        `${tally(afterStatuses)}; requests accepted after revocation: ${accepted}`,
      accepted === 0 && beforeStatuses.every((status) => status === 200),
    );
  }

  // --- (tk) takeover with a stolen access token ----------------------------------------------------
  async function itemTakeover() {
    const [a, b] = bases() as [string, string];
    const login = uniqueLogin('tk');
    const password = `Owner-${Math.random().toString(36).slice(2, 10)}1`;
    secrets.passwords.add(password);
    const registered = await registerWithPassword(a, login, password);
    secrets.codes.add(registered.code);
    secrets.tokens.add(registered.token);
    secrets.tokens.add(registered.refresh_token);
    const stolen = registered.token;
    const me = await http<{ emails: { id: number; address: string }[]; phones: unknown[] }>(a, 'GET', '/api/auth/me', { token: stolen });
    const ownerEmailId = me.body.emails[0]!.id;
    const before = JSON.stringify(me.body);
    // The session was signed in 10 minutes ago: its sign-in no longer counts as a recent proof.
    await sql`UPDATE sessions SET created_at = created_at - interval '10 minutes', proven_at = NULL
      WHERE customer_id = (SELECT customer_id FROM emails WHERE address = ${login})`;
    const thiefEmail = uniqueLogin('thief');
    const steps: { step: string; answer: Answer }[] = [];
    const step = async (name: string, base: string, method: string, url: string, body?: unknown) => {
      const answer = await http(base, method, url, { token: stolen, ...(body === undefined ? {} : { body }) });
      steps.push({ step: name, answer });
      return answer;
    };
    await step('add an e-mail', a, 'POST', '/api/email', { value: thiefEmail });
    await step('add a phone', b, 'POST', '/api/phone', { value: '(202) 555-0177' });
    const newPassword = `Thief-${Math.random().toString(36).slice(2, 10)}1`;
    secrets.passwords.add(newPassword);
    await step('set the password without the current one', a, 'PUT', '/api/customer/password', {
      password: newPassword,
      passwordConfirmation: newPassword,
    });
    await step('remove the owner\u2019s e-mail', b, 'DELETE', `/api/email/${ownerEmailId}`);
    await step('make the owner\u2019s e-mail primary again', a, 'POST', `/api/email/${ownerEmailId}/make-primary`);
    for (let i = 0; i < 3; i += 1) {
      const guess = `Guess-${i}-${Math.random().toString(36).slice(2, 8)}`;
      secrets.passwords.add(guess);
      await step('prove with a guessed password', i % 2 === 0 ? a : b, 'POST', '/api/auth/proof', { password: guess });
    }
    // A proof code goes to the owner's primary contact, never to whoever asks.
    const codeSent = await http(b, 'POST', '/api/auth/proof/code', { token: stolen });
    let proofCode: string | null = null;
    if (codeSent.status === 200) {
      proofCode = await outboxCode(a, login);
      secrets.codes.add(proofCode);
    }
    for (let i = 0; i < 6; i += 1) {
      let guess = String(100000 + Math.floor(Math.random() * 900000));
      if (guess === proofCode) guess = guess === '123456' ? '654321' : '123456';
      await step('prove with a guessed code', i % 2 === 0 ? a : b, 'POST', '/api/auth/proof', { code: guess });
    }
    // Still not proven: the changes are still refused.
    await step('add an e-mail after the guesses', b, 'POST', '/api/email', { value: thiefEmail });
    const succeeded = steps.filter(({ answer }) => answer.status < 400);
    const after = await http(a, 'GET', '/api/auth/me', { token: stolen });
    const unchanged = JSON.stringify(after.body) === before;
    const ownerSignIn = await http<{ token: string; refresh_token: string }>(b, 'POST', '/api/auth/login', { body: { username: login, password } });
    if (ownerSignIn.status === 200) {
      secrets.tokens.add(ownerSignIn.body.token);
      secrets.tokens.add(ownerSignIn.body.refresh_token);
    }
    const thiefInOutbox = await http<{ messages: unknown[] }>(a, 'GET', `/api/dev/outbox?to=${encodeURIComponent(thiefEmail)}`);
    const byStep = new Map<string, number[]>();
    for (const { step: name, answer } of steps) byStep.set(name, [...(byStep.get(name) ?? []), answer.status]);
    const codeOf = (answer: Answer) => (answer.body as { code?: string } | null)?.code;
    const refusedCodes = [...new Set(steps.map(({ answer }) => codeOf(answer)))].join(', ');
    record(
      '(tk) takeover with a stolen access token fails at each step',
      `an access token of a session signed in 10 min ago, over 2 processes: ` +
        [...byStep].map(([name, statuses]) => `${name} ${tally(statuses)}`).join('; ') +
        ` (codes: ${refusedCodes}); proof code asked: ${codeSent.status}, sent to the owner's primary e-mail only ` +
        `(messages to the thief's address: ${thiefInOutbox.body?.messages?.length ?? '?'}); steps that succeeded ${succeeded.length} of ${steps.length}; ` +
        `owner's account ${unchanged ? 'unchanged' : 'CHANGED'}; owner's password sign-in ${ownerSignIn.status}`,
      succeeded.length === 0 && unchanged && ownerSignIn.status === 200 && (thiefInOutbox.body?.messages?.length ?? 1) === 0,
    );
  }

  return { itemOwnerLockout, itemRevocation, itemTakeover };
}
