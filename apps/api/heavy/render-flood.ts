/**
 * Heavy item (rf), issue 32 item 3: a render flood must not slow other clients. As deployed: one
 * API process of its own draws the storefront's pages (the built `apps/storefront/dist` and its
 * render module `dist-server/entry-server.js`) behind Debian's nginx with deploy/nginx.conf (its
 * limit of pages per address), the API believing nginx's X-Forwarded-For (`TRUST_PROXY`); client
 * A connects from 127.0.0.2, client B from 127.0.0.1, two addresses:
 *
 * 1. Quiet: client B asks for product answers (a search, each address made unique by a parameter
 *    the API ignores, so no kept answer serves it), 2 at a time: its p95.
 * 2. Flood: client A asks for `/catalog?q=vitamin&n=<random>` as a browser (`accept: text/html`)
 *    on `FLOOD_CONNECTIONS` connections, every address a page-cache miss (the attack: 8
 *    threads took another client's answer from a median of 19 ms to 829 ms), while B asks for the
 *    same number of product answers again.
 *
 * Holds when B's p95 under the flood is at most twice its quiet p95 (the bound). The
 * figure also says how A was answered: pages drawn, the browser's shell (index.html: renders for
 * A beyond its misses a minute or its renders in flight), 429s (nginx's page limit).
 * Without a built storefront or nginx the item says NOT CHECKED. (Without nginx in front, one
 * process alone: 49 ms quiet, 181 ms flooded, 3.7 times: pages kept are cheap, but thousands a
 * second from one address still take the event loop from everyone; the limit belongs in front.)
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { Agent, get } from 'node:http';
import path from 'node:path';
import { API_DIR, HEAVY, startServer } from './lib.js';
import { findNginx, startNginx } from './nginx-cache.js';

interface Context {
  dbUrl: string;
  redisUrl: string;
  record: (item: string, figure: string, ok: boolean, unchecked?: boolean) => void;
}

const STOREFRONT = path.resolve(API_DIR, '..', 'storefront');
const FLOOD_CONNECTIONS = 8;
const B_REQUESTS = HEAVY ? 600 : 200;
const B_CONNECTIONS = 2;

function p95(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)] ?? 0;
}

/** A GET from a loopback address of its own (nginx tells the API who asked by it). */
function getFrom(agent: Agent, address: string, url: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = get(url, { agent, localAddress: address, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    request.on('error', reject);
  });
}

const CLIENT_A = '127.0.0.2';

/** Client A: FLOOD_CONNECTIONS loops asking FLOOD_URL<random> as a browser, until SIGTERM. */
const FLOODER = `
import { get, Agent } from 'node:http';
import { randomBytes } from 'node:crypto';
const agent = new Agent({ keepAlive: true, maxSockets: Number(process.env.FLOOD_CONNECTIONS) });
const counts = { drawn: 0, shell: 0, limited: 0, other: 0, statuses: {}, errors: 0 };
let going = true;
process.on('SIGTERM', () => { going = false; });
const one = () => new Promise((resolve) => {
  const request = get(process.env.FLOOD_URL + randomBytes(6).toString('hex'), { agent, localAddress: process.env.FLOOD_FROM, headers: { accept: 'text/html', 'accept-language': 'en-US' } }, (res) => {
    let body = '';
    res.on('data', (chunk) => (body += chunk));
    res.on('end', () => {
      if (res.statusCode === 429) counts.limited += 1;
      else if (res.statusCode !== 200) { counts.other += 1; counts.statuses[res.statusCode] = (counts.statuses[res.statusCode] ?? 0) + 1; }
      else if (body.includes('<h1')) counts.drawn += 1;
      else counts.shell += 1;
      resolve();
    });
  });
  request.on('error', () => { counts.errors += 1; resolve(); });
});
let first = true;
await Promise.all(Array.from({ length: Number(process.env.FLOOD_CONNECTIONS) }, async () => {
  while (going) {
    await one();
    if (first) { first = false; process.stdout.write('started\\n'); }
  }
}));
agent.destroy();
process.stdout.write(JSON.stringify(counts));
`;
const CLIENT_B = '127.0.0.1';

