/**
 * Security headers. The CSP fits the built storefront and the Swagger UI (same origin only):
 * scripts only from the shop's own files, never inline (the storefront's index.html has none
 * but a JSON data block, which browsers do not run). With session recording configured
 * (production and SESSION_RECORDING_SITE_ID, the SDK's `sessionRecordingConfigured`), and only
 * then, the recorder's host is added to script-src, connect-src and img-src
 * (`SESSION_RECORDING_CSP`). HSTS only in production (a development server on http://localhost
 * must not pin the browser to https). No header names the server or its version (Fastify sends
 * none; `x-powered-by` is never set).
 */
import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';
import { SESSION_RECORDING_CSP } from '@otc/sdk/rules';

export interface HelmetOptions {
  production: boolean;
  /** Session recording is configured: open the CSP to its host. */
  sessionRecording: boolean;
}

export default fp<HelmetOptions>(
  async (app, options) => {
    const recorder = (directive: keyof typeof SESSION_RECORDING_CSP) =>
      options.sessionRecording ? [...SESSION_RECORDING_CSP[directive]] : [];
    await app.register(helmet, {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", ...recorder('script-src')],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', ...recorder('img-src')],
          connectSrc: ["'self'", ...recorder('connect-src')],
          fontSrc: ["'self'", 'data:'],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          upgradeInsecureRequests: null,
        },
      },
      crossOriginEmbedderPolicy: false,
      strictTransportSecurity: options.production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      hidePoweredBy: true,
    });
  },
  { name: 'helmet' },
);
