import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { verify } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import { CITIES, MATERIAL_CATEGORIES, SERVICE_CATEGORIES, SERVICE_SUB_CATEGORY_FILTERS, paiseToRupees, priceBandOf } from '@nirmaan/shared';
import { IMAGES_DIR } from '../src/app.ts';
import type { Database } from '../src/db/client.ts';
import { gstinError, panError } from '@nirmaan/shared';
import { auditLog, commissionRates, customers, operators, professionalCalendars, productQuantityBreaks, productReviews, products, projects, vendorPayoutAccounts, vendorReviews, vendors } from '../src/db/schema/index.ts';
import { activatedRouteAccount } from '../src/modules/payouts/service.ts';
import { findPincode, sellersServing } from '../src/modules/delivery/service.ts';
import { DEMO_LOGINS, DEMO_PASSWORD, seed, seedIfEmpty } from '../src/seed/index.ts';
import { SEED_BASE_DATE } from '../src/seed/random.ts';
import { categoryImage } from '../src/seed/images.ts';
import { createCustomer } from './support/factories.ts';
import { openTestDatabase } from './support/test-db.ts';

let database: Database;
const db = () => database.db;

beforeAll(async () => {
  database = await openTestDatabase();
  expect(await seedIfEmpty(db())).toBe(true);
});
afterAll(() => database.close());

const allVendors = () => db().select().from(vendors);
/** The stored paise (decision record 030) read back as the rupees the catalogue prices in. */
const rupeesOf = (paise: number | null) => (paise === null ? null : paiseToRupees(paise));
const allProducts = async () => (await db().select().from(products)).map((p) => ({ ...p, price: paiseToRupees(p.pricePaise), mrp: rupeesOf(p.mrpPaise) }));
const professionals = async () => (await db().select().from(vendors).where(eq(vendors.kind, 'professional'))).map((v) => ({ ...v, chargeAmount: rupeesOf(v.chargeAmountPaise) }));

describe('seedIfEmpty', () => {
  it('does nothing on a database that has been seeded', async () => {
    expect(await seedIfEmpty(db())).toBe(false);
  });
});

