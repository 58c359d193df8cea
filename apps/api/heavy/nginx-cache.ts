/**
 * Heavy item (nx), issue 30: Debian's nginx with deploy/nginx.conf (the replica names pointed at
 * the suite's two API processes on loopback, the cache in a temporary folder) in front of both.
 *
 * 1. `nginx -t` accepts the file.
 * 2. A hit: a public catalog answer is kept (the second guest is answered by nginx, the API never
 *    sees it), another language is a copy of its own, and a guest's If-None-Match gets a 304.
 * 3. A revalidation: once the copy is past its s-maxage, nginx asks the API with the ETag and
 *    the API answers 304 (nginx's log of the request or of its background refresh says so), then
 *    the copy is served again.
 * 4. Signed in (a bearer token, and the web session's cookie): every request reaches the API,
 *    none is kept; the member's own answer (`/api/auth/me`) never reaches a guest; a catalog
 *    answer a guest made nginx keep is never handed to the member.
 * 5. nginx's own lock: the same file in front of a careless upstream that marks everything
 *    public: requests with Authorization, `otc_session` or `otc_cart` are still never answered
 *    from the cache nor stored; answers marked private or carrying Set-Cookie are not stored.
 *
 * nginx's access log (a format of this test only: request id, cache status, upstream status)
 * tells what nginx did; deploy/nginx.conf itself adds no header about its cache.
 * Without nginx (scripts/shop.sh test installs Debian's nginx-light) the item says NOT CHECKED.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { API_DIR, freePort, http, outboxCode, sleep, tempDir, uniqueLogin, type Answer, type Customer, type ServerProcess } from './lib.js';

const DEPLOY_CONF = path.resolve(API_DIR, '..', '..', 'deploy', 'nginx.conf');
/** The API's s-maxage of public answers (public-answers.ts PUBLIC_CACHE_CONTROL). */
const SHARED_MAX_AGE_S = 30;

interface Context {
  servers: ServerProcess[];
  customers: (bases: string[], count: number, tag: string) => Promise<Customer[]>;
  record: (item: string, figure: string, ok: boolean, unchecked?: boolean) => void;
}

export function findNginx(): string | undefined {
  for (const candidate of ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/local/nginx/sbin/nginx']) {
    if (existsSync(candidate)) return candidate;
  }
  const which = spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' });
  return which.status === 0 && which.stdout.trim() ? which.stdout.trim() : undefined;
}

interface LogLine {
  id: string;
  uri: string;
  cache: string;
  upstream: string;
  status: string;
}

