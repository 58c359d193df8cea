/**
 * OpenAPI 3.1 generated from the contract's zod schemas (every registered route carries them) at
 * /api/openapi.json, with Swagger UI at /api/docs. The zod -> JSON Schema conversion and what
 * the document adds (named components, error answers, servers, operationIds of the probes) are
 * in openapi-document.ts; test/openapi.test.ts lints it with Redocly and compiles a client
 * generated from it with openapi-typescript.
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { CONTRACT_VERSION } from '@otc/sdk/contract';
import fp from 'fastify-plugin';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { OPENAPI_SCHEMAS, finishDocument, openapiOverride, type DocumentOptions } from './openapi-document.js';

export default fp<DocumentOptions>(
  async (app, given) => {
    const options: DocumentOptions = { publicUrl: app.config?.publicUrl, version: CONTRACT_VERSION, ...given };
    const config = { schemaRegistry: OPENAPI_SCHEMAS, zodToJsonConfig: { override: openapiOverride as never } };
    const transform = createJsonSchemaTransform(config);
    const componentsOf = createJsonSchemaTransformObject(config);
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Benefit shop API',
          description:
            'Bilingual shop for health-plan benefit items. Generated from the @otc/sdk contract. Answers are in English or Spanish by `Accept-Language`; errors are `{ message, code }` (`Error`), a 422 adds `data` and `fields`.',
          version: options.version ?? CONTRACT_VERSION,
        },
        components: {
          securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        },
      },
      transform,
      transformObject: (document) =>
        finishDocument(componentsOf(document) as Record<string, unknown>, options),
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs' });
    app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  },
  { name: 'swagger' },
);
