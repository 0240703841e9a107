import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZErrorBody, ZHealth } from '@nirmaan/shared';
import { AppError } from '../lib/errors.ts';
import { pingDatabase } from '../modules/system/service.ts';

export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/healthz', {
    schema: { tags: ['system'], summary: 'Liveness with a database round trip', response: { 200: ZHealth, 503: ZErrorBody } },
  }, async () => {
    try {
      await pingDatabase(app.db);
    } catch (err) {
      app.log.error({ err }, 'health check: database unreachable');
      throw new AppError('UNAVAILABLE', 'The database is not reachable.');
    }
    return { status: 'ok' as const, database: 'ok' as const };
  });

  app.get('/api/ping', {
    schema: { tags: ['system'], summary: 'No I/O; for load balancers and benchmarks', response: { 200: z.object({ pong: z.literal(true) }) } },
  }, async () => ({ pong: true as const }));
};
