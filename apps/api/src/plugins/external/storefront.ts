/**
 * Serves the built storefront when STOREFRONT_DIR holds an index.html: hashed /assets/* cached a
 * year (immutable), index.html never cached, and a page for every other GET outside /api and
 * /assets, whatever its `Accept` (issue 30: a request without one got 404 JSON for /catalog; a
 * page address is a page, only /api answers JSON).
 *
 * Compression: the build writes `.br` and `.gz` copies of its text files beside them; they are
 * sent (`preCompressed`, with `Vary: accept-encoding`) to clients that accept the encoding, and
 * the plain file to the others. Nothing is compressed per request.
 *
 * Production serves no source maps (`*.map`: the storefront's source, 480 KB of it) and nothing
 * under a dot folder (`.vite/manifest.json` names every source module): they answer 404 as if
 * absent. The image build moves the maps out of the public folder anyway (Dockerfile), keeping
 * them for error reporting; this refusal covers a folder that still holds them.
 *
 * Forms posted without scripts (issue 29, docs/web-session.md): with the render module, a POST to
 * a storefront address (never /api, never /assets) whose body is a urlencoded form of at most
 * FORM_BODY_LIMIT bytes is answered by the renderer (`servePost`: the route's action runs on the
 * server); any other body is 415, a larger one 413. The form is read here, in the not-found
 * fallback, from the request stream: no form parser is added to the app, so an /api route still
 * refuses a form body (415) as before.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../../lib/errors.js';
import { storefrontPageStatus } from '../../routes/site/page-status.js';
import { createPageRenderer, RenderSkipped, type FormPost, type PageRenderer } from './page-renderer.js';

/** The largest form a page takes (a form's fields: the largest, the contact form's message). */
export const FORM_BODY_LIMIT = 32 * 1024;
const FORM_TYPE = 'application/x-www-form-urlencoded';

const enabled = new WeakMap<FastifyInstance, boolean>();
const renderers = new WeakMap<FastifyInstance, PageRenderer>();

/** Whether production may serve a path of the public folder (no maps, no dot folders). */
export function servedInProduction(pathname: string): boolean {
  const path = pathname.split('?')[0] ?? '';
  if (/\.map(?:\.(?:br|gz))?$/i.test(path)) return false;
  return !path.split('/').some((segment) => segment.startsWith('.'));
}

export interface StorefrontOptions {
  root: string;
  production?: boolean;
  /** The storefront's server render module (pages arrive drawn); absent: the browser draws them. */
  render?: string | undefined;
  /** How long a rendered public page is kept (ms). */
  pageCacheMs?: number;
  /** Renders for no one (cache misses) one client may start a minute. */
  pageMissesPerClientMinute: number;
  /** PUBLIC_URL: the origin of canonical addresses (else each request's own). */
  origin?: string | undefined;
}

export default fp<StorefrontOptions>(
  async (app, options) => {
    const templatePath = path.join(options.root, 'index.html');
    const hasIndex = existsSync(templatePath);
    enabled.set(app, hasIndex);
    if (!hasIndex) {
      app.log.info({ root: options.root }, 'no built storefront: serving the API only');
      return;
    }
    const drawsPages = options.render !== undefined && existsSync(options.render);
    if (drawsPages && options.render) {
      renderers.set(
        app,
        await createPageRenderer(app, {
          modulePath: options.render,
          templatePath,
          cacheMs: options.pageCacheMs ?? 60_000,
          missesPerClientMinute: options.pageMissesPerClientMinute,
          origin: options.origin,
        }),
      );
    } else {
      app.log.info({ render: options.render }, 'no storefront render module: the browser draws the pages');
    }
    await app.register(fastifyStatic, {
      root: options.root,
      wildcard: false,
      cacheControl: false,
      // With the render, `/` is a page drawn like any other, not the bare index.html.
      index: drawsPages ? false : ['index.html'],
      preCompressed: true,
      ...(options.production ? { allowedPath: (pathname: string) => servedInProduction(pathname) } : {}),
      setHeaders(res, filePath) {
        // `filePath` is the file sent: `index.html.br` is still index.html.
        const relative = path
          .relative(options.root, filePath)
          .split(path.sep)
          .join('/')
          .replace(/\.(?:br|gz)$/, '');
        if (relative.startsWith('assets/')) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        } else if (relative.endsWith('.html')) {
          res.header('cache-control', 'no-cache');
        } else {
          res.header('cache-control', 'public, max-age=3600');
        }
      },
    });
  },
  { name: 'storefront' },
);

/**
 * The form of a page's POST, read from the request (Fastify parses no body of an unknown type on
 * a not-found route): 415 unless urlencoded (unencoded), 413 beyond FORM_BODY_LIMIT.
 */
async function readForm(request: FastifyRequest): Promise<FormPost> {
  const contentType = request.headers['content-type'] ?? '';
  const encoding = (request.headers['content-encoding'] ?? 'identity').toLowerCase();
  // A JSON or text body was parsed already (request.body): not a form either.
  if (contentType.split(';')[0]?.trim().toLowerCase() !== FORM_TYPE || encoding !== 'identity' || request.body !== undefined) {
    throw new HttpError('unsupported_media_type');
  }
  if (Number(request.headers['content-length']) > FORM_BODY_LIMIT) throw new HttpError('payload_too_large');
  const body = await new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stream = request.raw;
    const done = (error?: Error) => {
      stream.off('data', onData).off('end', onEnd).off('error', onEnd);
      if (error) reject(error);
      else resolve(Buffer.concat(chunks, size));
    };
    const onData = (chunk: Buffer | string) => {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      size += bytes.length;
      // Stop collecting at once (as Fastify's own body limit does); the rest is not read.
      if (size > FORM_BODY_LIMIT) done(new HttpError('payload_too_large'));
      else chunks.push(bytes);
    };
    const onEnd = (error?: Error) => done(error ? new HttpError('bad_request') : undefined);
    stream.on('data', onData).on('end', onEnd).on('error', onEnd);
    stream.resume();
  });
  return { body: body.toString('utf8'), contentType };
}

/** Whether a path is a storefront address (the API's and the built files' are not). */
function isPageAddress(pathname: string): boolean {
  if (pathname === '/api' || pathname.startsWith('/api/')) return false;
  return !pathname.startsWith('/assets/');
}

/** Answers index.html for an SPA path, or a form posted to one; false when the request is not one. */
export async function serveStorefrontFallback(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<boolean> {
  if (!enabled.get(app)) return false;
  const pathname = request.url.split('?')[0] ?? '/';
  if (!isPageAddress(pathname)) return false;
  const renderer = renderers.get(app);
  // A form without scripts: only the server can run its action (without the render, a 404 as before).
  if (request.method === 'POST' && renderer) {
    await renderer.servePost(request, reply, await readForm(request));
    return true;
  }
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (renderer) {
    try {
      await renderer.serve(request, reply);
      return true;
    } catch (error) {
      // The page is still served: the browser draws it from index.html.
      if (error instanceof RenderSkipped) request.log.warn({ url: request.url }, 'renders busy: serving index.html');
      else request.log.error({ err: error, url: request.url }, 'server render failed: serving index.html');
    }
  }
  reply.header('cache-control', 'no-cache');
  reply.code(await storefrontPageStatus(app, pathname));
  await reply.type('text/html').sendFile('index.html');
  return true;
}
