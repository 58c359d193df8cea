import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/env.js';
import { pickLanguage } from '../src/lib/errors.js';

describe('configuration', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      nodeEnv: 'development',
      port: 3000,
      host: '0.0.0.0',
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

  it('rejects bad values with the variable named', () => {
    expect(() => loadConfig({ PAYMENT_METHODS: 'trnsx,cash' })).toThrowError(/PAYMENT_METHODS/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrowError(ConfigError);
    expect(() => loadConfig({ MINIMUM_ORDER: '25.001' })).toThrowError(/MINIMUM_ORDER/);
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
