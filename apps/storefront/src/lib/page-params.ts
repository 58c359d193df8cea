// The query parameters a page of the shop reads: every one, whatever the page. Anything else in an
// address changes nothing the server draws, so the page cache's key and the canonical address
// leave it out (issue 32: junk parameters made every request a cache miss). A page that starts
// reading a new parameter adds it here; page-params.test.ts fails until it does.

/** Every query parameter some page reads (catalog filters, sign-in steps, links from e-mails). */
export const PAGE_PARAMS: ReadonlySet<string> = new Set([
  // The catalog and search (features/catalog/catalog-params.ts, the coverage plan).
  'q',
  'category',
  'brand',
  'plan',
  'coverage',
  'coveragePlan',
  'priceMin',
  'priceMax',
  'sort',
  'page',
  // Where a sign-in or a step leads, and what it starts with.
  'redirect',
  'continue',
  'changed',
  'login',
  'fields',
  'step',
  'name',
  // Links from e-mails and partners.
  'token',
  'basket',
  'personalcode',
  'agentId',
  'address',
  // A page's own step or note: the order's cancel confirmation, the add just made without scripts,
  // a Buy again's refusals, a support message or product request just sent.
  'cancel',
  'added',
  'quantity',
  'reordered',
  'refused',
  'remove',
  'sent',
  'requested',
  'done',
]);

/**
 * The page address's parameter naming the product just added by a post sent without the scripts:
 * the page drawn after the redirect says it was added (the cart's AddedToCartNotice).
 */
export const ADDED_PARAM = 'added';

/**
 * The amount chosen on an item page before adding it, as its stepper's GET sets it before or
 * without the scripts (`?quantity=3`); the add takes it, and it is not carried on after.
 */
export const QUANTITY_PARAM = 'quantity';

/** The order whose items "Buy again" just put in the cart without the scripts (`?reordered=<order id>`). */
export const REORDERED_PARAM = 'reordered';

/**
 * A row of that order the cart refused, and why (`&refused=<product id> <code> [name=value…]`, one
 * per row): the cart the post led to says it, and a reload of it posts nothing again.
 */
export const REFUSED_PARAM = 'refused';

/**
 * What a form posted without the scripts just did on an account page, so the page the redirect
 * leads to says it: the form's intent, and the row it changed (`?done=add-address:12`).
 */
export const DONE_PARAM = 'done';

/** The value of {@link DONE_PARAM}: the intent, and the row it changed when there is one. */
export function doneValue(intent: string, id?: number): string {
  return id === undefined ? intent : `${intent}:${id}`;
}

/** The page at `pathname` saying what a post without the scripts did (`/account/addresses?done=add-address:12`). */
export function donePath(pathname: string, intent: string, id?: number): string {
  return `${pathname}?${new URLSearchParams({ [DONE_PARAM]: doneValue(intent, id) })}`;
}

/** The intent (one of `intents`) and the row id of {@link DONE_PARAM}, or null. */
export function doneParam<I extends string>(search: URLSearchParams, intents: readonly I[]): { intent: I; id: number | null } | null {
  const [intent, id] = (search.get(DONE_PARAM) ?? '').split(':');
  const known = intents.find((candidate) => candidate === intent);
  if (!known) return null;
  const row = /^\d{1,12}$/.test(id ?? '') ? Number(id) : null;
  return { intent: known, id: row };
}

/** The reference of the contact message just sent (`/contacts?sent=C-2026-000123`): the page thanks with it. */
export const SENT_PARAM = 'sent';

/** The number of the product request just sent (`/request-new-product?requested=R-2026-000045`). */
export const REQUESTED_PARAM = 'requested';

/**
 * A support reference in the address (`C-2026-000123`, `R-2026-000045`), or null: letters, figures
 * and dashes only, so a crafted link cannot make the page say words of its own.
 */
export function referenceParam(search: URLSearchParams, name: string): string | null {
  const value = search.get(name);
  return value && /^[A-Z]{1,4}-[0-9A-Z-]{1,24}$/.test(value) ? value : null;
}

/**
 * The row a Remove button without the scripts asks about (`/cart?remove=<product id>`,
 * `/account/addresses?remove=<address id>`): the page draws its confirmation step.
 */
export const REMOVE_STEP_PARAM = 'remove';

/**
 * The address's query without the page's own one-time parameters (the last add's `added`, the
 * amount chosen before an add): what its links and GET forms carry on, so the note is not said
 * again on the next page.
 */
export function withoutPageNotes(search: string | URLSearchParams): URLSearchParams {
  const params = new URLSearchParams(search);
  params.delete(ADDED_PARAM);
  params.delete(QUANTITY_PARAM);
  params.delete(REORDERED_PARAM);
  params.delete(REFUSED_PARAM);
  params.delete(SENT_PARAM);
  params.delete(DONE_PARAM);
  params.delete(REQUESTED_PARAM);
  params.delete(REMOVE_STEP_PARAM);
  return params;
}

/** {@link withoutPageNotes} as an address's query: `?a=1&b=2`, or nothing. */
export function queryWithoutPageNotes(search: string | URLSearchParams): string {
  const text = withoutPageNotes(search).toString();
  return text ? `?${text}` : '';
}

/** Parameters that only carry something into this browser; never part of a page's canonical address. */
export const LINK_ONLY_PARAMS: ReadonlySet<string> = new Set(['personalcode', 'agentId', 'added', 'reordered', 'refused', 'sent', 'requested', 'done', 'remove']);

/**
 * Parameters that are the secret of whoever holds the link (an e-mail's one-click token): a page
 * drawn with one is theirs alone, never kept by the server's page cache or a shared cache (the
 * token would sit in memory and in nginx's cache, and the page would not show the link used).
 */
export const SECRET_LINK_PARAMS: ReadonlySet<string> = new Set(['token']);

/** Whether `address` (a request's path and query) carries a link's secret. */
export function carriesSecretLink(address: string): boolean {
  const at = address.indexOf('?');
  if (at < 0) return false;
  return [...new URLSearchParams(address.slice(at)).keys()].some((name) => SECRET_LINK_PARAMS.has(name));
}

/**
 * `search` (with or without its `?`) with only the parameters pages read, sorted by name (a
 * name's values keep their order): the same page under one address. `?` included when any are left.
 */
export function knownSearch(search: string, leaveOut: ReadonlySet<string> = new Set()): string {
  const kept = [...new URLSearchParams(search)].filter(([name]) => PAGE_PARAMS.has(name) && !leaveOut.has(name));
  kept.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const query = new URLSearchParams(kept).toString();
  return query ? `?${query}` : '';
}

/**
 * The address the server draws a page for no one with, and keeps it under: its path and the
 * parameters pages read, sorted. `address` is a request's path and query.
 */
export function pageCacheAddress(address: string): string {
  const at = address.indexOf('?');
  return at < 0 ? address : `${address.slice(0, at)}${knownSearch(address.slice(at))}`;
}
