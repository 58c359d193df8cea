/**
 * Request body limits per contract route (bytes). Small by default: every body of the contract
 * but a few fits in a few kilobytes even at its schema's maxima (texts of 3-byte characters).
 * Larger only where the schema allows it: a cart's rows (1000 rows of the largest ids and
 * amounts are about 45 KB) and the two forms with long texts (a 4000-character message or a
 * 2000-character description and link, about 15 KB). A larger body is refused with 413 before it
 * is parsed (by its Content-Length, or as it streams in).
 */
import type { RouteName } from '@otc/sdk/contract';

export const DEFAULT_BODY_LIMIT = 16 * 1024;

export const BODY_LIMITS: Partial<Record<RouteName, number>> = {
  setItems: 64 * 1024,
  mergeIntoDraft: 64 * 1024,
  sendContactMessage: 32 * 1024,
  requestProduct: 32 * 1024,
};

export function bodyLimitOf(name: RouteName): number {
  return BODY_LIMITS[name] ?? DEFAULT_BODY_LIMIT;
}
