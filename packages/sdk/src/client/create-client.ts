import {
  addressEndpoints,
  authEndpoints,
  cardEndpoints,
  catalogEndpoints,
  contactEndpoints,
  customerEndpoints,
  emailEndpoints,
  favoriteEndpoints,
  orderEndpoints,
  phoneEndpoints,
  productRequestEndpoints,
  searchEndpoints,
  settingsEndpoints,
} from '../endpoints/index.js';
import {
  createClientCore,
  type AuthMode,
  type ClientCore,
  type ClientOptions,
  type SessionClientOptions,
  type TokensClientOptions,
} from './core.js';

function withEndpoints<M extends AuthMode>(core: ClientCore<M>) {
  return {
    ...core,
    auth: authEndpoints(core),
    customer: customerEndpoints(core),
    emails: emailEndpoints(core),
    phones: phoneEndpoints(core),
    addresses: addressEndpoints(core),
    cards: cardEndpoints(core),
    catalog: catalogEndpoints(core),
    search: searchEndpoints(core),
    orders: orderEndpoints(core),
    favorites: favoriteEndpoints(core),
    contact: contactEndpoints(core),
    productRequests: productRequestEndpoints(core),
    settings: settingsEndpoints(core),
  };
}

/**
 * The shop's client: `call` for any contract row, plus friendly functions per resource. Its type
 * follows `authMode`: a tokens-mode client's sign-ins answer a `TokenPair`, a session-mode
 * client's a `WebSession`.
 */
export function createClient(options: SessionClientOptions): Client<'session'>;
export function createClient(options: TokensClientOptions): Client<'tokens'>;
export function createClient(options: ClientOptions): Client;
export function createClient(options: ClientOptions): Client {
  return withEndpoints(createClientCore(options));
}

/**
 * The client of a mode (`Client<'tokens'>`, `Client<'session'>`); plain `Client` is either, its
 * sign-ins answering `TokenPair | WebSession`.
 */
export type Client<M extends AuthMode = AuthMode> = ReturnType<typeof withEndpoints<M>>;
