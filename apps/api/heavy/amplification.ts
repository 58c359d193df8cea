/**
 * Heavy item (amp), bounded answers (issue 17): hostile bodies to every contract route that takes
 * one, over both API processes, with a customer's token where the route needs one (so the body
 * is validated, not refused for want of a session). Bodies are built from each route's own schema
 * and grown to 1 KiB, 4 KiB, 16 KiB, just under the route's body limit and 1 KiB past it:
 * - every list of the schema filled with empty objects, every record with keys of wrong values,
 *   every text with over-long text, NUL characters or deep nesting in every field;
 * - a flood of unknown keys, and `{}`.
 * The figure: the largest answer size / request size over the bodies of 1 KiB and more (the
 * sweep found 171 KB in → 1.2 MB out, 7×), which must be ≤ 4; and the largest answer of all, small
 * bodies too, which the 422 cap (FIELD_ERRORS_MAX) keeps to a few kilobytes. No 5xx.
 *
 * Sizes are the bodies' bytes (the answer as sent before compression: its largest form).
 */
import { contract, type RouteDef } from '@otc/sdk/contract';
import { bodyLimitOf } from '../src/lib/body-limits.js';
import { HEAVY, type Customer, type ServerProcess } from './lib.js';

export interface AmplificationContext {
  servers: ServerProcess[];
  customers: (bases: string[], count: number, tag: string) => Promise<Customer[]>;
  record: (item: string, figure: string, ok: boolean) => void;
}

/** Bound of the figure: answer bytes per request byte, bodies of at least MEASURED_FROM bytes. */
const RATIO_MAX = 4;
const MEASURED_FROM = 1024;
/** Any answer, to a body of any size, stays under this. */
const ANSWER_MAX = 8 * 1024;

interface Field {
  path: string[];
  kind: 'list' | 'record' | 'text' | 'other';
}

type ZodNode = { _zod?: { def?: Record<string, unknown> & { type?: string } } };

/** The fields of a body schema (nested objects followed), with what each holds. */
function fieldsOf(schema: unknown, path: string[] = [], found: Field[] = [], depth = 0): Field[] {
  const def = (schema as ZodNode)?._zod?.def;
  if (!def || depth > 6) return found;
  switch (def.type) {
    case 'object':
      for (const [key, value] of Object.entries(def.shape as Record<string, unknown>)) fieldsOf(value, [...path, key], found, depth + 1);
      return found;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
      return fieldsOf(def.innerType, path, found, depth + 1);
    case 'pipe':
      return fieldsOf(def.in, path, found, depth + 1);
    case 'array':
      found.push({ path, kind: 'list' });
      return found;
    case 'record':
      found.push({ path, kind: 'record' });
      return found;
    case 'string':
      found.push({ path, kind: 'text' });
      return found;
    default:
      if (path.length > 0) found.push({ path, kind: 'other' });
      return found;
  }
}

function setAt(target: Record<string, unknown>, path: string[], value: unknown): Record<string, unknown> {
  if (path.length === 0) return value as Record<string, unknown>;
  let node = target;
  for (const key of path.slice(0, -1)) {
    node[key] ??= {};
    node = node[key] as Record<string, unknown>;
  }
  node[path.at(-1)!] = value;
  return target;
}

/** Items of `make(i)` until the JSON of `wrap(items)` is about `size` bytes. */
function grow(size: number, make: (i: number) => unknown, wrap: (items: unknown[]) => unknown): string {
  const one = Math.max(2, JSON.stringify(make(0)).length + 1);
  const base = JSON.stringify(wrap([])).length;
  const count = Math.max(1, Math.floor((size - base) / one));
  return JSON.stringify(wrap(Array.from({ length: count }, (_, i) => make(i))));
}

/** Hostile bodies of about `size` bytes for a route's fields. */
function hostileBodies(fields: Field[], size: number): { kind: string; text: string }[] {
  const bodies: { kind: string; text: string }[] = [];
  const lists = fields.filter((field) => field.kind === 'list');
  const records = fields.filter((field) => field.kind === 'record');
  const texts = fields.filter((field) => field.kind === 'text');
  for (const field of lists) {
    bodies.push({ kind: `empty rows in ${field.path.join('.')}`, text: grow(size, () => ({}), (items) => setAt({}, field.path, items)) });
    bodies.push({ kind: `wrong items in ${field.path.join('.')}`, text: grow(size, (i) => ({ sku_id: -i, amount: 'x' }), (items) => setAt({}, field.path, items)) });
  }
  for (const field of records) {
    bodies.push({
      kind: `wrong keys in ${field.path.join('.')}`,
      text: grow(size, (i) => [`${'k'.repeat(56)}${i}`, i], (items) => setAt({}, field.path, Object.fromEntries(items as [string, number][]))),
    });
  }
  if (texts.length > 0) {
    const each = Math.max(1, Math.floor(size / texts.length) - 16);
    bodies.push({ kind: 'over-long texts', text: JSON.stringify(texts.reduce((body, field) => setAt(body, field.path, 'x'.repeat(each)), {} as Record<string, unknown>)) });
    bodies.push({ kind: 'NUL texts', text: JSON.stringify(texts.reduce((body, field) => setAt(body, field.path, '\u0000'.repeat(Math.floor(each / 6))), {} as Record<string, unknown>)) });
  }
  // Every field a wrong value, and each top-level field nested deep.
  const depth = Math.max(1, Math.floor(size / Math.max(1, fields.length) / 2) - 4);
  bodies.push({
    kind: 'deep nesting',
    text: `{${fields.map((field) => `${JSON.stringify(field.path[0] ?? 'x')}:${'['.repeat(depth)}${']'.repeat(depth)}`).join(',')}}`,
  });
  bodies.push({ kind: 'unknown keys', text: grow(size, (i) => [`unknown-${i}`, { a: [i] }], (items) => Object.fromEntries(items as [string, unknown][])) });
  return bodies;
}

