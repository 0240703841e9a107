import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app.ts';
import { createProduct } from './support/factories.ts';

/** Field measurement: web vitals in, Prometheus metrics out, closed without a token. */

const TOKEN = 'metrics-token-0123456789';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN: TOKEN });
});
afterAll(() => t.close());

const scrape = () => t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
const vitals = (payload: unknown, ip = '203.0.113.50') => t.app.inject({ method: 'POST', url: '/api/vitals', payload: payload as object, remoteAddress: ip });

describe('GET /metrics', () => {
  it('is closed without the token, and 404 when no token is configured', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer wrong-token-0123456789' } })).statusCode).toBe(401);
    const closed = await createTestApp();
    try {
      expect((await closed.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).statusCode).toBe(404);
    } finally {
      await closed.close();
    }
  });

  it('counts request durations per route pattern and the cache’s hits and misses', async () => {
    const product = await createProduct(t.db);
    await t.app.inject({ method: 'GET', url: `/product/${product.id}` });
    await t.app.inject({ method: 'GET', url: `/product/${product.id}` });
    const text = (await scrape()).body;
    expect(text).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/product\/:id",status_code="200"\} 2/);
    expect(text).toMatch(/response_cache_lookups_total\{result="hit"\} 1/);
    expect(text).toMatch(/response_cache_lookups_total\{result="miss"\} 1/);
    expect(text).toContain('realtime_sockets');
  });
});

describe('POST /api/vitals', () => {
  it('records a page view’s vitals by route', async () => {
    const res = await vitals({ metrics: [{ name: 'LCP', value: 1800, route: '/product/:id' }, { name: 'CLS', value: 0.01, route: '/product/:id' }] });
    expect(res.statusCode).toBe(204);
    const text = (await scrape()).body;
    expect(text).toMatch(/web_vitals_seconds_bucket\{le="2",name="LCP",route="\/product\/:id"\} 1/);
    expect(text).toMatch(/web_vitals_cls_bucket\{le="0\.01",route="\/product\/:id"\} 1/);
  });

  it('refuses unknown routes, names and absurd values, so labels stay few', async () => {
    expect((await vitals({ metrics: [{ name: 'LCP', value: 10, route: '/product/123' }] })).statusCode).toBe(400);
    expect((await vitals({ metrics: [{ name: 'XYZ', value: 10, route: '/' }] })).statusCode).toBe(400);
    expect((await vitals({ metrics: [{ name: 'LCP', value: -1, route: '/' }] })).statusCode).toBe(400);
    expect((await vitals({ metrics: [] })).statusCode).toBe(400);
  });

  it('is limited to 30 beacons a minute per network', async () => {
    const ip = '203.0.113.51';
    const body = { metrics: [{ name: 'TTFB', value: 120, route: '/' }] };
    const results = await Promise.all(Array.from({ length: 40 }, () => vitals(body, ip)));
    expect(results.filter((r) => r.statusCode === 204)).toHaveLength(30);
    expect(results.filter((r) => r.statusCode === 429)).toHaveLength(10);
  });
});
