import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, bookings, commissionRates, orderLines } from '../src/db/schema/index.ts';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config/index.ts';
import { openDatabase } from '../src/db/client.ts';
import { todayInIndia } from '../src/modules/bookings/service.ts';
import { commissionPaise, percentToBps, setRate } from '../src/modules/commission/service.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { caller, loggedInCustomer, orderLine, type Who } from './support/http.ts';
import { createProduct, createVendor } from './support/factories.ts';
import { createOperator, loginOperator, opsCookie } from './support/ops.ts';
import { runCliProcess } from './support/cli.ts';
import { freshDatabaseEnv } from './support/server-process.ts';

/** Money out, step 1 (decision record 017): the platform's commission, recorded per line and booking at placement. */

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const CLI = { operatorId: null, label: 'cli:test' };
let n = 0;
const uniqueCategory = (base: string) => `${base} ${process.pid}-${(n += 1)}`;

const customer = () => loggedInCustomer(t);
const call = caller(() => t);
const post = (who: Who, url: string, payload: object) => call(who, 'POST', url, payload);
const inDays = (d: number) => {
  const x = new Date(`${todayInIndia()}T00:00:00Z`);
  x.setUTCDate(x.getUTCDate() + d);
  return x.toISOString().slice(0, 10);
};
const booking = (who: Who, vendorId: string, day: number) => ({
  Vendorid: vendorId, customerid: who.id, serviceDate: inDays(day), serviceTime: '10:00 AM',
  customer: { fullName: who.fullName, email: who.email, phone: '9876543210', alternatePhone: '' },
  address: { street: '12 Road No. 36', city: 'Hyderabad', state: 'Telangana', zip: '500033', latitude: null, longitude: null, specialInstructions: '' },
  saveAddress: false, payment: { method: 'cash' }, totalAmount: 1,
});
const linesOf = (orderId: string) => t.db.select().from(orderLines).where(eq(orderLines.orderId, orderId));

describe('commission arithmetic', () => {
  it('rounds half up per line in integer paise, and reads percentages with at most two decimals', () => {
    expect(commissionPaise(41_000, 500)).toBe(2_050);
    expect(commissionPaise(1_010, 750)).toBe(76); // 75.75 → 76
    expect(commissionPaise(1_000, 5)).toBe(1); // 0.5 → 1 (half up)
    expect(commissionPaise(999, 5)).toBe(0); // 0.4995 → 0
    expect(commissionPaise(999_999_999_999, 10_000)).toBe(999_999_999_999);
    expect(percentToBps('7.5')).toBe(750);
    expect(percentToBps('5')).toBe(500);
    expect(percentToBps('0.25')).toBe(25);
    expect(percentToBps('100')).toBe(10_000);
    for (const bad of ['100.01', '-1', '7.555', 'abc', '', '1e2']) expect(percentToBps(bad)).toBeNull();
  });
});

