import { ORDER_PROGRESS_STEPS, ORDER_STATUS } from '../constants/index.js';

export type ProgressStepName = (typeof ORDER_PROGRESS_STEPS)[number];
export type ProgressStepState = 'done' | 'current' | 'upcoming';

export interface OrderProgress {
  /** The five steps in order: payment and verification, confirmed, packaging, shipped, delivered. */
  steps: { name: ProgressStepName; state: ProgressStepState }[];
  /** Index of the current step; -1 when none is (cancelled, returned, delivered or unknown). */
  currentIndex: number;
  /** Set when the order left the normal flow. */
  ended: 'cancelled' | 'returned' | null;
}

const STEP_OF_STATUS = new Map<number, number>([
  [ORDER_STATUS.draft, 0],
  [ORDER_STATUS.waitingForPayment, 0],
  [ORDER_STATUS.paymentVerification, 0],
  [ORDER_STATUS.confirmed, 1],
  [ORDER_STATUS.packaging, 2],
  [ORDER_STATUS.shipped, 3],
]);

function build(doneBefore: number, current: number): OrderProgress['steps'] {
  return ORDER_PROGRESS_STEPS.map((name, index) => ({
    name,
    state: index < doneBefore ? 'done' : index === current ? 'current' : 'upcoming',
  }));
}

/**
 * Progress steps of a placed order. The step matching the status is current and the earlier
 * ones are done: draft, waitingForPayment and paymentVerification are at "payment and
 * verification"; confirmed, packaging and shipped at their own step. Delivered marks every step
 * done; returned too (the order was delivered first), with `ended: 'returned'`. Cancelled and
 * unknown codes mark none done (`ended: 'cancelled'` for cancelled).
 */
export function orderProgress(code: number): OrderProgress {
  const all = ORDER_PROGRESS_STEPS.length;
  if (code === ORDER_STATUS.delivered)
    return { steps: build(all, -1), currentIndex: -1, ended: null };
  if (code === ORDER_STATUS.returned)
    return { steps: build(all, -1), currentIndex: -1, ended: 'returned' };
  if (code === ORDER_STATUS.cancelled)
    return { steps: build(0, -1), currentIndex: -1, ended: 'cancelled' };
  const current = STEP_OF_STATUS.get(code);
  if (current === undefined) return { steps: build(0, -1), currentIndex: -1, ended: null };
  return { steps: build(current, current), currentIndex: current, ended: null };
}
