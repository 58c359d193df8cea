/**
 * The signing secret: JWT_SECRET when configured (required in production, see env.ts); otherwise
 * generated once and kept in the data folder, so development sessions survive restarts.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { randomToken } from './crypto.js';

export function resolveSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  if (dataDir === ':memory:') return randomToken(48);
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return stored;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomToken(48);
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/** Parts of the usual placeholder secrets: a value holding one was copied from an example. */
const PLACEHOLDERS = [
  'changeme',
  'change-me',
  'change_me',
  'replaceme',
  'replace-me',
  'replace_me',
  'placeholder',
  'yoursecret',
  'your-secret',
  'your_secret',
  'secret-here',
  'secret_here',
  'supersecret',
  'super-secret',
  'notsecret',
  'not-secret',
  'insecure',
  'example',
  'password',
  'jwt-secret',
  'jwt_secret',
];

/**
 * Words people type into secrets (and names of this shop). A secret mostly made of words and a
 * year is guessable however long it is: `shopsecretkey2026forjwtsigningxx` has 32 characters, 17
 * distinct ones and passes every frequency test, yet a word list finds it.
 */
const SECRET_WORDS = (
  'secret secrets key keys jwt sign signing signature token tokens session sessions auth login ' +
  'pass passwd passphrase private public shop store otc benefit benefits health plan card cards ' +
  'member api app application server service web site admin root user prod production dev ' +
  'development test testing stage staging local default demo sample strong random long very ' +
  'really hard guess company project main master new old my our the for and this that with only ' +
  'not dont never share use here value hello world welcome letmein qwerty azerty abc xyz xxx ' +
  'zzz foo bar baz node fastify express docker compose deploy config env'
).split(' ');

/** Share of the secret covered by listed words (3 letters or more) and years (19xx, 20xx on their own). */
function guessableShare(lower: string): number {
  const covered = new Array<boolean>(lower.length).fill(false);
  const mark = (start: number, length: number) => covered.fill(true, start, start + length);
  for (const word of SECRET_WORDS) {
    for (let at = lower.indexOf(word); at !== -1; at = lower.indexOf(word, at + 1))
      mark(at, word.length);
  }
  // A year typed among words, not four digits inside a longer run of them (a random hex secret
  // such as 04702029620372…: the runs' "2029", "2021" made one look like words and years).
  for (const year of lower.matchAll(/(?<!\d)(?:19|20)\d\d(?!\d)/g)) mark(year.index, 4);
  return covered.filter(Boolean).length / lower.length;
}

/**
 * Why a configured secret is too weak to sign sessions, or null when it looks random. A
 * configured JWT_SECRET signs every access token and keys the code hashes and card fingerprints:
 * anyone who guesses it can mint sessions. Heuristics, tuned so that `openssl rand -hex 16` (32
 * hex characters) and longer random secrets always pass (in 300 000 random 32-hex secrets: at
 * least 9 distinct characters, 91 bits by the count below, 83 % distinct triples, 55 % steps at
 * most), while typed or repeated ones fail:
 * - fewer than 8 distinct characters (40 × 'a', 'abab…');
 * - under 80 bits by the characters' frequencies (length × Shannon entropy per character);
 * - under 60 % distinct three-character sequences (a short block repeated);
 * - over 70 % of neighbours equal or next to each other ('abcdef…', '0123…', 'aaab…');
 * - a known placeholder in it ('changeme', 'your-secret', 'example', …);
 * - half of it or more made of words people put in secrets and years (`SECRET_WORDS`): a random
 *   secret almost never holds more than a few of their letters.
 */
export function secretWeakness(secret: string): string | null {
  const chars = [...secret];
  const n = chars.length;
  if (n < 32) return 'it must have at least 32 characters';
  const lower = secret.toLowerCase();
  const placeholder = PLACEHOLDERS.find((part) => lower.includes(part));
  if (placeholder) return `it holds the placeholder "${placeholder}"`;
  if (guessableShare(lower) >= 0.5)
    return 'it is made of words and a year that a word list guesses';
  const counts = new Map<string, number>();
  for (const c of chars) counts.set(c, (counts.get(c) ?? 0) + 1);
  if (counts.size < 8) return `it has only ${counts.size} distinct characters`;
  let bits = 0;
  for (const count of counts.values()) bits -= count * Math.log2(count / n);
  if (bits < 80)
    return `it holds about ${Math.floor(bits)} bits by its characters' frequencies (80 needed)`;
  const triples = new Set<string>();
  for (let i = 0; i + 3 <= n; i++) triples.add(chars.slice(i, i + 3).join(''));
  if (triples.size / (n - 2) < 0.6) return 'it repeats a short sequence';
  let steps = 0;
  for (let i = 1; i < n; i++) {
    if (Math.abs(chars[i]!.codePointAt(0)! - chars[i - 1]!.codePointAt(0)!) <= 1) steps += 1;
  }
  if (steps / (n - 1) > 0.7)
    return 'it is mostly runs of neighbouring characters (abcd…, 1234…, aaaa…)';
  return null;
}
