import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/env.js';
import { pickLanguage } from '../src/lib/errors.js';

describe('configuration', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      nodeEnv: 'development',
      port: 3000,
      host: '127.0.0.1',
      trustProxy: [],
      databaseUrl: undefined,
      paymentMethods: ['trnsx', 'prohealth', 'nationsbenefits'],
      minimumOrderCents: 2500,
      supportPhone: '+1 (000) 000-0000',
      codeResendSeconds: 60,
      botCheck: false,
      corsOrigins: [],
    });
    expect(config.companyName).toMatch(/LLC$/);
    expect(config.dataDir).toMatch(/apps\/api\/\.data$/);
    expect(config.storefrontDir).toMatch(/apps\/storefront\/dist$/);
  });

  it('parses lists, amounts and flags', () => {
    const config = loadConfig({
      PORT: '8080',
      CORS_ORIGINS: 'https://a.test, https://b.test',
      MINIMUM_ORDER: '19.9',
      BOT_CHECK: 'true',
      BOT_CHECK_URL: 'https://bot.test/siteverify',
      BOT_CHECK_SECRET: 'bot-secret',
      DATABASE_URL: 'postgres://u@h:5432/db',
      REQUIRED_PROFILE_FIELDS: 'firstName,insurancePlan',
    });
    expect(config).toMatchObject({
      port: 8080,
      corsOrigins: ['https://a.test', 'https://b.test'],
      minimumOrderCents: 1990,
      botCheck: true,
      databaseUrl: 'postgres://u@h:5432/db',
      requiredProfileFields: ['firstName', 'insurancePlan'],
    });
  });

  it('reads the card issuers\' ranges (CARD_RANGES), the sandbox issuer\'s by default', () => {
    expect(loadConfig({}).cardRanges).toEqual({ network: ['6035'], national: ['6036'], s3: ['6037'] });
    expect(loadConfig({ CARD_RANGES: 'network:6035, network:5077,national:6036' }).cardRanges).toEqual({
      network: ['6035', '5077'],
      national: ['6036'],
      s3: [],
    });
    expect(() => loadConfig({ CARD_RANGES: 'credit:4' })).toThrowError(/CARD_RANGES/);
    expect(() => loadConfig({ CARD_RANGES: 'network:60a5' })).toThrowError(/CARD_RANGES/);
  });

  it('reads the delivery estimate in business days (2 to 5 by default), the least never above the most', () => {
    expect(loadConfig({}).deliveryEstimate).toEqual({ minBusinessDays: 2, maxBusinessDays: 5 });
    expect(loadConfig({ DELIVERY_DAYS_MIN: '3', DELIVERY_DAYS_MAX: '7' }).deliveryEstimate).toEqual({
      minBusinessDays: 3,
      maxBusinessDays: 7,
    });
    expect(() => loadConfig({ DELIVERY_DAYS_MIN: '6' })).toThrowError(/DELIVERY_DAYS_MIN/);
    expect(() => loadConfig({ DELIVERY_DAYS_MAX: '0' })).toThrowError(/DELIVERY_DAYS_MAX/);
  });

  it('reads the session recording site id (unset, blank or a Clarity project id)', () => {
    expect(loadConfig({}).sessionRecordingSiteId).toBeUndefined();
    expect(loadConfig({ SESSION_RECORDING_SITE_ID: '  ' }).sessionRecordingSiteId).toBeUndefined();
    expect(loadConfig({ SESSION_RECORDING_SITE_ID: ' abcdef1234 ' }).sessionRecordingSiteId).toBe('abcdef1234');
    expect(() => loadConfig({ SESSION_RECORDING_SITE_ID: 'https://www.clarity.ms/tag/abc' })).toThrowError(
      /SESSION_RECORDING_SITE_ID must be a Clarity project id/,
    );
  });

  it('rejects bad values with the variable named', () => {
    expect(() => loadConfig({ PAYMENT_METHODS: 'trnsx,cash' })).toThrowError(/PAYMENT_METHODS/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrowError(ConfigError);
    expect(() => loadConfig({ MINIMUM_ORDER: '25.001' })).toThrowError(/MINIMUM_ORDER/);
  });
});

describe('exposure and secrets (issue 11)', () => {
  // Random-looking: a typed one ('x' × 40) is refused as too weak (production-shape.test.ts).
  const secret = '3c9e1f0b7a5d48e2b61f9a0c4d7e2b85a1f6c3d9e0b4a7f2';

  it('listens on this machine only unless HOST is set (0.0.0.0 in production)', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'test' }).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: secret }).host).toBe('0.0.0.0');
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: secret, HOST: '10.0.0.5' }).host).toBe('10.0.0.5');
  });

  it('trusts no proxy unless TRUST_PROXY lists addresses or CIDR ranges', () => {
    expect(loadConfig({}).trustProxy).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,fd00::/8' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      'fd00::/8',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrowError(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrowError(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.local' })).toThrowError(/TRUST_PROXY/);
  });

  it('refuses production without its secrets', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrowError(/JWT_SECRET is required in production/);
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'short' })).toThrowError(/at least 32/);
    expect(() =>
      loadConfig({ NODE_ENV: 'production', JWT_SECRET: secret, BOT_CHECK: 'true', BOT_CHECK_URL: 'https://bot.test/verify' }),
    ).toThrowError(/BOT_CHECK_SECRET/);
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: secret }).nodeEnv).toBe('production');
  });
});

describe('Accept-Language', () => {
  it('picks Spanish when preferred', () => {
    expect(pickLanguage('es-US,es;q=0.9,en;q=0.8')).toBe('es');
    expect(pickLanguage('en-US,es;q=0.5')).toBe('en');
    expect(pickLanguage('fr, es;q=0.4')).toBe('es');
    expect(pickLanguage(undefined)).toBe('en');
  });
});
