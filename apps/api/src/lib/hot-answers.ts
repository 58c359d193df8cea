/**
 * The process's store of public answers (issue 30): the serialized body of each answer with its
 * ETag (a hash of the body: the same data gives the same ETag in every process), kept per key
 * (route address and, where the answer depends on it, language), bounded in entries and bytes
 * with the least recently used going first.
 *
 * An answer is kept for the data version it was computed under, and for at most `ttlMs`: a version
 * change (services told a change, plugins/app/public-answers.ts) makes every kept answer old at
 * once; the lifetime bounds what no announcement covers (a lost listening connection, a synonym
 * list read again every 30 s).
 *
 * Single flight: while one request computes the answer of a key, the same request from others
 * waits for it (`waitFor`) instead of asking the database too; a rush of identical requests
 * costs one query.
 */
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

export type Encoding = 'br' | 'gzip';

export interface KeptAnswer {
  body: string;
  /** Weak: the same answer compressed or not is the same representation for revalidation. */
  etag: string;
  contentType: string;
  /** The data version it was computed under. */
  version: number;
  expires: number;
  /** br and gzip copies, made on first demand. */
  encoded: Partial<Record<Encoding, Buffer>>;
  bytes: number;
}

export function etagOf(body: string): string {
  return `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 27)}"`;
}

/** Whether an `If-None-Match` header names this ETag (weak comparison, `*`, or a list). */
export function ifNoneMatchHits(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const wanted = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === wanted;
  });
}

export interface HotAnswersOptions {
  maxEntries: number;
  maxBytes: number;
  ttlMs: number;
  now?: () => number;
}

export class HotAnswers {
  private readonly kept = new Map<string, KeptAnswer>();
  private readonly inFlight = new Map<string, { version: number; done: Promise<KeptAnswer | null> }>();
  /** Answers in `kept` now (a copy made for one that was dropped counts for nothing). */
  private readonly held = new WeakSet<KeptAnswer>();
  private bytes = 0;
  private readonly now: () => number;

  constructor(private readonly options: HotAnswersOptions) {
    this.now = options.now ?? Date.now;
  }

  /** The answer kept for `key` under `version`, still within its lifetime. */
  get(key: string, version: number): KeptAnswer | undefined {
    const answer = this.kept.get(key);
    if (!answer) return undefined;
    if (answer.version !== version || answer.expires <= this.now()) {
      this.drop(key, answer);
      return undefined;
    }
    // Least recently used goes first: a hit moves the key to the end.
    this.kept.delete(key);
    this.kept.set(key, answer);
    return answer;
  }

  /** An answer of `body` computed under `version` (kept, unless its version is already old). */
  keep(key: string, version: number, currentVersion: number, body: string, contentType: string): KeptAnswer {
    const answer: KeptAnswer = {
      body,
      etag: etagOf(body),
      contentType,
      version,
      expires: this.now() + this.options.ttlMs,
      encoded: {},
      bytes: Buffer.byteLength(body),
    };
    if (version !== currentVersion || this.options.ttlMs <= 0 || answer.bytes > this.options.maxBytes / 4) return answer;
    const previous = this.kept.get(key);
    if (previous) this.drop(key, previous);
    this.kept.set(key, answer);
    this.held.add(answer);
    this.bytes += answer.bytes;
    this.evict();
    return answer;
  }

  /** The body compressed (quality 5: the copy is made once and sent many times). */
  encode(answer: KeptAnswer, encoding: Encoding): Buffer {
    let copy = answer.encoded[encoding];
    if (!copy) {
      copy =
        encoding === 'br'
          ? brotliCompressSync(answer.body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } })
          : gzipSync(answer.body, { level: 6 });
      answer.encoded[encoding] = copy;
      if (this.held.has(answer)) {
        answer.bytes += copy.length;
        this.bytes += copy.length;
        this.evict();
      }
    }
    return copy;
  }

  /** The answer another request is computing for `key` under `version`, if one is. */
  waitFor(key: string, version: number): Promise<KeptAnswer | null> | undefined {
    const flight = this.inFlight.get(key);
    return flight && flight.version === version ? flight.done : undefined;
  }

  /** This request computes `key`: the others wait for what `finish` is given (null: compute yourselves). */
  lead(key: string, version: number): (answer: KeptAnswer | null) => void {
    let settle!: (answer: KeptAnswer | null) => void;
    const done = new Promise<KeptAnswer | null>((resolve) => (settle = resolve));
    const flight = { version, done };
    this.inFlight.set(key, flight);
    let settled = false;
    return (answer) => {
      if (settled) return;
      settled = true;
      if (this.inFlight.get(key) === flight) this.inFlight.delete(key);
      settle(answer);
    };
  }

  /** Entries and bytes kept now (tests, the bench). */
  size(): { entries: number; bytes: number } {
    return { entries: this.kept.size, bytes: this.bytes };
  }

  clear() {
    for (const [key, answer] of this.kept) this.drop(key, answer);
  }

  private drop(key: string, answer: KeptAnswer) {
    this.kept.delete(key);
    this.held.delete(answer);
    this.bytes -= answer.bytes;
  }

  private evict() {
    while (this.kept.size > this.options.maxEntries || this.bytes > this.options.maxBytes) {
      const oldest = this.kept.entries().next().value;
      if (!oldest) break;
      this.drop(oldest[0], oldest[1]);
    }
  }
}
