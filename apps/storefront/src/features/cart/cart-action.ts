// The cart's route action (issue 29): every cart form of the shop posts here (`/cart`, `/es/cart`):
// an add button on a card or an item page, an amount, a remove, a promo code. The same action runs
// on the server for a post sent without the scripts (it answers a redirect back to the page the
// shopper was on, or draws the cart with the refusal) and here with them (a fetcher's post: it
// answers what happened, and the cart's endpoints update the cache at once, as before).
import { data, redirect, type ActionFunctionArgs } from 'react-router';
import { safeRedirectPath } from '@otc/sdk';
import { storeOf } from '../../kernel/route-context';
import { localeOfPath, localizePath, type Locale } from '../../lib/locale';
import { onServer } from '../../lib/on-server';
import { productAnchor } from '../../lib/product-links';
import { formFailure, textFields } from '../../kernel/page-form';
import { ADDED_PARAM, REORDERED_PARAM } from '../../lib/page-params';
import { refusalFailure, refusedCartAddress } from './buy-again-note';
import { cartApi, type BuyAgainRefusal } from './cart-api';

/** What a cart form asks for (its `intent` field). */
export const CART_INTENTS = ['add', 'set', 'remove', 'promo', 'promo-remove', 'buy-again'] as const;
export type CartIntent = (typeof CART_INTENTS)[number];

/** What the action answers a fetcher when the change was made. */
export interface CartDone {
  intent: CartIntent;
  productId: number | null;
}

/** What "Buy again" answers a fetcher (without the scripts the server answers a redirect). */
export interface BuyAgainDone {
  intent: 'buy-again';
  orderId: number;
  number: string;
  added: number;
  refused: BuyAgainRefusal[];
}

export function isBuyAgainDone(answer: unknown): answer is BuyAgainDone {
  return typeof answer === 'object' && answer !== null && (answer as { intent?: unknown }).intent === 'buy-again' && 'refused' in answer;
}

const FIELDS = ['intent', 'productId', 'amount', 'promoCode', 'redirectTo', 'orderId'] as const;

/** `path` with `?<name>=<value>` (any earlier one replaced), and `#<anchor>` when given. */
function withNote(path: string, name: string, value: number, anchor?: string): string {
  const url = new URL(path, 'http://shop.invalid');
  url.searchParams.set(name, String(value));
  if (anchor) url.hash = anchor;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * "Buy again" of an order (its page or the history's row): its rows go back into the cart. Without
 * the scripts, all taken: back to the page pressed, which says so (`?reordered=`); a row refused:
 * to the cart, which shows what went in and says why the rest did not (`&refused=`, codes and
 * figures: buy-again-note.ts). Always a redirect, so a reload never posts the order's rows again.
 */
async function buyAgain(store: ReturnType<typeof storeOf>, locale: Locale, fields: Partial<Record<(typeof FIELDS)[number], string>>) {
  const orderId = Number(fields.orderId);
  if (!Number.isSafeInteger(orderId) || orderId < 1) throw data(null, { status: 400, statusText: 'No order to buy again' });
  const result = await store.dispatch(cartApi.endpoints.buyAgain.initiate({ orderId, locale }));
  if (result.error) return formFailure({ intent: 'buy-again', orderId: fields.orderId ?? '' }, result.error);
  const { number, added, refused } = result.data;
  const done: BuyAgainDone = { intent: 'buy-again', orderId, number, added, refused };
  if (!onServer) return done;
  if (refused.length > 0) {
    const carried = refused.map(({ productId, error }) => ({ productId, failure: refusalFailure(error) }));
    return redirect(refusedCartAddress(localizePath('/cart', locale), orderId, carried));
  }
  const back = safeRedirectPath(fields.redirectTo);
  return redirect(withNote(back ?? localizePath('/cart', locale), REORDERED_PARAM, orderId));
}

function isIntent(value: string | undefined): value is CartIntent {
  return (CART_INTENTS as readonly string[]).includes(value ?? '');
}

export async function cartAction(args: ActionFunctionArgs) {
  const store = storeOf(args);
  const locale = localeOfPath(new URL(args.request.url).pathname);
  const fields = textFields(await args.request.formData(), FIELDS);
  const { intent } = fields;
  if (!isIntent(intent)) throw data(null, { status: 400, statusText: 'Unknown cart intent' });
  if (intent === 'buy-again') return buyAgain(store, locale, fields);
  const productId = Number(fields.productId);
  const amount = Number(fields.amount ?? '1');
  const { endpoints } = cartApi;
  const change =
    intent === 'add'
      ? store.dispatch(endpoints.addToCart.initiate({ product: { id: productId }, amount, locale }))
      : intent === 'set'
        ? store.dispatch(endpoints.setCartAmount.initiate({ productId, amount, locale }))
        : intent === 'remove'
          ? store.dispatch(endpoints.removeFromCart.initiate({ productId, locale }))
          : intent === 'promo'
            ? store.dispatch(
                endpoints.applyPromoCode.initiate({ code: fields.promoCode ?? '', locale }),
              )
            : store.dispatch(endpoints.removePromoCode.initiate({ locale }));
  const result = await change;
  if (result.error)
    return formFailure(
      { intent, productId: fields.productId ?? '', promoCode: fields.promoCode ?? '' },
      result.error,
    );
  // A page asked for afresh: back where the shopper pressed (its header now counts the item).
  if (onServer) {
    const back = safeRedirectPath(fields.redirectTo);
    if (!back) return redirect(localizePath('/cart', locale));
    if (intent !== 'add' || !Number.isInteger(productId)) return redirect(back);
    // An add from a list comes back to its card (`#product-<id>`); the item's own page at its top,
    // where the note says it.
    const ownPage = new URL(back, 'http://shop.invalid').pathname.endsWith(`/item/${productId}`);
    return redirect(withNote(back, ADDED_PARAM, productId, ownPage ? undefined : productAnchor(productId)));
  }
  return { intent, productId: Number.isInteger(productId) ? productId : null } satisfies CartDone;
}
