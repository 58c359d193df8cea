// The favourite hearts' route action (the item page's, `/item/{id}`): the heart of a product card
// or of the item page posts here. Without the scripts the server sets the favourite and answers
// 303 back to the page pressed, at the product's card (`#product-<id>`), drawn with the heart's new
// state; a refusal draws the item page with why. With the scripts the heart calls its endpoint
// at once and posts nothing.
import { data, redirect, type ActionFunctionArgs } from 'react-router';
import { safeRedirectPath } from '@otc/sdk';
import { formFailure, textFields, type FormFailure } from '../../kernel/page-form';
import { storeOf } from '../../kernel/route-context';
import { localeOfPath, localizePath } from '../../lib/locale';
import { onServer } from '../../lib/on-server';
import { productAnchor } from '../../lib/product-links';
import { catalogApi } from './catalog-api';

/** The heart's post: its `intent`. */
export const FAVORITE_INTENT = 'favorite';

/** What the action answers when it is done (with the scripts) or refused. */
export interface FavoriteDone {
  intent: typeof FAVORITE_INTENT;
  productId: number;
  favorite: boolean;
}

/** The action's answer: done, or refused with why. */
export type FavoriteAnswer = FavoriteDone | (FormFailure & { intent: typeof FAVORITE_INTENT; productId: number });

export function isFavoriteAnswer(answer: unknown): answer is FavoriteAnswer {
  return typeof answer === 'object' && answer !== null && (answer as { intent?: unknown }).intent === FAVORITE_INTENT;
}

export async function favoriteAction(args: ActionFunctionArgs) {
  const locale = localeOfPath(new URL(args.request.url).pathname);
  const fields = textFields(await args.request.formData(), ['intent', 'favorite', 'redirectTo']);
  const productId = Number(args.params.id);
  if (fields.intent !== FAVORITE_INTENT || !Number.isSafeInteger(productId)) {
    throw data(null, { status: 400, statusText: 'Unknown item intent' });
  }
  const favorite = fields.favorite === 'true';
  const result = await storeOf(args).dispatch(catalogApi.endpoints.setFavorite.initiate({ id: productId, favorite }));
  if (result.error) {
    return formFailure({ favorite: String(favorite) }, result.error, { intent: FAVORITE_INTENT, productId });
  }
  if (onServer) {
    const back = safeRedirectPath(fields.redirectTo) ?? localizePath(`/item/${productId}`, locale);
    const url = new URL(back, 'http://shop.invalid');
    url.hash = productAnchor(productId);
    return redirect(`${url.pathname}${url.search}${url.hash}`);
  }
  return { intent: FAVORITE_INTENT, productId, favorite } satisfies FavoriteDone;
}
