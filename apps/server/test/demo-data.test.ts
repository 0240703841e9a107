import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { products, vendorTransfers, vendors } from '../src/db/schema/index.ts';
import { reconcile } from '../src/modules/transfers/service.ts';
import { DEMO_SELLER_ROUTE_ACCOUNT } from '../src/seed/dataset.ts';
import { cookieHeader, loginVendor } from './support/auth.ts';
import { createTestApp } from './support/app.ts';
import type { startRazorpay } from './support/razorpay.ts';
import { transferKit } from './support/transfers.ts';
import { loadConfig } from '../src/config/index.ts';
import { demoAccountsPresent, demoNotice } from '../src/seed/demo-notice.ts';
import { DEMO_LOGINS, DEMO_PASSWORD, seed } from '../src/seed/index.ts';
import { exitWithin, freshDatabaseEnv, killHard, spawnServer, type ServerProcess } from './support/server-process.ts';
import { openTestDatabase } from './support/test-db.ts';

describe('SEED_ON_START', () => {
  it('defaults to loading the demo catalogue in development and tests, and not in production', () => {
    expect(loadConfig({}).SEED_ON_START).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development' }).SEED_ON_START).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).SEED_ON_START).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).SEED_ON_START).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', SEED_ON_START: '' }).SEED_ON_START).toBe(false);
  });

  it('is honoured when set explicitly, in production too', () => {
    expect(loadConfig({ NODE_ENV: 'production', SEED_ON_START: 'true' }).SEED_ON_START).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development', SEED_ON_START: 'false' }).SEED_ON_START).toBe(false);
    expect(() => loadConfig({ SEED_ON_START: 'yes' })).toThrow(/SEED_ON_START/);
  });
});

describe('the start-up notice about demo accounts', () => {
  it('lists the demo logins outside production', () => {
    const notice = demoNotice({ NODE_ENV: 'development' }, true);
    expect(notice?.level).toBe('info');
    expect(notice?.lines.join('\n')).toContain(`password ${DEMO_PASSWORD}`);
    for (const d of DEMO_LOGINS) expect(notice?.lines.join('\n')).toContain(d.email);
  });

  it('warns loudly in production, naming the published password and the accounts', () => {
    const notice = demoNotice({ NODE_ENV: 'production' }, true);
    expect(notice?.level).toBe('warn');
    const text = notice!.lines.join('\n');
    expect(text).toMatch(/WARNING/);
    expect(text).toContain(DEMO_PASSWORD);
    expect(text).toMatch(/published/);
    for (const d of DEMO_LOGINS) expect(text).toContain(d.email);
  });

  it('says nothing when no demo account exists', () => {
    expect(demoNotice({ NODE_ENV: 'production' }, false)).toBeNull();
    expect(demoNotice({ NODE_ENV: 'development' }, false)).toBeNull();
  });

  it('knows whether the database holds demo accounts', async () => {
    const database = await openTestDatabase();
    try {
      expect(await demoAccountsPresent(database.db)).toBe(false);
      await seed(database.db);
      expect(await demoAccountsPresent(database.db)).toBe(true);
    } finally {
      await database.close();
    }
  }, 120_000);
});

describe('a production server', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  const startProduction = async (env: Record<string, string>) => {
    const db = await freshDatabaseEnv('nirmaan-prod');
    cleanups.push(db.drop);
    // SEED_ON_START empty counts as unset: the production default applies.
    const server: ServerProcess = spawnServer({ ...db.env, NODE_ENV: 'production', SEED_ON_START: '', ...env });
    cleanups.push(() => killHard(server));
    const url = await server.up();
    return { server, url };
  };
  const demoLogin = (url: string) =>
    fetch(`${url}/fetch/userprofile`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: url },
      body: JSON.stringify({ email: DEMO_LOGINS[0]!.email, password: DEMO_PASSWORD }),
    });

  it('loads no demo accounts unless asked, and prints no demo logins', async () => {
    const { server, url } = await startProduction({});
    const refused = await demoLogin(url);
    expect(await refused.json()).toEqual({ message: 'Invalid email or password.', code: 'UNAUTHENTICATED' });
    expect(server.output()).not.toContain(DEMO_PASSWORD);
    server.child.kill('SIGTERM');
    expect((await exitWithin(server, 15_000))?.code).toBe(0);
  }, 150_000);

  it('with SEED_ON_START=true loads them and warns loudly that their password is published', async () => {
    const { server, url } = await startProduction({ SEED_ON_START: 'true' });
    const login = await demoLogin(url);
    expect(login.status).toBe(200);
    expect(((await login.json()) as { message: string }).message).toBe('Success');
    expect(server.output()).toMatch(/WARNING: NODE_ENV=production and the database holds the DEMO ACCOUNTS, whose password Demo@12345 is published/);
    server.child.kill('SIGTERM');
    expect((await exitWithin(server, 15_000))?.code).toBe(0);
  }, 150_000);
});

describe('the demo seller in development', () => {
  it('is paid into its seeded account by the development gateway, and its invoices are tax invoices', async () => {
    const t = await createTestApp({ NODE_ENV: 'development' });
    try {
      await seed(t.db);
      const k = transferKit(() => ({ t, rzp: null as unknown as Awaited<ReturnType<typeof startRazorpay>> }));
      const [seller] = await t.db.select().from(vendors).where(eq(vendors.email, 'seller@demo.nirmaan.in'));
      const shop = { id: seller!.id, headers: cookieHeader((await loginVendor(t.app, seller!.email, DEMO_PASSWORD)).token) };
      const [cement] = await t.db.select().from(products).where(eq(products.vendorId, shop.id)).limit(1);
      const me = await k.customer();
      const placed = await k.place(me, [[cement!.id, 1]]);
      const fields = await k.call(me.headers, 'POST', '/dev/razorpay/pay', { order_id: placed.payment!.razorpayOrderId });
      expect((await k.call(me.headers, 'POST', '/api/payments/razorpay/verify', fields.json())).statusCode).toBe(200);
      await k.retryNow();
      expect((await k.earnings(shop)).entries[0]).toMatchObject({ state: 'on_hold' });
      await k.deliver(shop, placed.lines[0]!.id);
      await k.retryNow();
      expect((await k.earnings(shop)).entries[0]).toMatchObject({ state: 'released' });
      expect(await reconcile(t.db, shop.id)).toMatchObject({ ok: true, problems: [] });
      expect(await t.db.select({ account: vendorTransfers.routeAccountId }).from(vendorTransfers).where(eq(vendorTransfers.vendorId, shop.id))).toEqual([{ account: DEMO_SELLER_ROUTE_ACCOUNT }]);

      const invoices = await k.call(shop.headers, 'GET', '/api/vendor/invoices');
      expect(invoices.statusCode, invoices.body).toBe(200);
      expect(invoices.json().invoices).toEqual([expect.objectContaining({ kind: 'tax_invoice' })]);
    } finally {
      await t.close();
    }
  }, 180_000);
});
