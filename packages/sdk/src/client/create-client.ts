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
import { createClientCore, type ClientOptions } from './core.js';

/** The shop's client: `call` for any contract row, plus friendly functions per resource. */
export function createClient(options: ClientOptions) {
  const core = createClientCore(options);
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

export type Client = ReturnType<typeof createClient>;
