import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorBody, ZVitalsBody } from '@nirmaan/shared';
import { errorResponses } from '../lib/http-schemas.ts';

/** Beacons per network a minute: a page view sends one. */
const VITALS_PER_MINUTE = 30;

export const telemetryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/api/vitals', {
    schema: {
      tags: ['system'],
      summary: 'Core Web Vitals of one page view, measured in the browser (field data for /metrics)',
      body: ZVitalsBody,
      response: { 204: z.undefined(), 429: ZErrorBody, ...errorResponses },
    },
  }, async (req, reply) => {
    await app.limiter.take(`vitals:${req.ip}`, {
      limit: VITALS_PER_MINUTE, minutes: 1, message: () => 'Too many measurements from your network. Please slow down.',
    });
    app.metrics.recordVitals(req.body);
    return reply.status(204).send(undefined);
  });
};
