import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config/index.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { createProduct, createVendor } from './support/factories.ts';
import { createOperator, loginOperator, opsCookie } from './support/ops.ts';
import { freshDatabaseEnv } from './support/server-process.ts';

/**
 * A suspension reaches every server's cache: two apps on one PostgreSQL database and one Redis, each with its own
 * response cache, as two processes would be. Needs both (CI's PostgreSQL + Redis pass).
 */
const enabled = Boolean(process.env.REDIS_URL && process.env.DATABASE_URL);

describe.skipIf(!enabled)('suspending a vendor across two servers through Redis', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c().catch(() => undefined);
  });

  it('evicts the other server’s cached profile, lists and product page at once', async () => {
    const fresh = await freshDatabaseEnv('nirmaan-ops-redis');
    cleanups.push(() => fresh.drop());
    const prefix = `nirmaan-ops-${randomBytes(4).toString('hex')}:`;
    const start = async () => {
      const database: Database = await openDatabase({ databaseUrl: fresh.databaseUrl! });
      await database.migrate();
      const config = loadConfig({ NODE_ENV: 'test', SEED_ON_START: 'false', WEB_DIST: '/nonexistent', REDIS_URL: process.env.REDIS_URL!, REDIS_PREFIX: prefix });
      const app = await buildApp({ config, database });
      await app.ready();
      cleanups.push(async () => { await app.close(); await database.close(); });
      return { app, db: database.db };
    };
    const a = await start();
    const b = await start();
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
