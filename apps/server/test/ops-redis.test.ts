import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { createProduct, createVendor } from './support/factories.ts';
import { createOperator, loginOperator, opsCookie } from './support/ops.ts';
import { startTwoServers, twoServersPossible } from './support/two-servers.ts';

/**
 * A suspension reaches every server's cache: two apps on one PostgreSQL database and one Redis, each with its own
 * response cache, as two processes would be. Needs both (CI's PostgreSQL + Redis pass).
 */

describe.skipIf(!twoServersPossible)('suspending a vendor across two servers through Redis', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c().catch(() => undefined);
  });

  it('evicts the other server’s cached profile, lists and product page at once', async () => {
    const [a, b] = await startTwoServers('nirmaan-ops-redis', cleanups);
    const pro = await createVendor(a.db, { kind: 'professional', category: 'Plumber' });
    const seller = await createVendor(a.db, { kind: 'seller' });
    const product = await createProduct(a.db, { vendorId: seller.id });
    const op = await createOperator(a.db, 'support');
    const headers = opsCookie((await loginOperator(a.app, op.email)).token);

    const read = async (app: FastifyInstance) => {
      const profile = await app.inject({ method: 'GET', url: `/profesionaldetails/${pro.id}` });
      const page = await app.inject({ method: 'GET', url: `/product/${product.id}` });
      const list = await app.inject({ method: 'GET', url: '/fetch/services?category=Plumber' });
      return { profile: profile.statusCode, product: page.statusCode, listed: list.body.includes(pro.id), cached: profile.headers['x-cache'] === 'hit' && page.headers['x-cache'] === 'hit' };
    };
    await read(b.app);
    expect(await read(b.app)).toEqual({ profile: 200, product: 200, listed: true, cached: true });

    for (const v of [pro, seller]) expect((await a.app.inject({ method: 'POST', url: `/api/ops/vendors/${v.id}/suspend`, headers, payload: { reason: 'Under review' } })).statusCode).toBe(200);
    // The eviction is published before the answer is sent; the other server receives it within milliseconds.
    const deadline = Date.now() + 2_000;
    let seen = await read(b.app);
    while (seen.profile !== 404 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20));
      seen = await read(b.app);
    }
    expect(seen).toEqual({ profile: 404, product: 404, listed: false, cached: false });
  }, 120_000);
});