describe('the demo catalogue', () => {
  it('is big enough to browse: 300+ products, 40+ vendors of both kinds', async () => {
    const vs = await allVendors();
    expect((await allProducts()).length).toBeGreaterThanOrEqual(300);
    expect(vs.length).toBeGreaterThanOrEqual(40);
    expect(vs.filter((v) => v.kind === 'seller').length).toBeGreaterThanOrEqual(15);
    expect(vs.filter((v) => v.kind === 'professional').length).toBeGreaterThanOrEqual(30);
    expect(new Set(vs.map((v) => v.city))).toEqual(new Set(CITIES));
  });

  it('has products in every material category, and Cement, Steel and Bricks in all four cities', async () => {
    const rows = await allProducts();
    for (const c of MATERIAL_CATEGORIES) expect(rows.some((p) => p.category === c.name), c.name).toBe(true);
    for (const c of ['Cement', 'Steel', 'Bricks']) {
      expect(new Set(rows.filter((p) => p.category === c).map((p) => p.location)), c).toEqual(new Set(CITIES));
    }
  });

  it('has a professional for every service trade, and for every sub-category filter', async () => {
    const pros = await professionals();
    for (const c of SERVICE_CATEGORIES) expect(pros.some((v) => v.category === c.name), c.name).toBe(true);
    for (const word of SERVICE_SUB_CATEGORY_FILTERS.filter((f) => f !== 'All')) {
      expect(pros.some((v) => v.subCategories.includes(word)), word).toBe(true);
    }
    const plumbers = pros.filter((v) => v.category === 'Plumber' || v.subCategories.includes('Plumber'));
    expect(plumbers.length).toBeGreaterThanOrEqual(8); // two pages of six on the default services page
    expect(new Set(pros.map((v) => priceBandOf(v.chargeAmount ?? 0)))).toEqual(new Set(['low', 'medium', 'high']));
    expect(pros.filter((v) => v.profileImage === null).length).toBeGreaterThan(0);
  });

  it('prices products believably, in whole rupees, with a real MRP on about half', async () => {
    const rows = await allProducts();
    const cement = rows.filter((p) => p.category === 'Cement');
    expect(cement.every((p) => p.price >= 350 && p.price <= 480 && p.unit === 'bag')).toBe(true);
    expect(rows.filter((p) => p.category === 'Steel' && p.unit === 'tonne').every((p) => p.price >= 55_000 && p.price <= 75_000)).toBe(true);
    expect(rows.every((p) => Number.isInteger(p.price) && p.price > 0)).toBe(true);
    const withMrp = rows.filter((p) => p.mrp !== null);
    expect(withMrp.every((p) => (p.mrp ?? 0) > p.price)).toBe(true);
    expect(withMrp.length / rows.length).toBeGreaterThan(0.3);
    expect(withMrp.length / rows.length).toBeLessThan(0.7);
    expect(rows.every((p) => p.images.length >= 1 && p.images.length <= 4)).toBe(true);
    expect(rows.some((p) => p.tag !== null)).toBe(true);
  });

  it('finds products by brand, as the header search does', async () => {
    const hits = await db().select().from(products)
      .where(sql`lower(${products.name} || ' ' || coalesce(${products.brand}, '')) like '%ultratech%'`);
    expect(hits.map((p) => p.name)).toContain('UltraTech OPC 53 Grade Cement');
  });

  it('gives every professional 3 to 6 projects from the last two years', async () => {
    const pros = await professionals();
    const rows = await db().select().from(projects);
    const twoYearsBefore = SEED_BASE_DATE.getTime() - 731 * 86_400_000;
    for (const v of pros) {
      const mine = rows.filter((p) => p.vendorId === v.id);
      expect(mine.length, v.businessName).toBeGreaterThanOrEqual(3);
      expect(mine.length, v.businessName).toBeLessThanOrEqual(6);
      expect(mine.every((p) => p.createdAt.getTime() >= twoYearsBefore && p.createdAt <= SEED_BASE_DATE)).toBe(true);
    }
  });

  it('has reviews on most products and professionals, and a few with none yet', async () => {
    const [prods, pros, pReviews, vReviews] = await Promise.all([
      allProducts(), professionals(), db().select().from(productReviews), db().select().from(vendorReviews),
    ]);
    const reviewedProducts = new Set(pReviews.map((r) => r.productId));
    const reviewedVendors = new Set(vReviews.map((r) => r.vendorId));
    const unreviewedProducts = prods.filter((p) => !reviewedProducts.has(p.id)).length;
    const unreviewedPros = pros.filter((v) => !reviewedVendors.has(v.id)).length;
    expect(unreviewedProducts).toBeGreaterThan(0);
    expect(unreviewedProducts).toBeLessThan(prods.length / 4);
    expect(unreviewedPros).toBeGreaterThan(0);
    expect(unreviewedPros).toBeLessThan(pros.length / 4);
    const people = new Map((await db().select().from(customers)).map((c) => [c.id, c.fullName]));
    for (const r of [...pReviews, ...vReviews]) {
      expect(r.rating).toBeGreaterThanOrEqual(1);
      expect(r.rating).toBeLessThanOrEqual(5);
      expect(people.get(r.customerId ?? '')).toBe(r.customerName);
      expect(r.createdAt <= SEED_BASE_DATE).toBe(true);
    }
    expect(new Set(pReviews.map((r) => r.rating))).toEqual(new Set([1, 2, 3, 4, 5]));
  });
});

