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