describe('commission at placement', () => {
  it('seeds the defaults: materials 5%, services 10%', async () => {
    const rows = await t.db.select().from(commissionRates).where(sql`${commissionRates.scopeKey} like 'default:%'`);
    expect(Object.fromEntries(rows.map((r) => [r.scopeKey, r.rateBps]))).toEqual({ 'default:materials': 500, 'default:services': 1000 });
  });

  it('records each order line under the most specific rate (vendor > category > default), on the line total only, and a later change leaves it alone', async () => {
    const me = await customer();
    const specialCategory = uniqueCategory('Cement');
    const plain = await createProduct(t.db, { price: 333, category: uniqueCategory('Sand') });
    const inCategory = await createProduct(t.db, { price: 410, category: specialCategory });
    const vendor = await createVendor(t.db, { kind: 'seller' });
    const ofVendor = await createProduct(t.db, { price: 101, vendorId: vendor.id, category: specialCategory });
    await setRate(t.db, CLI, { category: specialCategory.toUpperCase() }, 400);
    await setRate(t.db, CLI, { vendorEmail: vendor.email }, 750);

    const placed = await post(me, '/ordercart', { orders: [orderLine(me, plain.id, 3), orderLine(me, inCategory.id, 2), orderLine(me, ofVendor.id, 10)] });
    expect(placed.statusCode).toBe(201);
    const body = placed.json() as { orderId: string; deliveryFee: number; total: number };
    expect(body.deliveryFee).toBeGreaterThan(0);
    const byProduct = new Map((await linesOf(body.orderId)).map((l) => [l.productId, l]));
    // 999 × 5% = 49.95; 820 × 4% = 32.80; 1010 × 7.5% = 75.75 → 7575 paise: the fee carries none.
    expect(byProduct.get(plain.id)).toMatchObject({ commissionBps: 500, commissionPaise: 4_995 });
    expect(byProduct.get(inCategory.id)).toMatchObject({ commissionBps: 400, commissionPaise: 3_280 });
    expect(byProduct.get(ofVendor.id)).toMatchObject({ commissionBps: 750, commissionPaise: 7_575 });

    await setRate(t.db, CLI, { vendorEmail: vendor.email }, 1_200);
    await setRate(t.db, CLI, { category: specialCategory }, 100);
    const after = new Map((await linesOf(body.orderId)).map((l) => [l.productId, l]));
    expect(after.get(inCategory.id)).toMatchObject({ commissionBps: 400, commissionPaise: 3_280 });
    expect(after.get(ofVendor.id)).toMatchObject({ commissionBps: 750, commissionPaise: 7_575 });
    const again = (await post(me, '/ordercart', { orders: [orderLine(me, ofVendor.id, 1), orderLine(me, inCategory.id, 1)] })).json() as { orderId: string };
    const next = new Map((await linesOf(again.orderId)).map((l) => [l.productId, l]));
    expect(next.get(ofVendor.id)).toMatchObject({ commissionBps: 1_200, commissionPaise: 1_212 });
    expect(next.get(inCategory.id)).toMatchObject({ commissionBps: 100, commissionPaise: 410 });
  });

  it('records a booking under the services rate on the base price, not the ₹250 service charge, and keeps it after a change', async () => {
    const me = await customer();
    const trade = uniqueCategory('Electrician');
    const pro = await createVendor(t.db, { kind: 'professional', chargeAmount: 600, category: trade });
    const first = await post(me, '/api/booking', booking(me, pro.id, 2));
    expect(first.statusCode).toBe(201);
    const firstId = (first.json() as { booking: { _id: string } }).booking._id;
    expect((await t.db.select().from(bookings).where(eq(bookings.id, firstId)))[0]).toMatchObject({ commissionBps: 1_000, commissionPaise: 6_000, totalAmountPaise: 85_000 });

    await setRate(t.db, CLI, { category: trade }, 800);
    const second = (await post(me, '/api/booking', booking(me, pro.id, 3))).json() as { booking: { _id: string } };
    await setRate(t.db, CLI, { vendorEmail: pro.email }, 1_250);
    const third = (await post(me, '/api/booking', booking(me, pro.id, 4))).json() as { booking: { _id: string } };
    const rows = new Map((await t.db.select().from(bookings).where(eq(bookings.vendorId, pro.id))).map((b) => [b.id, b]));
    expect(rows.get(firstId)).toMatchObject({ commissionBps: 1_000, commissionPaise: 6_000 });
    expect(rows.get(second.booking._id)).toMatchObject({ commissionBps: 800, commissionPaise: 4_800 });
    expect(rows.get(third.booking._id)).toMatchObject({ commissionBps: 1_250, commissionPaise: 7_500 });
  });

  it('audits every change with before and after; an unknown vendor or a rate over 100% changes nothing', async () => {
    const category = uniqueCategory('Steel');
    await setRate(t.db, { operatorId: null, label: 'cli:audit' }, { category }, 300);
    await setRate(t.db, { operatorId: null, label: 'cli:audit' }, { category }, 350);
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.subjectId, `category:${category.toLowerCase()}`)).orderBy(auditLog.id);
    expect(entries.map((e) => ({ action: e.action, actor: e.actor, before: e.before, after: e.after }))).toEqual([
      { action: 'commission.set', actor: 'cli:audit', before: null, after: { rateBps: 300 } },
      { action: 'commission.set', actor: 'cli:audit', before: { rateBps: 300 }, after: { rateBps: 350 } },
    ]);
    await expect(setRate(t.db, CLI, { vendorEmail: 'nobody@vendor.example.test' }, 500)).rejects.toThrow('No vendor account has the email nobody@vendor.example.test.');
    await expect(setRate(t.db, CLI, { category }, 10_001)).rejects.toThrow('between 0% and 100%');
    expect((await t.db.select().from(commissionRates).where(eq(commissionRates.scopeKey, `category:${category.toLowerCase()}`)))[0]!.rateBps).toBe(350);
  });

  it('a rate set to what it already is writes no audit row, even when 40 such sets race from no row at all', async () => {
    const category = uniqueCategory('Glass');
    const audited = () => t.db.select().from(auditLog).where(eq(auditLog.subjectId, `category:${category.toLowerCase()}`)).orderBy(auditLog.id);
    const sets = await Promise.all(Array.from({ length: 40 }, () => setRate(t.db, CLI, { category }, 420)));
    expect(sets.filter((s) => s.changed)).toHaveLength(1);
    expect(await audited()).toHaveLength(1);
    expect(await setRate(t.db, CLI, { category }, 420)).toMatchObject({ changed: false, after: 420 });
    expect(await audited()).toHaveLength(1);
    await setRate(t.db, CLI, { category }, 430);
    expect((await audited()).map((e) => e.after)).toEqual([{ rateBps: 420 }, { rateBps: 430 }]);
  });

  it('40 racing changes of one rate leave one row holding one of them, and 40 audit entries', async () => {
    const category = uniqueCategory('Tiles');
    const rates = Array.from({ length: 40 }, (_, i) => 100 + i);
    await Promise.all(rates.map((r) => setRate(t.db, CLI, { category }, r)));
    const rows = await t.db.select().from(commissionRates).where(eq(commissionRates.scopeKey, `category:${category.toLowerCase()}`));
    expect(rows).toHaveLength(1);
    expect(rates).toContain(rows[0]!.rateBps);
    expect(await t.db.select().from(auditLog).where(eq(auditLog.subjectId, `category:${category.toLowerCase()}`))).toHaveLength(40);
  });
});

