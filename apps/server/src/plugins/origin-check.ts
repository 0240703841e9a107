import type { FastifyInstance, FastifyRequest } from 'fastify';
import cors from '@fastify/cors';
import type { ErrorBody } from '@nirmaan/shared';
import { ourOrigins } from '../lib/origin.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Writes must come from our own pages: the Origin of an unsafe request must be ours (PUBLIC_URL or the Host
 * it was sent to) or one listed in CORS_ORIGINS, else 403 before the body is read. Requests without an
 * Origin (API clients, webhooks) pass unless the browser marks them cross-site. CORS_ORIGINS also get
 * credentialed CORS answers, so a page on another origin of ours can use the API.
 */
export async function registerOriginCheck(app: FastifyInstance) {
  const { CORS_ORIGINS } = app.config;
  const isOurOrigin = ourOrigins(app.config);
  const isOurs = (req: FastifyRequest, origin: string) => isOurOrigin(origin, { protocol: req.protocol, host: req.host });

  if (CORS_ORIGINS.length > 0) {
    await app.register(cors, { origin: CORS_ORIGINS, credentials: true, methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] });
  }

  app.addHook('onRequest', async (req, reply) => {
    if (SAFE_METHODS.has(req.method)) return;
    const origin = req.headers.origin;
    const foreign = origin === undefined ? req.headers['sec-fetch-site'] === 'cross-site' : !isOurs(req, origin);
    if (!foreign) return;
    return reply.status(403).send({ message: 'This request came from another website and was refused.', code: 'FORBIDDEN' } satisfies ErrorBody);
  });
}
