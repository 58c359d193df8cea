/**
 * Product pictures, drawn from the product's name (in English, or in Spanish with `?lang=es`),
 * brand and category colour: a public answer
 * (plugins/app/public-answers.ts: ETag, PICTURE_CACHE_CONTROL), which a page on another origin
 * may show (`Cross-Origin-Resource-Policy: cross-origin`, pictures only).
 */
import type { FastifyInstance } from 'fastify';
import { errors } from '../../lib/errors.js';
import { productSvg } from '../../lib/product-image.js';

export default async function imageRoutes(app: FastifyInstance) {
  app.get<{ Params: { file: string }; Querystring: { lang?: string } }>(
    '/api/images/products/:file',
    {
      schema: { hide: true },
      // Counted apart from the API's requests: one catalog page shows up to 24 pictures, and the
      // people behind one address must not run out of the API's limit by looking (issue 33, item 25).
      config: { publicAnswer: 'productPicture', rateLimit: { max: app.config.pictureRateLimitPerMinute, timeWindow: '1 minute' } },
      // Helmet answers `same-origin` everywhere; a picture is public, and a web app on an allowed
      // origin (CORS_ORIGINS) shows it with an <img>. Set before any handler or kept copy answers.
      onRequest: async (_request, reply) => {
        reply.header('cross-origin-resource-policy', 'cross-origin');
      },
    },
    async (request, reply) => {
      const match = /^(\d{1,9})\.svg$/.exec(request.params.file);
      if (!match) throw errors.notFound();
      // The label in the language the answer that named the picture was in (lib/product-image.ts).
      const row = await app.services.catalog.picture(Number(match[1]), request.query.lang === 'es' ? 'es' : 'en');
      if (!row) throw errors.notFound();
      return reply.type('image/svg+xml').send(productSvg(row));
    },
  );
}
