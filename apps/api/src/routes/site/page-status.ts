/**
 * The HTTP status of a storefront address, from the storefront's own page table (the SDK's
 * `STOREFRONT_PAGES`, the one the router mounts): 404 when no page matches, when an id that must
 * be digits is not, and when the item of /item/{id} does not exist. The storefront still draws its
 * 404 page from the same index.html; only the status differs, so crawlers and tools see the truth.
 */
import { matchStorefrontPath } from '@otc/sdk';
import type { FastifyInstance } from 'fastify';

const MAX_ID = 2_147_483_647;

export async function storefrontPageStatus(app: FastifyInstance, pathname: string): Promise<200 | 404> {
  const match = matchStorefrontPath(pathname);
  if (!match || !match.idValid) return 404;
  if (match.page.name === 'item') {
    const id = Number(match.id);
    if (!Number.isSafeInteger(id) || id < 1 || id > MAX_ID) return 404;
    // The product's picture row exists exactly when the product does (inactive ones included:
    // their page still opens and says so).
    return (await app.services.catalog.picture(id)) ? 200 : 404;
  }
  return 200;
}