interface Sample {
  route: string;
  kind: string;
  requestBytes: number;
  answerBytes: number;
  status: number;
}

export async function itemAmplification(context: AmplificationContext): Promise<void> {
  const bases = context.servers.map((server) => server.base);
  const [customer] = await context.customers(bases, 1, 'amp');
  const routes = Object.entries(contract).filter(([, def]) => (def as RouteDef).body) as [string, RouteDef][];
  const samples: Sample[] = [];
  let sent = 0;
  const started = Date.now();
  for (const [name, def] of routes) {
    const limit = bodyLimitOf(name as keyof typeof contract);
    const sizes = HEAVY ? [MEASURED_FROM, 4096, 16_384, limit - 256, limit + 1024] : [MEASURED_FROM, limit - 256, limit + 1024];
    const fields = fieldsOf(def.body);
    const url = def.path.replace(/\{(\w+)\}/g, '1');
    const bodies = [{ kind: 'empty object', text: '{}' }, ...[...new Set(sizes)].flatMap((size) => hostileBodies(fields, size))];
    for (const [index, body] of bodies.entries()) {
      const base = bases[(sent += 1) % bases.length]!;
      const response = await fetch(`${base}${url}`, {
        method: def.method,
        headers: {
          'content-type': 'application/json',
          'accept-encoding': 'identity',
          ...(def.auth ? { authorization: `Bearer ${customer!.token}` } : {}),
        },
        body: body.text,
        signal: AbortSignal.timeout(60_000),
      });
      const answer = await response.text();
      samples.push({
        route: name,
        kind: `${body.kind} #${index}`,
        requestBytes: Buffer.byteLength(body.text),
        answerBytes: Buffer.byteLength(answer),
        status: response.status,
      });
    }
  }
  const measured = samples.filter((sample) => sample.requestBytes >= MEASURED_FROM);
  const worst = measured.reduce((a, b) => (b.answerBytes / b.requestBytes > a.answerBytes / a.requestBytes ? b : a));
  const largest = samples.reduce((a, b) => (b.answerBytes > a.answerBytes ? b : a));
  const fiveXx = samples.filter((sample) => sample.status >= 500);
  const statuses = new Map<number, number>();
  for (const sample of samples) statuses.set(sample.status, (statuses.get(sample.status) ?? 0) + 1);
  const ratio = worst.answerBytes / worst.requestBytes;
  const inBytes = measured.reduce((sum, sample) => sum + sample.requestBytes, 0);
  const outBytes = measured.reduce((sum, sample) => sum + sample.answerBytes, 0);
  for (const sample of fiveXx.slice(0, 5)) console.log('   5xx:', JSON.stringify(sample));
  context.record(
    '(amp) amplification',
    `${samples.length} hostile bodies to ${routes.length} body routes on 2 processes (${((Date.now() - started) / 1000).toFixed(0)} s): ` +
      `largest answer/request ${ratio.toFixed(3)} over bodies of ${MEASURED_FROM} B and more (${worst.route}, ${worst.kind}: ${worst.requestBytes} B in, ${worst.answerBytes} B out; limit ${RATIO_MAX}); ` +
      `all of them together ${inBytes} B in, ${outBytes} B out (${(outBytes / inBytes).toFixed(3)}); ` +
      `largest answer of all ${largest.answerBytes} B (${largest.route}, ${largest.kind}, ${largest.requestBytes} B in; limit ${ANSWER_MAX}); ` +
      `answers ${[...statuses.entries()].sort((a, b) => a[0] - b[0]).map(([status, count]) => `${status}×${count}`).join(' ')}; 5xx ${fiveXx.length}`,
    ratio <= RATIO_MAX && largest.answerBytes <= ANSWER_MAX && fiveXx.length === 0,
  );
}