/** B's product answers, `connections` at a time: each one's milliseconds. */
async function productAnswers(base: string, count: number, connections: number): Promise<number[]> {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const times: number[] = [];
  let next = 0;
  try {
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (next < count) {
          next += 1;
          const started = performance.now();
          const res = await getFrom(agent, CLIENT_B, `${base}/api/catalog/products?q=vitamin&n=${randomBytes(6).toString('hex')}`, {
            'accept-language': 'en-US',
          });
          if (res.status !== 200) throw new Error(`client B's product answer: ${res.status} ${res.body.slice(0, 300)}`);
          times.push(performance.now() - started);
        }
      }),
    );
  } finally {
    agent.destroy();
  }
  return times;
}

export async function itemRenderFlood({ dbUrl, redisUrl, record }: Context): Promise<void> {
  const render = path.join(STOREFRONT, 'dist-server', 'entry-server.js');
  const dist = path.join(STOREFRONT, 'dist');
  if (!existsSync(render) || !existsSync(path.join(dist, 'index.html'))) {
    record('(rf) render flood', 'NOT CHECKED: the storefront is not built (pnpm --filter @otc/storefront build)', true, true);
    return;
  }
  const nginx = findNginx();
  if (!nginx) {
    record('(rf) render flood', 'NOT CHECKED: no nginx (scripts/shop.sh test installs nginx-light)', true, true);
    return;
  }
  const server = await startServer('rf', {
    DATABASE_URL: dbUrl,
    REDIS_URL: redisUrl,
    STOREFRONT_DIR: dist,
    STOREFRONT_RENDER: render,
    TRUST_PROXY: '127.0.0.1',
  });
  const upstream = `127.0.0.1:${server.port}`;
  const front = await startNginx(nginx, [upstream, upstream], 'rf');
  try {
    if (!front.tested) throw new Error(`nginx -t refused deploy/nginx.conf: ${front.checkText}`);
    const base = front.base;
    // Warm: the process's first answers (connections, the render module) are not the figure.
    await productAnswers(base, 20, B_CONNECTIONS);
    const quiet = p95(await productAnswers(base, B_REQUESTS, B_CONNECTIONS));

    // A floods from a process of its own (in this one its loops would slow B's own timing), at
    // the lowest priority: an attacker's machine is not this one, only nginx's and the API's
    // work for A is ours to pay (the suite's 2 cores would otherwise be half A's client).
    const flooder = spawn('nice', ['-n', '19', process.execPath, '--input-type=module', '-e', FLOODER], {
      env: { ...process.env, FLOOD_URL: `${base}/catalog?q=vitamin&n=`, FLOOD_FROM: CLIENT_A, FLOOD_CONNECTIONS: String(FLOOD_CONNECTIONS) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let report = '';
    flooder.stdout!.on('data', (chunk: Buffer) => (report += chunk.toString()));
    const done = new Promise((resolve) => flooder.once('exit', resolve));
    let busy: number;
    try {
      // Under way: the flood has sent its first requests before B starts.
      while (!report.includes('started')) await new Promise((resolve) => setTimeout(resolve, 20));
      busy = p95(await productAnswers(base, B_REQUESTS, B_CONNECTIONS));
    } finally {
      flooder.kill('SIGTERM');
      await done;
    }
    const answered = JSON.parse(report.slice(report.indexOf('{'))) as {
      drawn: number;
      shell: number;
      limited: number;
      other: number;
      statuses: Record<string, number>;
      errors: number;
    };
    const ratio = quiet > 0 ? busy / quiet : Infinity;
    record(
      '(rf) render flood',
      `through nginx (deploy/nginx.conf): client B's product answer p95 ${quiet.toFixed(1)} ms quiet, ${busy.toFixed(1)} ms while client A floods ` +
        `${FLOOD_CONNECTIONS} connections of /catalog?q=vitamin&n=<random> (${ratio.toFixed(2)} times, bound 2); ` +
        `A answered: ${answered.drawn} pages drawn, ${answered.shell} the browser's shell, ${answered.limited} 429, ${answered.other} other ${JSON.stringify(answered.statuses)}, ${answered.errors} cut at the end`,
      ratio <= 2 && answered.other === 0 && answered.limited > 0,
    );
  } finally {
    if (front.tested) await front.stop();
    await server.stop();
  }
}
