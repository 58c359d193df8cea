import { validateState } from '../validation/validate-state.js';

/**
 * Whether the shop delivers to an address: there is one, and its state is one of the settings'
 * `deliveryStates` (compared in upper case, as the API's `validateState` does, so the checkout
 * gate, the delivery chooser and the server's `complete` agree). With no list yet (settings not
 * loaded) only the state's shape is checked: the server checks the list again when placing.
 */
export function isDeliverable(
  address: { state: string } | null | undefined,
  deliveryStates: readonly string[] | null | undefined,
): boolean {
  if (!address) return false;
  return validateState(address.state, deliveryStates ?? null) === null;
}
