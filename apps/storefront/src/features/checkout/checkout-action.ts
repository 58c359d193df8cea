// The checkout's route action (issue 29): every form of `/checkout/{id}` posts here, with the
// scripts (the page submits to it: the action runs in the browser and the endpoints update the
// cache at once, as before) and without them (the server runs it for the visitor's session and
// answers 303 to the next page, or draws the page again with the refusal).
//
// What to do is decided by the order as the server has it (the facade's `open`), not by the page
// the form came from: a second press, a reload that posts again or another tab finds the order
// placed (only paid now), paid (the first payment answers again: the thank-you page) or gone.
import { data, redirect, type ActionFunctionArgs } from 'react-router';
import { isPaymentInputValid, normalizeCardNumber, type PaymentMethodCode } from '@otc/sdk';
import { draftApi } from '../../kernel/draft-api';
import { holdQuery } from '../../kernel/prefetch-query';
import { storeOf } from '../../kernel/route-context';
import type { SdkQueryError } from '../../lib/api';
import { localeOfPath, localizePath } from '../../lib/locale';
import { onServer } from '../../lib/on-server';
import { formFailure, textFields } from '../../kernel/page-form';
import { checkoutApi, type OpenedCheckout } from './checkout-api';

/** What a checkout form asks for (its `intent` field). */
export const CHECKOUT_INTENTS = ['delivery', 'address', 'pay', 'back-to-cart', 'cancel'] as const;
export type CheckoutIntent = (typeof CHECKOUT_INTENTS)[number];

/** The payment form's fields (payment-step.tsx): the method, the card on file or `new`, a typed card. */
export const PAY_FIELDS = ['payment-method', 'payment-card', 'card', 'code'] as const;
/**
 * The method the payment form's card fields were drawn for. Without the scripts, another method
 * picked there posts the fields of the one the page was drawn with (a card on file of another
 * type, or no card at all): the action asks for the right card before placing anything.
 */
export const DRAWN_METHOD_FIELD = 'payment-method-drawn';
/** The delivery step's radio (delivery-chooser.tsx). */
export const DELIVERY_FIELD = 'delivery-address';
/** A typed card, not one on file (the `payment-card` choice). */
export const NEW_CARD = 'new';
/** A card method takes a card: on file (its id) or typed (number and security code). */
export const CARD_METHODS: readonly PaymentMethodCode[] = ['trnsx', 'nationsbenefits', 'credit'];

/** The new address form's fields (delivery-chooser.tsx), as the contract's `addressInputSchema`. */
export const ADDRESS_FIELDS = ['address', 'address2', 'city', 'state', 'zip'] as const;

const FIELDS = ['intent', 'orderId', DELIVERY_FIELD, DRAWN_METHOD_FIELD, ...PAY_FIELDS, ...ADDRESS_FIELDS] as const;

/** Which try failed: placing the draft, or paying the placed order. */
export type CheckoutStage = 'place' | 'pay' | 'delivery' | 'address' | 'back-to-cart' | 'cancel';

/** What a failed post answers beside the typed values and the error. */
export interface CheckoutFailureMore {
  intent: CheckoutIntent;
  stage: CheckoutStage;
}

/** What the action answers the page in the browser when the change was made and nothing moves on. */
export interface CheckoutDone {
  intent: CheckoutIntent;
  done: true;
}

function isIntent(value: string | undefined): value is CheckoutIntent {
  return (CHECKOUT_INTENTS as readonly string[]).includes(value ?? '');
}

/** A payment form's fields as the facade's pay takes them (the API checks them with the contract). */
export function paymentChoiceOf(fields: Partial<Record<(typeof PAY_FIELDS)[number], string>>) {
  const code = (fields['payment-method'] ?? '') as PaymentMethodCode;
  const input: Record<string, string> = {};
  if (CARD_METHODS.includes(code)) {
    const onFile = fields['payment-card'];
    if (onFile && onFile !== NEW_CARD) {
      input.cardId = onFile;
    } else {
      input.card = normalizeCardNumber(fields.card ?? '');
      const typed = (fields.code ?? '').trim();
      if (typed !== '') input.code = typed;
    }
  }
  return { code, input };
}

/**
 * The catalogue code of what is wrong with a typed card number for `method` (the SDK's check), or
 * null: the payment form marks its field with it, and the action refuses with it before placing.
 */
export function cardNumberProblemCode(method: PaymentMethodCode, card: string): string | null {
  const check = isPaymentInputValid(method, { card });
  if (check.valid) return null;
  if (check.reason === 'invalidCardNumber') return 'invalid_card_number';
  if (normalizeCardNumber(card) === '') return 'enter_card_number';
  return 'card_length_16_or_19';
}

/**
 * A card method chosen without a card (on file or typed right): refused before anything is placed.
 * With the scripts the form checks this first; without them a method picked there posts without
 * the card fields, which the page draws only for the method it was drawn with.
 */
function missingCard(
  fields: Partial<Record<(typeof PAY_FIELDS)[number] | typeof DRAWN_METHOD_FIELD, string>>,
): SdkQueryError | null {
  const { code, input } = paymentChoiceOf(fields);
  if (!CARD_METHODS.includes(code)) return null;
  const drawnFor = fields[DRAWN_METHOD_FIELD];
  // A card on file chosen among the cards of the method the form was drawn for: not this one's.
  const otherMethodsCard = input.cardId !== undefined && drawnFor !== undefined && drawnFor !== code;
  if (input.cardId !== undefined && !otherMethodsCard) return null;
  const problem = otherMethodsCard ? 'enter_card_number' : cardNumberProblemCode(code, input.card ?? '');
  if (!problem) return null;
  return { status: 422, code: 'validation_failed', message: problem, fieldCodes: { card: { code: problem } } };
}

