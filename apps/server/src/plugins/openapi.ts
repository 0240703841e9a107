import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { ZErrorBody } from '@nirmaan/shared';

/** Declared on every route so the documented error shape is the one sent. */
export const errorResponses = { 400: ZErrorBody, 404: ZErrorBody, 500: ZErrorBody } as const;

export async function registerOpenApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Nirmaan API', version: '1.0.0', description: 'Marketplace for construction professionals and materials.' },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}
