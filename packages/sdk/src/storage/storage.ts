import { STORAGE_KEYS } from '../constants/index.js';
import { agentIdSchema } from '../schemas/order.js';
import { tokenPairSchema, type TokenPair } from '../schemas/auth.js';

/** The smallest key-value port the SDK keeps its state in. */
export interface KeyValueStorage {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
}

/** What the SDK needs of `window.localStorage`. */
export interface WebStorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

function defaultLocalStorage(): WebStorageLike | undefined {
  try {
    return (globalThis as { localStorage?: WebStorageLike }).localStorage;
  } catch {
    // Reading localStorage throws in some sandboxed frames.
    return undefined;
  }
}

/**
 * A port over `localStorage`. Tolerates a missing storage or one that throws (private mode,
 * quota, sandbox): it then keeps values in memory so the page still works.
 */
export function createLocalStorage(
  storage: WebStorageLike | undefined = defaultLocalStorage(),
): KeyValueStorage {
  const fallback = createMemoryStorage();
  return {
    get(key) {
      try {
        if (storage) return storage.getItem(key);
      } catch {
        // fall through to the in-memory copy
      }
      return fallback.get(key);
    },
    set(key, value) {
      fallback.set(key, value);
      try {
        storage?.setItem(key, value);
      } catch {
        // kept in memory only
      }
    },
    remove(key) {
      fallback.remove(key);
      try {
        storage?.removeItem(key);
      } catch {
        // nothing to do
      }
    },
  };
}

/** An in-memory port (tests, server rendering, Node). */
export function createMemoryStorage(initial?: Record<string, string>): KeyValueStorage {
  const map = new Map<string, string>(Object.entries(initial ?? {}));
  return {
    get: (key) => map.get(key) ?? null,
    set: (key, value) => void map.set(key, value),
    remove: (key) => void map.delete(key),
  };
}

/** The session tokens, kept as JSON of `{ token, refresh_token }`. Always reads through. */
export interface TokenStore {
  read(): TokenPair | null;
  write(pair: TokenPair): void;
  clear(): void;
  /** The port the pair lives in; clients sharing it coordinate refreshes there (no Web Locks). */
  readonly storage?: KeyValueStorage;
}

/** The stored JSON of a pair, or null for nothing or garbage. */
export function parseTokenPair(text: string | null): TokenPair | null {
  if (!text) return null;
  try {
    const parsed = tokenPairSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function serializeTokenPair(pair: TokenPair): string {
  return JSON.stringify({ token: pair.token, refresh_token: pair.refresh_token });
}

export function createTokenStore(
  storage: KeyValueStorage,
  key: string = STORAGE_KEYS.tokens,
): TokenStore {
  return {
    storage,
    read: () => parseTokenPair(storage.get(key)),
    write(pair) {
      storage.set(key, serializeTokenPair(pair));
    },
    clear() {
      storage.remove(key);
    },
  };
}

/**
 * The port of an asynchronous store: React Native's AsyncStorage (through
 * {@link createAsyncStorage}), SecureStore, a server's cache.
 */
export interface AsyncKeyValueStorage {
  get(key: string): Promise<string | null>;
  set(key: string, value: string): Promise<void>;
  remove(key: string): Promise<void>;
}

/** What the SDK needs of React Native's `AsyncStorage` (`@react-native-async-storage/async-storage`). */
export interface AsyncStorageLike {
  getItem(key: string): Promise<string | null>;
  setItem(key: string, value: string): Promise<void>;
  removeItem(key: string): Promise<void>;
}

/** A port over React Native's `AsyncStorage` (or any store whose calls answer promises). */
export function createAsyncStorage(storage: AsyncStorageLike): AsyncKeyValueStorage {
  return {
    get: (key) => storage.getItem(key),
    set: (key, value) => storage.setItem(key, value),
    remove: (key) => storage.removeItem(key),
  };
}

/** The session tokens in an asynchronous store, as JSON of `{ token, refresh_token }`. */
export interface AsyncTokenStore {
  read(): Promise<TokenPair | null>;
  write(pair: TokenPair): Promise<void>;
  clear(): Promise<void>;
}

export function createAsyncTokenStore(
  storage: AsyncKeyValueStorage,
  key: string = STORAGE_KEYS.tokens,
): AsyncTokenStore {
  return {
    read: async () => parseTokenPair(await storage.get(key)),
    write: (pair) => storage.set(key, serializeTokenPair(pair)),
    clear: () => storage.remove(key),
  };
}

/** Whether a value is a token store, sync or async (rather than a raw key-value port). */
export function isTokenStore<T extends TokenStore | AsyncTokenStore>(
  value: T | KeyValueStorage | AsyncKeyValueStorage,
): value is T {
  return typeof (value as TokenStore).read === 'function';
}

/** A single text value under one key (the promo code, the agent id). */
export interface TextValueStore {
  get(): string | null;
  set(value: string): void;
  clear(): void;
}

function createTextValueStore(
  storage: KeyValueStorage,
  key: string,
  normalize: (value: string) => string | null,
): TextValueStore {
  return {
    get() {
      const value = storage.get(key);
      return value === null ? null : normalize(value);
    },
    set(value) {
      const normalized = normalize(value);
      if (normalized === null) storage.remove(key);
      else storage.set(key, normalized);
    },
    clear() {
      storage.remove(key);
    },
  };
}

/**
 * The promo code, stored under `promo-code` as a single text value, as it was given (a blank one
 * is none). A code with a space is not quietly changed: the cart and the server refuse it
 * (`promo_code_invalid`), and the merge at sign-in reports that.
 */
export function createPromoCodeStore(storage: KeyValueStorage): TextValueStore {
  return createTextValueStore(storage, STORAGE_KEYS.promoCode, (value) =>
    value.trim() === '' ? null : value,
  );
}

/** The agent id, sent with order creation and quantity changes. */
export function createAgentIdStore(storage: KeyValueStorage): TextValueStore {
  return createTextValueStore(storage, STORAGE_KEYS.agentId, (value) => {
    const parsed = agentIdSchema.safeParse(value);
    return parsed.success ? parsed.data : null;
  });
}
