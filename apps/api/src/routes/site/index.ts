/**
 * /sitemap.xml: the pages worth indexing (the storefront's page table marks them: public content,
 * not sign-in, account, cart or checkout), the catalog of each category and every active item, in
 * English and under /es in Spanish, each with hreflang alternates. Items are capped so the file
 * stays within the sitemap limit of 50,000 addresses.
 */
import { INDEXABLE_STOREFRONT_PATHS } from '@otc/sdk';
import type { FastifyInstance } from 'fastify';
import { escapeMarkup } from '../../lib/markup.js';

export const SITEMAP_STATIC_PATHS: readonly string[] = INDEXABLE_STOREFRONT_PATHS;
export const SITEMAP_MAX_ITEMS = 20_000;

function entry(base: string, path: string): string {
  const en = `${base}${path}`;
  const es = `${base}/es${path === '/' ? '' : path}`;
  const links =
    `<xhtml:link rel="alternate" hreflang="en" href="${escapeMarkup(en)}"/>` +
    `<xhtml:link rel="alternate" hreflang="es" href="${escapeMarkup(es)}"/>` +
    `<xhtml:link rel="alternate" hreflang="x-default" href="${escapeMarkup(en)}"/>`;
  return `<url><loc>${escapeMarkup(en)}</loc>${links}</url><url><loc>${escapeMarkup(es)}</loc>${links}</url>`;
}

export default async function siteRoutes(app: FastifyInstance) {
  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
    // PUBLIC_URL only (required in production, localhost elsewhere): a Host header is written by
    // the client, and a sitemap built from it would point search engines anywhere.
    const base = app.config.publicUrl ?? 'http://localhost';
    const { categoryIds, productIds } = await app.services.catalog.sitemapIds(SITEMAP_MAX_ITEMS);
    const paths = [
      ...SITEMAP_STATIC_PATHS,
      ...categoryIds.map((id) => `/catalog?category=${id}`),
      ...productIds.map((id) => `/item/${id}`),
    ];
    const body =
      '<?xml version="1.0" encoding="UTF-8"?>\n' +
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">' +
      paths.map((path) => entry(base, path)).join('') +
      '</urlset>\n';
    return reply.type('application/xml').header('cache-control', 'public, max-age=3600').send(body);
  });
}
