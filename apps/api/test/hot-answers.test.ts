/**
 * The process's store of public answers (lib/hot-answers.ts): kept per data version and lifetime,
 * bounded in entries and bytes (least recently used first), single flight; and the header rules
 * around it (If-None-Match, Accept-Encoding).
 */
import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { HotAnswers, etagOf, ifNoneMatchHits } from '../src/lib/hot-answers.js';
import { isPersonalRequest } from '../src/lib/personal-request.js';
import { acceptedEncoding } from '../src/plugins/app/public-answers.js';

const JSON_TYPE = 'application/json; charset=utf-8';

function store(options: Partial<ConstructorParameters<typeof HotAnswers>[0]> = {}) {
  let now = 0;
  const answers = new HotAnswers({ maxEntries: 3, maxBytes: 1_000, ttlMs: 5_000, now: () => now, ...options });
  return { answers, advance: (ms: number) => (now += ms) };
}

describe('hot answers', () => {
  it('serve an answer for its data version and lifetime only', () => {
    const { answers, advance } = store();
    const kept = answers.keep('a', 1, 1, '{"n":1}', JSON_TYPE);
    expect(kept.etag).toBe(etagOf('{"n":1}'));
    expect(answers.get('a', 1)?.body).toBe('{"n":1}');
    expect(answers.get('a', 2)).toBeUndefined();
    answers.keep('a', 2, 2, '{"n":2}', JSON_TYPE);
    advance(4_999);
    expect(answers.get('a', 2)?.body).toBe('{"n":2}');
    advance(1);
    expect(answers.get('a', 2)).toBeUndefined();
    expect(answers.size()).toEqual({ entries: 0, bytes: 0 });
  });

  it('do not keep an answer computed under a version that has moved on since', () => {
    const { answers } = store();
    const computed = answers.keep('a', 1, 2, '{"old":true}', JSON_TYPE);
    expect(computed.etag).toBe(etagOf('{"old":true}'));
    expect(answers.get('a', 1)).toBeUndefined();
    expect(answers.get('a', 2)).toBeUndefined();
  });

  it('are bounded in entries and bytes, the least recently used going first', () => {
    const { answers } = store();
    for (const key of ['a', 'b', 'c']) answers.keep(key, 1, 1, `"${key}"`, JSON_TYPE);
    answers.get('a', 1);
    answers.keep('d', 1, 1, '"d"', JSON_TYPE);
    expect(answers.get('b', 1)).toBeUndefined();
    expect(['a', 'c', 'd'].map((key) => answers.get(key, 1)?.body)).toEqual(['"a"', '"c"', '"d"']);
    answers.keep('big', 1, 1, `"${'x'.repeat(240)}"`, JSON_TYPE);
    expect(answers.size().bytes).toBeLessThanOrEqual(1_000);
    expect(answers.size().entries).toBeLessThanOrEqual(3);
    // Larger than a quarter of the bound: answered, never kept.
    answers.keep('huge', 1, 1, `"${'x'.repeat(400)}"`, JSON_TYPE);
    expect(answers.get('huge', 1)).toBeUndefined();
  });

  it('make each compressed copy once, and count it', () => {
    const { answers } = store({ maxBytes: 1_000_000 });
    const body = JSON.stringify({ products: Array.from({ length: 50 }, (_, id) => ({ id, name: 'Ibuprofen 200 mg' })) });
    const kept = answers.keep('a', 1, 1, body, JSON_TYPE);
    const before = answers.size().bytes;
    const br = answers.encode(kept, 'br');
    expect(answers.encode(kept, 'br')).toBe(br);
    expect(brotliDecompressSync(br).toString()).toBe(body);
    expect(answers.size().bytes).toBe(before + br.length);
  });

  it('let a rush wait for the one request computing an answer', async () => {
    const { answers } = store();
    expect(answers.waitFor('a', 1)).toBeUndefined();
    const finish = answers.lead('a', 1);
    const waiting = [answers.waitFor('a', 1), answers.waitFor('a', 1)];
    // Not for an answer of another version.
    expect(answers.waitFor('a', 2)).toBeUndefined();
    const kept = answers.keep('a', 1, 1, '"a"', JSON_TYPE);
    finish(kept);
    finish(null);
    expect(await Promise.all(waiting)).toEqual([kept, kept]);
    expect(answers.waitFor('a', 1)).toBeUndefined();
  });
});

describe('the headers around them', () => {
  it('If-None-Match: weak comparison, lists and *', () => {
    const etag = etagOf('x');
    expect(ifNoneMatchHits(etag, etag)).toBe(true);
    expect(ifNoneMatchHits(etag.slice(2), etag)).toBe(true);
    expect(ifNoneMatchHits(`"other", ${etag}`, etag)).toBe(true);
    expect(ifNoneMatchHits('*', etag)).toBe(true);
    expect(ifNoneMatchHits('W/"other"', etag)).toBe(false);
    expect(ifNoneMatchHits(undefined, etag)).toBe(false);
  });

  it('Accept-Encoding: br first, gzip next, q=0 refuses', () => {
    expect(acceptedEncoding('gzip, deflate, br')).toBe('br');
    expect(acceptedEncoding('gzip, br;q=0')).toBe('gzip');
    expect(acceptedEncoding('identity')).toBeUndefined();
    expect(acceptedEncoding(undefined)).toBeUndefined();
  });

  it('a personal request: a bearer token or the session or guest cart cookie', () => {
    expect(isPersonalRequest({ headers: { authorization: 'Bearer x' } })).toBe(true);
    expect(isPersonalRequest({ headers: { cookie: 'otc_session=abc' } })).toBe(true);
    expect(isPersonalRequest({ headers: { cookie: 'locale=es; otc_cart=1.sig' } })).toBe(true);
    expect(isPersonalRequest({ headers: { cookie: 'locale=es; my_otc_session=abc; otc_session=' } })).toBe(false);
    expect(isPersonalRequest({ headers: {} })).toBe(false);
  });
});
