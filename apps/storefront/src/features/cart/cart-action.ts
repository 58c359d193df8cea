// The cart's route action (issue 29): every cart form of the shop posts here (`/cart`, `/es/cart`):
// an add button on a card or an item page, an amount, a remove, a promo code. The same action runs
// on the server for a post sent without the scripts (it answers a redirect back to the page the
// shopper was on, or draws the cart with the refusal) and here with them (a fetcher's post: it
// answers what happened, and the cart's endpoints update the cache at once, as before).
import { data, redirect, type ActionFunctionArgs } from 'react-router';
import { safeRedirectPath } from '@otc/sdk';
import { storeOf } from '../../kernel/route-context';
import { localeOfPath, localizePath } from '../../lib/locale';
import { onServer } from '../../lib/on-server';
import { formFailure, textFields } from '../../kernel/page-form';
import { ADDED_PARAM } from '../../lib/page-params';
import { cartApi } from './cart-api';

/** What a cart form asks for (its `intent` field). */
export const CART_INTENTS = ['add', 'set', 'remove', 'promo', 'promo-remove'] as const;
export type CartIntent = (typeof CART_INTENTS)[number];

/** What the action answers a fetcher when the change was made. */
export interface CartDone {
  intent: CartIntent;
  productId: number | null;
}

const FIELDS = ['intent', 'productId', 'amount', 'promoCode', 'redirectTo'] as const;


/** `path` with `?added=<productId>` (any earlier one replaced). */
function withAdded(path: string, productId: number): string {
  const url = new URL(path, 'http://shop.invalid');
  url.searchParams.set(ADDED_PARAM, String(productId));
  return `${url.pathname}${url.search}${url.hash}`;
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
    return redirect(intent === 'add' && Number.isInteger(productId) ? withAdded(back, productId) : back);
  }
  return { intent, productId: Number.isInteger(productId) ? productId : null } satisfies CartDone;
}
