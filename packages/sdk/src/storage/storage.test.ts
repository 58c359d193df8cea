import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../constants/index.js';
import {
  createAgentIdStore,
  createLocalStorage,
  createMemoryStorage,
  createPromoCodeStore,
  createTokenStore,
  isTokenStore,
  type WebStorageLike,
} from './storage.js';

function fakeWebStorage(): WebStorageLike & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
  };
}

const throwing: WebStorageLike = {
  getItem: () => {
    throw new Error('SecurityError');
  },
  setItem: () => {
    throw new Error('QuotaExceededError');
  },
  removeItem: () => {
    throw new Error('SecurityError');
  },
};

describe('createLocalStorage', () => {
  it('reads and writes through the web storage', () => {
    const web = fakeWebStorage();
    const storage = createLocalStorage(web);
    storage.set('a', '1');
    expect(web.map.get('a')).toBe('1');
    expect(storage.get('a')).toBe('1');
    storage.remove('a');
    expect(web.map.has('a')).toBe(false);
    expect(storage.get('a')).toBeNull();
  });

  it('keeps working in memory when the storage throws or is missing', () => {
    for (const storage of [createLocalStorage(throwing), createLocalStorage(undefined)]) {
      storage.set('k', 'v');
      expect(storage.get('k')).toBe('v');
      storage.remove('k');
      expect(storage.get('k')).toBeNull();
    }
  });

  it('defaults to globalThis.localStorage, absent in Node', () => {
    const storage = createLocalStorage();
    storage.set('x', 'y');
    expect(storage.get('x')).toBe('y');
  });
});

describe('token store', () => {
  it('stores the pair as JSON under the tokens key and ignores garbage', () => {
    const storage = createMemoryStorage();
    const tokens = createTokenStore(storage);
    expect(tokens.read()).toBeNull();
    tokens.write({ token: 't', refresh_token: 'r' });
    expect(JSON.parse(storage.get(STORAGE_KEYS.tokens) ?? '')).toEqual({
      token: 't',
      refresh_token: 'r',
    });
    expect(tokens.read()).toEqual({ token: 't', refresh_token: 'r' });
    storage.set(STORAGE_KEYS.tokens, '{not json');
    expect(tokens.read()).toBeNull();
    storage.set(STORAGE_KEYS.tokens, JSON.stringify({ token: 't' }));
    expect(tokens.read()).toBeNull();
    tokens.clear();
    expect(storage.get(STORAGE_KEYS.tokens)).toBeNull();
    expect(isTokenStore(tokens)).toBe(true);
    expect(isTokenStore(storage)).toBe(false);
  });
});

describe('promo code and agent id', () => {
  it('keeps the promo code as one text value, as given (no silent stripping)', () => {
    const storage = createMemoryStorage();
    const promo = createPromoCodeStore(storage);
    promo.set('Welcome10');
    expect(storage.get('promo-code')).toBe('Welcome10');
    promo.set('Welcome 10'); // from a link: the cart and the server refuse it, visibly
    expect(promo.get()).toBe('Welcome 10');
    promo.set('   ');
    expect(promo.get()).toBeNull();
    promo.set('X1');
    promo.clear();
    expect(promo.get()).toBeNull();
  });

  it('keeps a valid agent id only', () => {
    const storage = createMemoryStorage({ [STORAGE_KEYS.agentId]: 'agent-7' });
    const agent = createAgentIdStore(storage);
    expect(agent.get()).toBe('agent-7');
    agent.set('x'.repeat(65));
    expect(agent.get()).toBeNull();
    agent.set(' a9 ');
    expect(agent.get()).toBe('a9');
  });
});
