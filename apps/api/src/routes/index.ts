/**
 * Every resource module's handlers, keyed by contract route name. Phase 2 adds its modules here
 * (orders, favorites, addresses, cards, contact, product requests, balance check, catalog, search,
 * e-mails, phones).
 */
import { mergeHandlers } from '../lib/contract-routes.js';
import accountUndo from './account-undo/index.js';
import addresses from './addresses/index.js';
import auth from './auth/index.js';
import cards from './cards/index.js';
import customer from './customer/index.js';
import dev from './dev/index.js';
import emails from './emails/index.js';
import orders from './orders/index.js';
import phones from './phones/index.js';
import reminders from './reminders/index.js';
import catalog from './catalog/index.js';
import favorites from './favorites/index.js';
import search from './search/index.js';
import settings from './settings/index.js';
import support from './support/index.js';

export const handlers = mergeHandlers([
  auth,
  customer,
  settings,
  dev,
  orders,
  emails,
  phones,
  addresses,
  cards,
  support,
  catalog,
  search,
  favorites,
  reminders,
  accountUndo,
]);
