import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

export async function registerOpenApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Nirmaan API', version: '1.0.0', description: 'Marketplace for construction professionals and materials.' },
      components: {
        securitySchemes: {
          sessionCookie: { type: 'apiKey', in: 'cookie', name: 'nirmaan_session', description: "A customer's session" },
          vendorSession: { type: 'apiKey', in: 'cookie', name: 'nirmaan_session', description: "A vendor's session" },
          opsSession: { type: 'apiKey', in: 'cookie', name: 'nirmaan_ops', description: "An operator's console session (scopes: the roles allowed)" },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}
