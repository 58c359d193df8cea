import { DEFAULT_MINIMUM_ORDER } from '../constants/index.js';
import type { Money } from '../schemas/common.js';
import { cartIssues, type IssueRow } from './cart-issues.js';
import { isDeliverable } from './is-deliverable.js';
import { checkMinimumOrder } from './meets-minimum-order.js';
import { missingProfileFields } from './missing-profile-fields.js';

export const CHECKOUT_STEPS = ['products', 'delivery', 'payment'] as const;
export type CheckoutStep = (typeof CHECKOUT_STEPS)[number];

/** What the step gate needs of the shop's settings (`GET /api/constants` fits). */
export interface CheckoutSettings {
  minimumOrder: Money;
  deliveryStates: readonly string[];
  requiredProfileFields: readonly string[];
}

/** Whether each step of checkout may be entered, by the SDK's rules. */
export interface CheckoutGate {
  /** Some row has a bad reason code ("Please resolve issues in your order list before continue"). */
  hasIssues: boolean;
  /** No rows, or the items subtotal is under the settings' minimum order. */
  belowMinimum: boolean;
  /** The settings' minimum order (what `minimum_order`'s `{qty}` shows). */
  minimumOrder: Money;
  /** No delivery address, or one outside the settings' delivery states. */
  needsDelivery: boolean;
  /** Required profile fields the customer has not filled (empty when complete or unknown). */
  profileMissing: string[];
  /** The furthest step the draft allows. */
  furthestStep: CheckoutStep;
}

/** What the gate reads of a draft (an `OrderDraft` fits). */
export interface CheckoutGateDraft {
  rows: readonly IssueRow[];
  totals: { subtotal: Money };
  deliveryAddress: { state: string } | null;
}

/**
 * The step gate of a draft, by the same rules the API's `complete` applies: rows with a bad
 * reason code and a subtotal under the settings' minimum keep it at products; an address the shop
 * does not deliver to (`isDeliverable`) keeps it at delivery. The subtotal is compared, as the
 * server does. Until the settings are loaded the minimum is the shop's default
 * (`DEFAULT_MINIMUM_ORDER`) and only the address's shape is checked; the server decides at place.
 *
 * `profileMissing` does not hold a step back: a missing profile field is filled on its own page
 * (`profileCompletionPath`), which comes back to checkout; the server refuses to place without it
 * (`profile_incomplete`).
 */
export function checkoutGate(
  draft: CheckoutGateDraft,
  settings: CheckoutSettings | undefined,
  customer?: Readonly<Record<string, unknown>> | null,
): CheckoutGate {
  const hasIssues = cartIssues(draft.rows).blocked;
  const minimum = checkMinimumOrder(
    draft.totals.subtotal,
    settings?.minimumOrder ?? DEFAULT_MINIMUM_ORDER,
  );
  const belowMinimum = draft.rows.length === 0 || !minimum.ok;
  const needsDelivery = !isDeliverable(draft.deliveryAddress, settings?.deliveryStates);
  // Unknown customer or settings: nothing to report yet (not "everything missing").
  const profileMissing =
    customer && settings ? missingProfileFields(customer, settings.requiredProfileFields) : [];
  const furthestStep: CheckoutStep =
    hasIssues || belowMinimum ? 'products' : needsDelivery ? 'delivery' : 'payment';
  return {
    hasIssues,
    belowMinimum,
    minimumOrder: minimum.minimum,
    needsDelivery,
    profileMissing,
    furthestStep,
  };
}

/**
 * The step asked for (the `step` query parameter), or the furthest the gate allows when it is
 * ahead. Anything that is not a step name means the first step.
 */
export function allowedCheckoutStep(
  wanted: string | null | undefined,
  gate: Pick<CheckoutGate, 'furthestStep'>,
): CheckoutStep {
  const asked = (CHECKOUT_STEPS as readonly string[]).includes(wanted ?? '')
    ? (wanted as CheckoutStep)
    : 'products';
  const limit = gate.furthestStep;
  return CHECKOUT_STEPS.indexOf(asked) <= CHECKOUT_STEPS.indexOf(limit) ? asked : limit;
}