describe('demo accounts', () => {
  it('lists the demo logins (customer, sellers, professional, admin, support and finance operators), each with the password Demo@12345', async () => {
    expect(DEMO_LOGINS.map((d) => d.email)).toEqual([
      'asha@demo.nirmaan.in', 'seller@demo.nirmaan.in', 'golconda@demo.nirmaan.in', 'kakatiya@demo.nirmaan.in', 'pro@demo.nirmaan.in',
      'engineer@demo.nirmaan.in', 'ops@demo.nirmaan.in', 'support@demo.nirmaan.in', 'finance@demo.nirmaan.in',
    ]);
    const [finance] = await db().select().from(operators).where(eq(operators.email, 'finance@demo.nirmaan.in'));
    expect(finance?.role).toBe('finance');
    expect(await verify(finance?.passwordHash ?? '', DEMO_PASSWORD)).toBe(true);
    const [operator] = await db().select().from(operators).where(eq(operators.email, 'ops@demo.nirmaan.in'));
    expect(operator?.role).toBe('admin');
    expect(await verify(operator?.passwordHash ?? '', DEMO_PASSWORD)).toBe(true);
    const [support] = await db().select().from(operators).where(eq(operators.email, 'support@demo.nirmaan.in'));
    expect(support?.role).toBe('support');
    expect(await verify(support?.passwordHash ?? '', DEMO_PASSWORD)).toBe(true);
    const [asha] = await db().select().from(customers).where(eq(customers.email, 'asha@demo.nirmaan.in'));
    expect(asha).toMatchObject({ fullName: 'Asha Reddy', location: 'Hyderabad' });
    expect(asha?.phone).toBeTruthy();
    expect(await verify(asha?.passwordHash ?? '', DEMO_PASSWORD)).toBe(true);
    const vs = await allVendors();
    for (const email of ['seller@demo.nirmaan.in', 'golconda@demo.nirmaan.in', 'kakatiya@demo.nirmaan.in', 'pro@demo.nirmaan.in', 'engineer@demo.nirmaan.in']) {
      const v = vs.find((x) => x.email === email);
      expect(v, email).toBeDefined();
      expect(await verify(v?.passwordHash ?? '', DEMO_PASSWORD)).toBe(true);
    }
    expect(vs.every((v) => v.passwordHash !== null)).toBe(true);
    expect((await db().select().from(customers)).every((c) => c.passwordHash !== null)).toBe(true);
  });

  it('makes the demo civil engineer a Hyderabad professional with ₹500 site visits and multi-day jobs', async () => {
    const engineer = (await allVendors()).find((v) => v.email === 'engineer@demo.nirmaan.in');
    expect(engineer).toMatchObject({ kind: 'professional', category: 'Civil Engineer', city: 'Hyderabad' });
    const [calendar] = await db().select().from(professionalCalendars).where(eq(professionalCalendars.vendorId, engineer!.id));
    expect(calendar).toMatchObject({ visitFeePaise: 50_000, multiDay: { pricePerDayPaise: 300_000, maxDays: 10, dayStart: '09:00', dayEnd: '16:00' } });
  });

  it('makes the demo seller a Hyderabad shop selling Cement and Steel', async () => {
    const [seller] = await db().select().from(vendors).where(eq(vendors.email, 'seller@demo.nirmaan.in'));
    expect(seller).toMatchObject({ kind: 'seller', city: 'Hyderabad' });
    const mine = await db().select().from(products).where(eq(products.vendorId, seller?.id ?? ''));
    expect(new Set(mine.map((p) => p.category))).toEqual(new Set(['Cement', 'Steel']));
  });

  it('prices the demo seller’s cement lower from 100 and from 500 bags, each below the price before it', async () => {
    const [seller] = await db().select().from(vendors).where(eq(vendors.email, 'seller@demo.nirmaan.in'));
    const cement = (await db().select().from(products).where(eq(products.vendorId, seller!.id))).filter((p) => p.category === 'Cement');
    expect(cement.length).toBeGreaterThan(0);
    for (const p of cement) {
      const breaks = await db().select().from(productQuantityBreaks).where(eq(productQuantityBreaks.productId, p.id)).orderBy(productQuantityBreaks.minQuantity);
      expect(breaks.map((b) => b.minQuantity)).toEqual([100, 500]);
      expect(breaks[0]!.pricePaise).toBeLessThan(p.pricePaise);
      expect(breaks[1]!.pricePaise).toBeLessThan(breaks[0]!.pricePaise);
      // Believable: a few percent off a bag, in whole rupees.
      expect(breaks[1]!.pricePaise).toBeGreaterThan(p.pricePaise * 0.9);
      expect(breaks[1]!.pricePaise % 100).toBe(0);
    }
  });

  it('gives three Hyderabad sellers of cement and steel their own rate cards, all delivering to Gachibowli (500032), for requests for quotes', async () => {
    const site = findPincode('500032')!;
    const serving = await sellersServing(db(), site);
    const hyderabadBulk = (await allVendors()).filter((v) => ['seller@demo.nirmaan.in', 'golconda@demo.nirmaan.in', 'kakatiya@demo.nirmaan.in'].includes(v.email));
    expect(hyderabadBulk).toHaveLength(3);
    for (const v of hyderabadBulk) {
      expect(serving.map((s) => s.vendorId), v.email).toContain(v.id);
      const mine = await db().select().from(products).where(eq(products.vendorId, v.id));
      expect(new Set(mine.map((p) => p.category)), v.email).toEqual(new Set(['Cement', 'Steel']));
    }
  });

  it('gives the demo seller a Telangana GSTIN holding its PAN and an activated payout account, so it is paid and issues tax invoices', async () => {
    const [seller] = await db().select().from(vendors).where(eq(vendors.email, 'seller@demo.nirmaan.in'));
    const [account] = await db().select().from(vendorPayoutAccounts).where(eq(vendorPayoutAccounts.vendorId, seller!.id));
    expect(account).toMatchObject({ status: 'activated', businessType: 'proprietorship', accountNumber: seller!.bankAccount!.accountNumber, ifsc: seller!.bankAccount!.ifsc });
    expect(panError(account!.pan)).toBeNull();
    expect(account!.gstin!.slice(0, 2)).toBe('36');
    expect(gstinError(account!.gstin!, account!.pan)).toBeNull();
    expect(await activatedRouteAccount(db(), seller!.id)).toMatch(/^acc_\w+$/);
    expect(await db().select().from(vendorPayoutAccounts)).toHaveLength(1);
  });

  it('makes the demo professional a Hyderabad plumber with projects and reviews', async () => {
    const [pro] = await db().select().from(vendors).where(eq(vendors.email, 'pro@demo.nirmaan.in'));
    expect(pro).toMatchObject({ kind: 'professional', city: 'Hyderabad', category: 'Plumber' });
    expect(pro?.subCategories).toContain('Plumber');
    expect(pro?.bankAccount).not.toBeNull();
    const id = pro?.id ?? '';
    expect((await db().select().from(projects).where(eq(projects.vendorId, id))).length).toBeGreaterThanOrEqual(3);
    expect((await db().select().from(vendorReviews).where(eq(vendorReviews.vendorId, id))).length).toBeGreaterThanOrEqual(5);
  });
});

