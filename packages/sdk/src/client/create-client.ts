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

/**
 * The shop's client of a mode (`Client<'tokens'>`, `Client<'session'>`): the core (`call`, the
 * session) and friendly functions per resource. Plain `Client` is either mode, its sign-ins
 * answering `TokenPair | WebSession`.
 */
export interface Client<M extends AuthMode = AuthMode> extends ClientCore<M> {
  /** Sign-in (answers typed per mode), sign-up, recovery, sessions, recent proof. */
  auth: ReturnType<typeof authEndpoints<M>>;
  customer: ReturnType<typeof customerEndpoints>;
  emails: ReturnType<typeof emailEndpoints>;
  phones: ReturnType<typeof phoneEndpoints>;
  addresses: ReturnType<typeof addressEndpoints>;
  cards: ReturnType<typeof cardEndpoints>;
  catalog: ReturnType<typeof catalogEndpoints>;
  search: ReturnType<typeof searchEndpoints>;
  orders: ReturnType<typeof orderEndpoints>;
  favorites: ReturnType<typeof favoriteEndpoints>;
  contact: ReturnType<typeof contactEndpoints>;
  productRequests: ReturnType<typeof productRequestEndpoints>;
  settings: ReturnType<typeof settingsEndpoints>;
}

function withEndpoints<M extends AuthMode>(core: ClientCore<M>): Client<M> {
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
 * Creates the shop's client: `call` for any contract row, plus friendly functions per resource.
 * Its type follows `authMode`: a tokens-mode client's sign-ins answer a `TokenPair`, a
 * session-mode client's a `WebSession`.
 */
export function createClient(options: SessionClientOptions): Client<'session'>;
export function createClient(options: TokensClientOptions): Client<'tokens'>;
export function createClient(options: ClientOptions): Client;
export function createClient(options: ClientOptions): Client {
  return withEndpoints(createClientCore(options));
}