export async function checkoutAction(args: ActionFunctionArgs) {
  const store = storeOf(args);
  const address = new URL(args.request.url);
  const locale = localeOfPath(address.pathname);
  const fields = textFields(await args.request.formData(), FIELDS);
  const { intent } = fields;
  if (!isIntent(intent)) throw data(null, { status: 400, statusText: 'Unknown checkout intent' });
  const id = Number(args.params.id);
  const to = (path: string) => redirect(localizePath(path, locale));
  // What was typed, drawn again with a refusal: never the security code.
  const typed = {
    intent,
    'payment-method': fields['payment-method'] ?? '',
    'payment-card': fields['payment-card'] ?? '',
    card: fields.card ?? '',
    [DELIVERY_FIELD]: fields[DELIVERY_FIELD] ?? '',
    ...Object.fromEntries(ADDRESS_FIELDS.map((name) => [name, fields[name] ?? ''])),
  };
  const failed = (error: unknown, stage: CheckoutStage) =>
    formFailure(typed, error, { intent, stage } satisfies CheckoutFailureMore);

  if (intent === 'delivery') {
    const addressId = Number(fields[DELIVERY_FIELD]);
    // None chosen (without the scripts the step's button posts the radios as they are).
    if (!Number.isInteger(addressId) || addressId <= 0) {
      return failed(
        { status: 422, code: 'delivery_address_required', message: 'delivery_address_required' } satisfies SdkQueryError,
        'delivery',
      );
    }
    const set = await store.dispatch(checkoutApi.endpoints.setDeliveryAddress.initiate({ addressId, locale }));
    if (set.error) return failed(set.error, 'delivery');
    // Without the scripts the step's button posted the address: on to the payment step.
    if (onServer) return to(`/checkout/${id}?step=payment`);
    return { intent, done: true } satisfies CheckoutDone;
  }

  if (intent === 'address') {
    // A new address (the API checks it with the contract's schema), then delivered there. With
    // the scripts the chooser's own form adds it; this is the post sent without them.
    const input = { address: fields.address ?? '', address2: fields.address2 ?? '', city: fields.city ?? '', state: fields.state ?? '', zip: fields.zip ?? '' };
    const added = await store.dispatch(checkoutApi.endpoints.addDeliveryAddress.initiate({ input, locale }));
    if (added.error) return failed(added.error, 'address');
    const set = await store.dispatch(checkoutApi.endpoints.setDeliveryAddress.initiate({ addressId: added.data.id, locale }));
    if (set.error) return failed(set.error, 'delivery');
    if (onServer) return to(`/checkout/${id}?step=payment`);
    return { intent, done: true } satisfies CheckoutDone;
  }

  if (intent === 'back-to-cart' || intent === 'cancel') {
    const orderId = Number(fields.orderId ?? id);
    if (intent === 'back-to-cart') {
      const back = await store.dispatch(draftApi.endpoints.backToCart.initiate({ orderId, locale }));
      if (back.error) return failed(back.error, 'back-to-cart');
      return to('/cart');
    }
    const cancelled = await store.dispatch(draftApi.endpoints.cancelOrder.initiate({ orderId, locale }));
    if (cancelled.error) return failed(cancelled.error, 'cancel');
    // Placing may be tried again: the checkout drawn afresh.
    return redirect(address.pathname + address.search);
  }

  // Pay: the order as the server has it decides (in the browser the page's own cache entry).
  const open = async (fresh: boolean) =>
    (await holdQuery(
      store.dispatch(checkoutApi.endpoints.openCheckout.initiate({ id, locale }, { forceRefetch: fresh })),
    )) as OpenedCheckout;
  let opened: OpenedCheckout;
  try {
    opened = await open(false);
  } catch (error) {
    return failed(error, 'pay');
  }
  if (opened.kind === 'elsewhere') return to(`/checkout/${opened.draftId}`);
  const noCard = opened.kind === 'closed' ? null : missingCard(fields);
  if (noCard) return failed(noCard, opened.kind === 'draft' ? 'place' : 'pay');
  let orderId: number;
  if (opened.kind === 'draft') {
    const placed = await store.dispatch(
      checkoutApi.endpoints.placeOrder.initiate({ orderId: opened.draftId, locale }),
    );
    if (placed.error) {
      // Placed meanwhile by a post sent just before this one (a second press without the
      // scripts: the browser shows this answer, not the first's): pay that order, which the API
      // answers with the first payment once it is made, instead of saying placing failed.
      const now = await open(true).catch(() => null);
      const sameOrder = now && (now.kind === 'unpaid' ? now.order.id : now.kind === 'closed' ? now.orderId : null);
      if (sameOrder !== opened.draftId) return failed(placed.error, 'place');
      orderId = opened.draftId;
    } else {
      orderId = placed.data.id;
    }
  } else {
    orderId = opened.kind === 'unpaid' ? opened.order.id : opened.orderId;
  }
  const choice = paymentChoiceOf(fields);
  const paid = await store.dispatch(
    checkoutApi.endpoints.payOrder.initiate({ orderId, code: choice.code, input: choice.input, locale }),
  );
  if (paid.error) {
    // Paid or closed meanwhile (another tab, a second press): the order's own page says where it is.
    if (opened.kind === 'closed' || (paid.error as SdkQueryError).code === 'order_not_waiting_for_payment')
      return to(`/order/${orderId}`);
    // The placed order stays payable at its own address (a reload shows its payment step).
    if (onServer && orderId !== id) return to(`/checkout/${orderId}?step=payment`);
    return failed(paid.error, 'pay');
  }
  return to(`/success/${orderId}`);
}