describe('images', () => {
  const fileOf = (url: string) => path.join(IMAGES_DIR, url.replace(/^\/images\//, ''));

  it('ship a file for every image path stored in the database', async () => {
    const urls = new Set<string>();
    for (const p of await allProducts()) p.images.forEach((u) => urls.add(u));
    for (const v of await allVendors()) if (v.profileImage) urls.add(v.profileImage);
    for (const p of await db().select().from(projects)) urls.add(p.image);
    const missing = [...urls].filter((u) => !u.startsWith('/images/') || !existsSync(fileOf(u)));
    expect(missing).toEqual([]);
  });

  it('have an illustration for every category slug, and the landing hero', () => {
    const missing = [...MATERIAL_CATEGORIES, ...SERVICE_CATEGORIES].map((c) => categoryImage(c.slug)).filter((u) => !existsSync(fileOf(u)));
    expect(missing).toEqual([]);
    expect(existsSync(fileOf('/images/hero.svg'))).toBe(true);
  });

  it('stay small: a few hundred SVG files under 4 KB each', () => {
    const files = readdirSync(IMAGES_DIR, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.svg'));
    expect(files.length).toBeLessThan(400);
    const big = files.filter((f) => statSync(path.join(IMAGES_DIR, f)).size >= 4096);
    expect(big).toEqual([]);
  });
});

describe('seed with reset', () => {
  const snapshot = () => db().select({ id: products.id, name: products.name, pricePaise: products.pricePaise, mrpPaise: products.mrpPaise })
    .from(products).orderBy(asc(products.id));

  it('wipes other rows and re-creates exactly the same catalogue', { timeout: 180_000 }, async () => {
    const before = await snapshot();
    const stranger = await createCustomer(db());
    await db().insert(commissionRates).values({ scopeKey: 'category:cement', rateBps: 250 })
      .onConflictDoUpdate({ target: commissionRates.scopeKey, set: { rateBps: 250 } });
    await db().update(commissionRates).set({ rateBps: 900 }).where(eq(commissionRates.scopeKey, 'default:materials'));
    const summary = await seed(db(), { reset: true });
    const after = await snapshot();
    expect(after).toEqual(before);
    expect(summary.products).toBe(after.length);
    expect(await db().select().from(customers).where(eq(customers.id, stranger.id))).toEqual([]);
    // Orders need the default commission rates (decision 017): back at the migration's figures, overrides gone.
    const rates = await db().select({ scopeKey: commissionRates.scopeKey, rateBps: commissionRates.rateBps }).from(commissionRates).orderBy(asc(commissionRates.scopeKey));
    expect(rates).toEqual([{ scopeKey: 'default:materials', rateBps: 500 }, { scopeKey: 'default:services', rateBps: 1000 }]);
    expect(await seedIfEmpty(db())).toBe(false);
  });

  it('keeps the audit log and the operators it names; the other operators go and the demo ones are back once', { timeout: 180_000 }, async () => {
    const [admin] = await db().select().from(operators).where(eq(operators.email, DEMO_LOGINS.find((l) => l.role.includes('admin'))!.email));
    const [named] = await db().insert(operators).values({ email: 'named@ops.example', name: 'Named', role: 'support', passwordHash: 'x' }).returning();
    const [unnamed] = await db().insert(operators).values({ email: 'unnamed@ops.example', name: 'Unnamed', role: 'support', passwordHash: 'x' }).returning();
    const entries = [
      { operatorId: admin!.id, actor: admin!.email, action: 'vendor.approve', subjectType: 'vendor', subjectId: 'v1' },
      { operatorId: named!.id, actor: named!.email, action: 'vendor.suspend', subjectType: 'vendor', subjectId: 'v2' },
      { operatorId: null, actor: 'cli', action: 'commission.set', subjectType: 'commission', subjectId: 'default:materials' },
    ];
    await db().insert(auditLog).values(entries);
    const audit = () => db().select({ operatorId: auditLog.operatorId, action: auditLog.action }).from(auditLog).orderBy(asc(auditLog.id));
    const before = await audit();
    await seed(db(), { reset: true });
    expect(await audit()).toEqual(before);
    const emails = (await db().select({ email: operators.email }).from(operators)).map((o) => o.email);
    expect(emails).toContain(named!.email);
    expect(emails).not.toContain(unnamed!.email);
    for (const login of DEMO_LOGINS.filter((l) => l.role.startsWith('operator'))) expect(emails.filter((e) => e === login.email)).toHaveLength(1);
  });
});
