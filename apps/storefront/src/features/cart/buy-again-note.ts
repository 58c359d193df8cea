// "Buy again" posted without the scripts, its refusals carried in the address of the cart it leads
// to (POST, redirect, GET): the cart says what was not added and why, and a reload of that page
// asks for the page again instead of posting the order's rows into the cart a second time.
// The address carries codes and figures only: the names come from the member's own order, and a
// crafted link can make the cart say nothing but the catalogue's sentences.
import { isErrorCode } from '@otc/sdk';
import type { FieldFailure, SdkQueryError } from '../../lib/api';
import { callFailure } from '../../lib/form-messages';
import { REFUSED_PARAM, REORDERED_PARAM } from '../../lib/page-params';

/** A refused row as the address carries it: the product and the catalogue's code with its figures. */
export interface CarriedRefusal {
  productId: number;
  failure: FieldFailure;
}

/** More rows than an order can have are not read (a crafted address). */
const MOST_ROWS = 100;
const PARAM_NAME = /^[a-z]\w{0,15}$/i;
/** A figure, an amount of money or a date: never words. */
const PARAM_VALUE = /^[\d$.,:%/-]{1,24}$/;

/** Why the cart refused a row, as a catalogue code: the amount's reason (a stock, a limit), else the call's. */
export function refusalFailure(error: SdkQueryError): FieldFailure {
  return error.fieldCodes?.amount ?? callFailure(error) ?? { code: 'unknown_error' };
}

/** One refusal as one value of the address's `refused` parameter: `<product id> <code> [name=value…]`. */
function refusalValue({ productId, failure }: CarriedRefusal): string {
  const params = Object.entries(failure.params ?? {})
    .filter(([name, value]) => PARAM_NAME.test(name) && PARAM_VALUE.test(String(value)))
    .map(([name, value]) => `${name}=${value}`);
  return [String(productId), failure.code, ...params].join(' ');
}

/** The cart's address after a Buy again that refused rows: `?reordered=<order id>&refused=…`. */
export function refusedCartAddress(cartPath: string, orderId: number, refused: readonly CarriedRefusal[]): string {
  const params = new URLSearchParams({ [REORDERED_PARAM]: String(orderId) });
  for (const refusal of refused.slice(0, MOST_ROWS)) params.append(REFUSED_PARAM, refusalValue(refusal));
  return `${cartPath}?${params}`;
}

/** A figure as a number (so it reads as the API's did), anything else as it came. */
function paramValue(value: string): string | number {
  return /^\d{1,9}$/.test(value) ? Number(value) : value;
}

/**
 * The Buy again an address says refused rows (`?reordered=<order id>&refused=…`), or null: the
 * order and its refusals, anything that is not a product id and a catalogue code left out.
 */
export function refusedInAddress(search: URLSearchParams): { orderId: number; refused: CarriedRefusal[] } | null {
  const orderId = Number(search.get(REORDERED_PARAM));
  if (!Number.isSafeInteger(orderId) || orderId < 1) return null;
  const refused: CarriedRefusal[] = [];
  for (const value of search.getAll(REFUSED_PARAM).slice(0, MOST_ROWS)) {
    const [id = '', code = '', ...pairs] = value.split(' ');
    const productId = Number(id);
    if (!/^\d{1,12}$/.test(id) || productId < 1 || !isErrorCode(code)) continue;
    if (refused.some((row) => row.productId === productId)) continue;
    const params: Record<string, string | number> = {};
    for (const pair of pairs) {
      const at = pair.indexOf('=');
      const name = pair.slice(0, at);
      const figure = pair.slice(at + 1);
      if (at > 0 && PARAM_NAME.test(name) && PARAM_VALUE.test(figure)) params[name] = paramValue(figure);
    }
    refused.push({ productId, failure: Object.keys(params).length > 0 ? { code, params } : { code } });
  }
  return refused.length > 0 ? { orderId, refused } : null;
}
