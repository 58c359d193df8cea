import { US_STATES } from '../constants/index.js';
import { issue, type ValidationIssue } from './messages.js';

/**
 * State of an address: "State is required" when empty or not a US postal code (compared in
 * upper case); with `deliveryStates`, a state outside the list fails with `state_not_delivered`.
 */
export function validateState(
  value: unknown,
  deliveryStates?: readonly string[] | null,
): ValidationIssue | null {
  if (typeof value !== 'string' || value.trim().length === 0) return issue('state_required');
  const code = value.trim().toUpperCase();
  if (!(US_STATES as readonly string[]).includes(code)) return issue('state_required');
  if (deliveryStates && !deliveryStates.some((s) => s.toUpperCase() === code)) {
    return issue('state_not_delivered');
  }
  return null;
}
