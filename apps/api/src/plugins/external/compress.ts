/**
 * Compression of the API's JSON answers (catalog pages, OpenAPI document) for clients that
 * accept br or gzip, from 1 KB: smaller answers cost more in headers and CPU than they save.
 *
 * Only /api routes, product pictures excepted: @fastify/compress would otherwise compress every
 * type mime-db calls compressible (its `customTypes` adds types, it cannot narrow them). The
 * storefront's files are precompressed at build time and sent as they are. Requests are not
 * decompressed.
 */
import compress, { type FastifyCompressOptions } from '@fastify/compress';
import fp from 'fastify-plugin';

/** Answers below this many bytes are sent as they are. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

const routeOptions: FastifyCompressOptions = {
  encodings: ['br', 'gzip'],
  threshold: COMPRESS_THRESHOLD_BYTES,
};

/** The routes that answer JSON: the API, but not its pictures. */
export function compressesRoute(url: string): boolean {
  return url.startsWith('/api/') && !url.startsWith('/api/images/');
}

export default fp(
  async (app) => {
    // Added before @fastify/compress's own onRoute hook, so it runs first and opts routes in.
    app.addHook('onRoute', (route) => {
      if (route.compress === undefined && compressesRoute(route.url)) {
        route.compress = routeOptions;
      }
    });
    await app.register(compress, { global: false, globalDecompression: false, ...routeOptions });
  },
  { name: 'compress' },
);
