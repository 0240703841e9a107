import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { ErrorBody, VitalsBody } from '@nirmaan/shared';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

/** Buckets per vital: seconds for the timings, unitless for layout shift. */
const TIMING_BUCKETS = [0.1, 0.2, 0.5, 0.8, 1, 1.5, 2, 2.5, 3, 4, 6, 10];
const CLS_BUCKETS = [0.01, 0.02, 0.05, 0.1, 0.15, 0.25, 0.5, 1];

/**
 * The server's Prometheus metrics, in a registry of the app's own (tests build several apps): request
 * durations per route, the response cache's hits and misses, open sockets, and the field web vitals.
 */
export class Metrics {
  readonly registry = new Registry();
  readonly requestDuration = new Histogram({
    name: 'http_request_duration_seconds', help: 'Time to answer, by route pattern', labelNames: ['method', 'route', 'status_code'],
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5], registers: [this.registry],
  });
  readonly cache = new Counter({ name: 'response_cache_lookups_total', help: 'Response cache lookups by result', labelNames: ['result'], registers: [this.registry] });
  readonly sockets = new Gauge({ name: 'realtime_sockets', help: 'Open realtime (socket.io) connections of this process', registers: [this.registry] });
  private readonly vitals = {
    timing: new Histogram({ name: 'web_vitals_seconds', help: 'LCP, INP, TTFB and FCP from real visits, by route', labelNames: ['name', 'route'], buckets: TIMING_BUCKETS, registers: [this.registry] }),
    cls: new Histogram({ name: 'web_vitals_cls', help: 'Cumulative layout shift from real visits, by route', labelNames: ['route'], buckets: CLS_BUCKETS, registers: [this.registry] }),
  };

  constructor() {
    collectDefaultMetrics({ register: this.registry });
  }

  recordVitals(body: VitalsBody) {
    for (const m of body.metrics) {
      if (m.name === 'CLS') this.vitals.cls.observe({ route: m.route }, m.value);
      else this.vitals.timing.observe({ name: m.name, route: m.route }, m.value / 1000);
    }
  }
}

const routeOf = (req: FastifyRequest) => req.routeOptions.url ?? 'unmatched';

function tokenMatches(header: string | undefined, token: string) {
  const given = Buffer.from(header?.startsWith('Bearer ') ? header.slice(7) : '');
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

export function registerMetrics(app: FastifyInstance) {
  const metrics = new Metrics();
  app.decorate('metrics', metrics);

  app.addHook('onResponse', async (req, reply) => {
    metrics.requestDuration.observe({ method: req.method, route: routeOf(req), status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
    const cache = reply.getHeader('x-cache');
    if (cache === 'hit' || cache === 'miss') metrics.cache.inc({ result: cache });
  });

  app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
    const token = app.config.METRICS_TOKEN;
    if (!token) return reply.status(404).send({ message: `No such address: GET /metrics`, code: 'NOT_FOUND' } satisfies ErrorBody);
    if (!tokenMatches(req.headers.authorization, token)) {
      return reply.status(401).header('www-authenticate', 'Bearer').send({ message: 'A metrics token is needed.', code: 'UNAUTHENTICATED' } satisfies ErrorBody);
    }
    return reply.header('cache-control', 'no-store').type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
}
