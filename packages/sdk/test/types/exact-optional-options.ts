// A consumer compiled with `exactOptionalPropertyTypes` (test/consumer-exact-optional.test.ts):
// options an app builds from its own optional config pass `undefined` explicitly.
import { createClient, createMemoryStorage, type Locale } from '../../src/index.js';

interface AppConfig {
  locale?: Locale;
  timeoutMs?: number;
  onSessionEnd?: () => void;
}

export function clientsOf(config: AppConfig) {
  const tokens = createClient({
    baseUrl: 'https://shop.example',
    tokens: createMemoryStorage(),
    authMode: undefined,
    locale: config.locale,
    timeoutMs: config.timeoutMs,
    onSessionEnd: config.onSessionEnd,
    fetch: undefined,
    agentId: undefined,
    now: undefined,
    retry: { retries: undefined, baseDelayMs: undefined, maxDelayMs: undefined },
    onRequest: undefined,
    onResponse: undefined,
    locks: undefined,
    expirySkewSeconds: undefined,
  });
  const session = createClient({
    baseUrl: '',
    authMode: 'session',
    signedIn: undefined,
    csrfToken: undefined,
    locale: config.locale,
  });
  return { tokens, session };
}