/** One nginx master with deploy/nginx.conf in front of `upstreams` (host:port each). */
export async function startNginx(binary: string, upstreams: [string, string], tag: string) {
  const folder = tempDir(`nginx-${tag}`);
  const port = await freePort();
  for (const sub of ['cache', 'tmp']) mkdirSync(path.join(folder.dir, sub));
  // Workers run as nobody when the suite is root: they write the cache and temporary files.
  for (const dir of [folder.dir, path.join(folder.dir, 'cache'), path.join(folder.dir, 'tmp')]) chmodSync(dir, 0o777);
  const deployed = readFileSync(DEPLOY_CONF, 'utf8');
  const replacements: [string | RegExp, string][] = [
    ['server api-1:3000', `server ${upstreams[0]}`],
    ['server api-2:3000', `server ${upstreams[1]}`],
    [/listen 80;/, `listen 127.0.0.1:${port};`],
    ['proxy_cache_path /var/cache/nginx/shop ', `proxy_cache_path ${path.join(folder.dir, 'cache')} `],
  ];
  let site = deployed;
  for (const [from, to] of replacements) {
    // The file changed shape: this test must follow it rather than test something else.
    if (!(typeof from === 'string' ? site.includes(from) : from.test(site))) throw new Error(`deploy/nginx.conf no longer has "${String(from)}"`);
    site = site.replace(from, to);
  }
  const logFile = path.join(folder.dir, 'access.log');
  writeFileSync(path.join(folder.dir, 'site.conf'), site);
  writeFileSync(
    path.join(folder.dir, 'nginx.conf'),
    [
      'worker_processes 1;',
      'daemon off;',
      `pid ${path.join(folder.dir, 'nginx.pid')};`,
      `error_log ${path.join(folder.dir, 'error.log')} warn;`,
      'events { worker_connections 512; }',
      'http {',
      // The test's own log: which request (X-Test-Id), what the cache did, what the API answered;
      // background refreshes are subrequests.
      `  log_format cachetest '$http_x_test_id\\t$request_uri\\t$upstream_cache_status\\t$upstream_status\\t$status';`,
      `  access_log ${logFile} cachetest;`,
      '  log_subrequest on;',
      `  client_body_temp_path ${path.join(folder.dir, 'tmp', 'body')};`,
      `  proxy_temp_path ${path.join(folder.dir, 'tmp', 'proxy')};`,
      `  include ${path.join(folder.dir, 'site.conf')};`,
      '}',
      '',
    ].join('\n'),
  );
  const args = ['-p', folder.dir, '-c', path.join(folder.dir, 'nginx.conf')];
  const check = spawnSync(binary, ['-t', ...args], { encoding: 'utf8' });
  const checkText = `${check.stderr}${check.stdout}`.trim();
  if (check.status !== 0) {
    folder.remove();
    return { tested: false as const, checkText };
  }
  const child: ChildProcess = spawn(binary, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  const errors: string[] = [];
  child.stderr!.on('data', (chunk: Buffer) => errors.push(chunk.toString()));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i += 1) {
    try {
      if ((await fetch(`${base}/lb-health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (i > 100 || child.exitCode !== null) throw new Error(`nginx did not start: ${errors.join('')}`);
    await sleep(50);
  }
  let serial = 0;
  const log = (): LogLine[] =>
    (existsSync(logFile) ? readFileSync(logFile, 'utf8') : '')
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const [id = '', uri = '', cache = '', upstream = '', status = ''] = line.split('\t');
        return { id, uri, cache, upstream, status };
      });
  return {
    tested: true as const,
    checkText,
    base,
    log,
    /** A GET through nginx, tagged so its log lines can be found. */
    async get(url: string, headers: Record<string, string> = {}): Promise<Answer<unknown> & { id: string; lines: () => LogLine[] }> {
      serial += 1;
      const id = `${tag}-${serial}`;
      const answer = await http<unknown>(base, 'GET', url, { headers: { 'x-test-id': id, ...headers } });
      return { ...answer, id, lines: () => log().filter((line) => line.id === id) };
    },
    async stop() {
      child.kill('SIGQUIT');
      await new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve)));
      folder.remove();
    },
  };
}

/** Waits for a log line of request `id` (nginx writes it when the request, or its refresh, ends). */
async function lineOf(lines: () => LogLine[], match: (line: LogLine) => boolean, ms = 5000): Promise<LogLine | undefined> {
  const deadline = Date.now() + ms;
  for (;;) {
    const found = lines().find(match);
    if (found || Date.now() > deadline) return found;
    await sleep(50);
  }
}

/** A careless upstream: every answer says it may be kept, and tells who asked. */
async function carelessUpstream(): Promise<{ address: string; close: () => Promise<void> }> {
  let served = 0;
  const server: Server = createServer((request, response) => {
    served += 1;
    const who = request.headers.authorization ? 'bearer' : /otc_(session|cart)=/.test(request.headers.cookie ?? '') ? 'cookie' : 'guest';
    response.setHeader('cache-control', request.url?.startsWith('/private') ? 'private, max-age=60' : 'public, max-age=60, s-maxage=60');
    if (request.url?.startsWith('/set-cookie')) response.setHeader('set-cookie', 'otc_cart=abc; Path=/; HttpOnly');
    response.setHeader('content-type', 'text/plain');
    response.end(`${who} ${served}`);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { address: `127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** A member signed in with the web session's cookie (`X-Auth-Mode: session`, docs/web-session.md). */
async function cookieMember(base: string): Promise<string> {
  const login = uniqueLogin('nx');
  const asked = await http(base, 'POST', '/api/auth/register/code', { body: { login } });
  if (asked.status !== 200) throw new Error(`register code: ${asked.status}`);
  const code = await outboxCode(base, login);
  const registered = await http(base, 'POST', '/api/auth/register', {
    headers: { 'x-auth-mode': 'session' },
    body: { login, code, firstName: 'Rosa', lastName: 'Vega', interfaceLanguage: 'es' },
  });
  const session = registered.headers.getSetCookie().find((cookie) => cookie.startsWith('otc_session='));
  if (registered.status !== 200 || !session) throw new Error(`register with a web session: ${registered.status}, no otc_session cookie`);
  return session.split(';')[0]!;
}

const cacheControlOf = (answer: Answer<unknown>) => answer.headers.get('cache-control') ?? '';

export async function itemNginxCache(context: Context): Promise<void> {
  const binary = findNginx();
  if (!binary) {
    context.record(
      '(nx) nginx in front caches',
      'nginx is not installed here and was not installed (scripts/shop.sh test installs Debian\'s nginx-light with apt-get as root or through sudo): nothing was checked',
      false,
      true,
    );
    return;
  }
  const [api1, api2] = context.servers;
  const front = await startNginx(binary, [`127.0.0.1:${api1!.port}`, `127.0.0.1:${api2!.port}`], 'api');
  if (!front.tested) {
    context.record('(nx) nginx in front caches', `nginx -t refused deploy/nginx.conf: ${front.checkText}`, false);
    return;
  }
  const careless = await carelessUpstream();
  const guard = await startNginx(binary, [careless.address, careless.address], 'guard');
  const problems: string[] = [];
  const expect = (ok: boolean, what: string) => {
    if (!ok) problems.push(what);
  };
  try {
    if (!guard.tested) throw new Error(`nginx -t refused the guard's copy: ${guard.checkText}`);
    const en = { 'accept-language': 'en-US,en;q=0.9', 'accept-encoding': 'gzip, deflate, br' };
    const es = { 'accept-language': 'es-MX,es;q=0.9,en;q=0.5', 'accept-encoding': 'gzip, deflate, br' };
    const list = '/api/catalog/products?page=1&sort=price-asc';

    // 2. A hit.
    const first = await front.get(list, en);
    const firstLine = await lineOf(first.lines, () => true);
    const second = await front.get(list, { ...en, 'accept-language': 'en' });
    const secondLine = await lineOf(second.lines, () => true);
    const spanish = await front.get(list, es);
    const spanishLine = await lineOf(spanish.lines, () => true);
    const etag = first.headers.get('etag') ?? '';
    const conditional = await front.get(list, { ...en, 'if-none-match': etag });
    const conditionalLine = await lineOf(conditional.lines, () => true);
    expect(first.status === 200 && /\bpublic\b/.test(cacheControlOf(first)) && etag !== '', `first guest: ${first.status} ${cacheControlOf(first)} etag ${etag}`);
    expect(firstLine?.cache === 'MISS' && firstLine.upstream === '200', `first guest: cache ${firstLine?.cache} upstream ${firstLine?.upstream}`);
    expect(secondLine?.cache === 'HIT' && secondLine.upstream === '-', `second guest: cache ${secondLine?.cache} upstream ${secondLine?.upstream}`);
    expect(JSON.stringify(second.body) === JSON.stringify(first.body), 'second guest: another body than the first');
    expect(spanish.status === 200 && spanishLine?.cache === 'MISS', `Spanish guest: ${spanish.status} cache ${spanishLine?.cache} (the English copy?)`);
    expect(conditional.status === 304 && conditionalLine?.cache === 'HIT', `If-None-Match: ${conditional.status} cache ${conditionalLine?.cache}`);

    // 4. Signed in, while the copy ages: a bearer token and the web session's cookie.
    const [member] = await context.customers([api1!.base], 1, 'nx');
    const bearer = { ...en, authorization: `Bearer ${member!.token}` };
    const cookie = { ...en, cookie: `locale=en; ${await cookieMember(api2!.base)}` };
    const signedIn: string[] = [];
    for (const [who, headers] of [['bearer', bearer], ['cookie', cookie]] as const) {
      for (const url of ['/api/auth/me', list, '/api/catalog/products?page=2&sort=price-asc']) {
        for (let round = 0; round < 2; round += 1) {
          const answer = await front.get(url, headers);
          const line = await lineOf(answer.lines, () => true);
          signedIn.push(`${who} ${url} ${answer.status} ${line?.cache}`);
          expect(answer.status === 200, `${who} ${url}: ${answer.status}`);
          expect(line?.cache === 'BYPASS' && line.upstream === '200', `${who} ${url}: cache ${line?.cache} upstream ${line?.upstream} (answered from or kept in the cache)`);
          expect(/no-store/.test(cacheControlOf(answer)), `${who} ${url}: cache-control ${cacheControlOf(answer)}`);
        }
      }
    }
    const guestMe = await front.get('/api/auth/me', en);
    expect(guestMe.status === 401, `a guest asking /api/auth/me after two members: ${guestMe.status}`);
    const guestPage2 = await front.get('/api/catalog/products?page=2&sort=price-asc', en);
    const guestPage2Line = await lineOf(guestPage2.lines, () => true);
    expect(guestPage2Line?.cache === 'MISS', `a guest after the members on page 2: cache ${guestPage2Line?.cache} (a member's answer was kept)`);

    // 5. nginx's own lock, in front of the careless upstream.
    const guardChecks: [string, Record<string, string>, string, (body: string, cache: string) => boolean][] = [
      ['/p', {}, 'guest keeps', (body, cache) => body.startsWith('guest') && cache === 'MISS'],
      ['/p', {}, 'guest hit', (body, cache) => body.startsWith('guest') && cache === 'HIT'],
      ['/p', { authorization: 'Bearer x' }, 'bearer bypasses', (body, cache) => body.startsWith('bearer') && cache === 'BYPASS'],
      ['/p', { cookie: 'locale=en; otc_session=s1' }, 'session cookie bypasses', (body, cache) => body.startsWith('cookie') && cache === 'BYPASS'],
      ['/p', { cookie: 'otc_cart=c1' }, 'cart cookie bypasses', (body, cache) => body.startsWith('cookie') && cache === 'BYPASS'],
      ['/q', { authorization: 'Bearer x' }, 'bearer first', (body, cache) => body.startsWith('bearer') && cache === 'BYPASS'],
      ['/q', { cookie: 'otc_session=s1' }, 'cookie first', (body, cache) => body.startsWith('cookie') && cache === 'BYPASS'],
      ['/q', {}, 'guest after them', (body, cache) => body.startsWith('guest') && cache === 'MISS'],
      ['/private', {}, 'private', (body, cache) => cache === 'MISS'],
      ['/private', {}, 'private again', (body, cache) => cache === 'MISS'],
      ['/set-cookie', {}, 'set-cookie', (body, cache) => cache === 'MISS'],
      ['/set-cookie', {}, 'set-cookie again', (body, cache) => cache === 'MISS'],
    ];
    for (const [url, headers, what, ok] of guardChecks) {
      const answer = await guard.get(url, headers);
      const line = await lineOf(answer.lines, () => true);
      expect(ok(String(answer.body), line?.cache ?? ''), `careless upstream, ${what}: "${String(answer.body)}" cache ${line?.cache}`);
    }

    // 3. A revalidation, once the copy is past its s-maxage (within its stale-while-revalidate).
    // A copy of its own, kept now: on a loaded machine the steps above can outlast s-maxage plus
    // the 15 s of stale-while-revalidate, and the first copy would simply have EXPIRED.
    const staleList = '/api/catalog/products?page=2&sort=price-asc';
    const primed = await front.get(staleList, en);
    const primedAt = Date.now();
    await sleep(Math.max(0, primedAt + (SHARED_MAX_AGE_S + 1) * 1000 - Date.now()));
    const expired = await front.get(staleList, en);
    const expiredLine = await lineOf(expired.lines, () => true);
    // STALE: answered with the copy, refreshed in the background (a subrequest of the same id);
    // REVALIDATED: refreshed before answering. Either way the API's answer was a 304.
    const refresh = await lineOf(expired.lines, (line) => line.upstream === '304');
    await lineOf(expired.lines, (line) => line.upstream !== '-' && line.cache !== 'STALE', 3000);
    const after = await front.get(staleList, en);
    const afterLine = await lineOf(after.lines, () => true);
    expect(['STALE', 'REVALIDATED'].includes(expiredLine?.cache ?? ''), `after ${SHARED_MAX_AGE_S + 1} s: cache ${expiredLine?.cache}`);
    expect(refresh !== undefined, `after ${SHARED_MAX_AGE_S + 1} s: no 304 from the API (${expired.lines().map((l) => `${l.cache}/${l.upstream}`).join(', ')})`);
    expect(
      JSON.stringify(expired.body) === JSON.stringify(primed.body) && expired.headers.get('etag') === primed.headers.get('etag'),
      'after expiry: another body or ETag (nothing changed)',
    );
    expect(afterLine?.cache === 'HIT', `after the revalidation: cache ${afterLine?.cache}`);

    for (const problem of problems) console.log(`   nginx: ${problem}`);
    context.record(
      '(nx) nginx in front caches',
      `${binary} -t: ok; deploy/nginx.conf in front of 2 processes: first guest ${firstLine?.cache}/${firstLine?.upstream}, second ${secondLine?.cache} ` +
        `(API not asked), Spanish ${spanishLine?.cache}, If-None-Match ${conditional.status} ${conditionalLine?.cache}; after ${SHARED_MAX_AGE_S + 1} s ` +
        `${expiredLine?.cache} with the API answering ${refresh?.upstream ?? 'no 304'}, then ${afterLine?.cache}; signed in (bearer, cookie) ${signedIn.length} requests ` +
        `${[...new Set(signedIn.map((s) => s.split(' ').pop()))].join('/')}, all no-store; a guest then: /api/auth/me ${guestMe.status}, a page only members asked ${guestPage2Line?.cache}; ` +
        `careless upstream ${guardChecks.length} checks (bearer, otc_session, otc_cart never served nor kept; private and Set-Cookie not kept); problems ${problems.length}`,
      problems.length === 0,
    );
  } finally {
    await front.stop();
    if (guard.tested) await guard.stop();
    await careless.close();
  }
}
