// The storefront's page table, ONCE: the storefront mounts these paths (at `/` in English and
// under `/es` in Spanish, with its own titles and page modules), and the API uses the same list to
// answer 404 for an address no page matches and to build the sitemap.

export interface StorefrontPage {
  /** Unique name; the storefront keys its page modules by it. */
  name: string;
  /** Path without the locale prefix and without a leading slash; `''` is the home page. */
  path: string;
  /** The `:id` segment must be digits, otherwise the page is a 404. */
  digitsId?: boolean;
  /** A visitor without a session is sent to /login. */
  auth?: boolean;
  /** A signed-in customer is sent on (sign-in and sign-up pages). */
  guestOnly?: boolean;
  /** Listed in the sitemap (public content worth indexing; pages with an id are listed by the API per id). */
  indexable?: boolean;
}

export const STOREFRONT_PAGES = [
  { name: 'home', path: '', indexable: true },
  { name: 'about-us', path: 'about-us', indexable: true },
  { name: 'terms-of-use', path: 'terms-of-use', indexable: true },
  { name: 'privacy-policy', path: 'privacy-policy', indexable: true },
  { name: 'return-policy', path: 'return-policy', indexable: true },
  { name: 'accessibility', path: 'accessibility', indexable: true },
  { name: 'contacts', path: 'contacts', indexable: true },
  { name: 'items-eligibility', path: 'docs/items-eligibility', indexable: true },
  { name: 'catalog', path: 'catalog', indexable: true },
  { name: 'item', path: 'item/:id', digitsId: true },
  { name: 'cart', path: 'cart' },
  { name: 'checkout', path: 'checkout/:id', auth: true, digitsId: true },
  { name: 'success', path: 'success/:id', auth: true, digitsId: true },
  { name: 'order-delivery', path: 'order/delivery', auth: true },
  { name: 'order', path: 'order/:id', auth: true, digitsId: true },
  { name: 'account', path: 'account', auth: true },
  { name: 'account-addresses', path: 'account/addresses', auth: true },
  { name: 'account-complete', path: 'account/complete', auth: true },
  { name: 'account-favorites', path: 'account/favorites', auth: true },
  { name: 'account-orders', path: 'account/orders', auth: true },
  { name: 'account-payment-methods', path: 'account/payment-methods', auth: true },
  { name: 'account-security', path: 'account/security', auth: true },
  { name: 'account-basket', path: 'account/basket', auth: true },
  { name: 'balance-check', path: 'balance-check', indexable: true },
  { name: 'request-new-product', path: 'request-new-product', auth: true },
  { name: 'login', path: 'login', guestOnly: true },
  { name: 'login-password', path: 'login/password', guestOnly: true },
  { name: 'login-phone', path: 'login/phone', guestOnly: true },
  { name: 'login-recovery', path: 'login-recovery' },
  { name: 'sign-up', path: 'sign-up', guestOnly: true },
  { name: 'logout', path: 'logout' },
  { name: 'reminders-unsubscribe', path: 'reminders/unsubscribe' },
  { name: 'account-undo', path: 'account/undo' },
] as const satisfies readonly StorefrontPage[];

export type StorefrontPageName = (typeof STOREFRONT_PAGES)[number]['name'];

/** The Spanish pages live under this prefix; English has none. */
export const STOREFRONT_SPANISH_PREFIX = '/es';

/** Public pages listed in the sitemap, as paths with a leading slash ('/' for home). */
export const INDEXABLE_STOREFRONT_PATHS: readonly string[] = STOREFRONT_PAGES.filter(
  (page: StorefrontPage) => page.indexable === true,
).map((page) => `/${page.path}`);

export interface StorefrontPathMatch {
  page: StorefrontPage;
  locale: 'en' | 'es';
  /** The `:id` segment, when the page has one. */
  id?: string;
  /** False when the page wants digits and the id is not all digits (the page is a 404). */
  idValid: boolean;
}

function segmentsOf(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '');
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * Which page an address opens, matched the way the storefront's router does (static segments
 * first, letters in any case, a trailing slash ignored); null when none does (a 404).
 * `matchStorefrontPath('/es/item/12')` -> the item page, locale es, id "12", idValid true.
 */
export function matchStorefrontPath(pathname: string): StorefrontPathMatch | null {
  let segments = segmentsOf(pathname).map(decode);
  let locale: 'en' | 'es' = 'en';
  if (segments[0]?.toLowerCase() === STOREFRONT_SPANISH_PREFIX.slice(1)) {
    locale = 'es';
    segments = segments.slice(1);
  }
  let dynamic: StorefrontPathMatch | null = null;
  for (const page of STOREFRONT_PAGES as readonly StorefrontPage[]) {
    const pattern = segmentsOf(page.path);
    if (pattern.length !== segments.length) continue;
    let id: string | undefined;
    const matches = pattern.every((part, index) => {
      const segment = segments[index] ?? '';
      if (part === ':id') {
        id = segment;
        return true;
      }
      return part.toLowerCase() === segment.toLowerCase();
    });
    if (!matches) continue;
    const found = { page, locale, id, idValid: !page.digitsId || /^\d+$/.test(id ?? '') };
    if (id === undefined) return found;
    dynamic ??= found;
  }
  return dynamic;
}