const COMMISSION_SET = 'apps/server/src/cli/commission-set.ts';

describe('npm run commission:set', () => {
  it('sets a default, a category and a vendor rate from a real child process, audited as cli:<user>; bad input changes nothing', async () => {
    const fresh = await freshDatabaseEnv('commission-set');
    try {
      let database = await openDatabase({ databaseUrl: fresh.databaseUrl, dataDir: fresh.dataDir });
      await database.migrate();
      const vendor = await createVendor(database.db, { kind: 'seller', email: 'rates@vendor.example.test' });
      await database.close(); // PGlite serves one process: the CLI needs the directory to itself.

      const def = await runCliProcess(fresh.env, COMMISSION_SET, ['--default', 'materials', '6']);
      expect(def.output).toContain('Commission default:materials is 6.00% (was 5.00%).');
      expect(def.code).toBe(0);
      const cat = await runCliProcess(fresh.env, COMMISSION_SET, ['--category', 'Cement', '4']);
      expect(cat.output).toContain('Commission category:cement is 4.00% (new).');
      const ven = await runCliProcess(fresh.env, COMMISSION_SET, ['--vendor', 'Rates@Vendor.Example.Test', '7.5']);
      expect(ven.output).toContain(`Commission vendor:${vendor.id} is 7.50% (new).`);
      expect(ven.code).toBe(0);
      const unknown = await runCliProcess(fresh.env, COMMISSION_SET, ['--vendor', 'nobody@vendor.example.test', '7']);
      expect(unknown.code).toBe(1);
      expect(unknown.output).toContain('No vendor account has the email nobody@vendor.example.test. Nothing changed.');
      for (const bad of [['--default', 'tools', '5'], ['--category', 'Cement', '101'], ['--category', 'Cement'], ['--default', 'materials', '--category', 'Sand', '3'], ['--vendor', 'not-an-email', '3']]) {
        const res = await runCliProcess(fresh.env, COMMISSION_SET, bad);
        expect(res.code, bad.join(' ')).toBe(1);
        expect(res.output).toContain('Usage: npm run commission:set');
      }

      database = await openDatabase({ databaseUrl: fresh.databaseUrl, dataDir: fresh.dataDir });
      try {
        const rates = Object.fromEntries((await database.db.select().from(commissionRates)).map((r) => [r.scopeKey, r.rateBps]));
        expect(rates).toEqual({ 'default:materials': 600, 'default:services': 1000, 'category:cement': 400, [`vendor:${vendor.id}`]: 750 });
        const audit = await database.db.select().from(auditLog).where(eq(auditLog.action, 'commission.set'));
        expect(audit).toHaveLength(3);
        for (const e of audit) expect(e.actor).toMatch(/^cli:/);
      } finally {
        await database.close();
      }
      // The console's audit log lists them, filtered by their subject type.
      database = await openDatabase({ databaseUrl: fresh.databaseUrl, dataDir: fresh.dataDir });
      const app = await buildApp({ config: loadConfig({ NODE_ENV: 'test', SEED_ON_START: 'false', WEB_DIST: '/nonexistent' }), database });
      try {
        await app.ready();
        const op = await createOperator(database.db, 'admin');
        const { token } = await loginOperator(app, op.email);
        const res = await caller(() => ({ app }))({ headers: opsCookie(token) }, 'GET', '/api/ops/audit?subjectType=commission_rate');
        expect(res.statusCode).toBe(200);
        const entries = res.json().entries as { action: string; subjectId: string; after: unknown }[];
        expect(entries.map((e) => e.subjectId).sort()).toEqual(['category:cement', 'default:materials', `vendor:${vendor.id}`].sort());
        expect(entries.find((e) => e.subjectId === 'default:materials')).toMatchObject({ action: 'commission.set', after: { rateBps: 600 } });
      } finally {
        await app.close();
        await database.close();
      }
    } finally {
      await fresh.drop();
    }
  }, 240_000);
});
