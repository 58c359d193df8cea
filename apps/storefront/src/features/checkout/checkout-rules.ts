// The rules of the checkout steps, as pure functions over the draft and the settings (the SDK's
// rules underneath), so the page and its tests agree on when a step may be entered.
import { cartIssues, meetsMinimumOrder, type OrderDraft } from '@otc/sdk';

export const CHECKOUT_STEPS = ['products', 'delivery', 'payment'] as const;
export type CheckoutStep = (typeof CHECKOUT_STEPS)[number];

export interface StepGate {
  /** Some row has a bad reason code: "Please resolve issues in your order list before continue". */
  hasIssues: boolean;
  /** The items subtotal is under the minimum order. */
  belowMinimum: boolean;
  /** No delivery address in one of the shop's delivery states. */
  needsDelivery: boolean;
}

export function stepGate(
  draft: Pick<OrderDraft, 'rows' | 'totals' | 'deliveryAddress'>,
  settings: { minimumOrder: string; deliveryStates: readonly string[] } | undefined,
): StepGate {
  const hasIssues = cartIssues(draft.rows).blocked;
  const belowMinimum =
    draft.rows.length === 0 ||
    !meetsMinimumOrder(draft.totals.subtotal, settings?.minimumOrder ?? '25.00').ok;
  const address = draft.deliveryAddress;
  const needsDelivery =
    !address || (settings ? !settings.deliveryStates.includes(address.state) : false);
  return { hasIssues, belowMinimum, needsDelivery };
}

/** The furthest step the draft allows: products until it is orderable, delivery until an address. */
export function furthestStep(gate: StepGate): CheckoutStep {
  if (gate.hasIssues || gate.belowMinimum) return 'products';
  if (gate.needsDelivery) return 'delivery';
  return 'payment';
}

/** The step asked for (the `step` query parameter), or the furthest allowed when it is ahead. */
export function allowedStep(wanted: string | null, gate: StepGate): CheckoutStep {
  const asked = (CHECKOUT_STEPS as readonly string[]).includes(wanted ?? '')
    ? (wanted as CheckoutStep)
    : 'products';
  const limit = furthestStep(gate);
  return CHECKOUT_STEPS.indexOf(asked) <= CHECKOUT_STEPS.indexOf(limit) ? asked : limit;
}
