/**
 * Route ids of checkout, item, order and success are digits only (spec section 5): "12" yes,
 * "12a", "-1", "1.5", " 12", "" no. A number counts when it is a non-negative safe integer.
 */
export function isValidRouteId(id: unknown): boolean {
  if (typeof id === 'number') return Number.isSafeInteger(id) && id >= 0;
  return typeof id === 'string' && /^[0-9]+$/.test(id);
}
