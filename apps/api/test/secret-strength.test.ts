/**
 * Issue 32, item 7: JWT_SECRET is judged by how guessable it is, not by its length and classes.
 * `shopsecretkey2026forjwtsigningxx` passed every frequency test; random secrets of every usual
 * form must still pass, however many are drawn.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/env.js';
import { secretWeakness } from '../src/lib/secret.js';

describe('JWT_SECRET made of words', () => {
  it('refuses secrets made of words and a year', () => {
    for (const secret of [
      'shopsecretkey2026forjwtsigningxx',
      'OtcShopJwtSigningKeyProduction2026',
      'my-benefit-shop-session-secret-2025!',
    ]) {
      expect(secretWeakness(secret), secret).toMatch(/word list/);
    }
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        JWT_SECRET: 'shopsecretkey2026forjwtsigningxx',
        PUBLIC_URL: 'https://shop.example',
      }),
    ).toThrowError(/JWT_SECRET is too weak/);
  });

  it('passes a random hex secret whose digit runs hold year-like groups (CI, 2026-11-29)', () => {
    expect(secretWeakness('04702029620372820212094391dbc04c')).toBeNull();
  });

  it('passes 20 000 random secrets in each usual form (hex 16 and 32, base64 and base64url 32)', () => {
    for (let i = 0; i < 20_000; i += 1) {
      for (const secret of [
        randomBytes(16).toString('hex'),
        randomBytes(32).toString('hex'),
        randomBytes(32).toString('base64'),
        randomBytes(32).toString('base64url'),
      ]) {
        const weakness = secretWeakness(secret);
        if (weakness !== null) expect.fail(`${secret}: ${weakness}`);
      }
    }
  });
});
