import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZProductPage } from '@nirmaan/shared';
import { createTestApp, type TestApp } from './support/app.ts';
import { createProduct, createVendor } from './support/factories.ts';

/** Lists that scale (SQL filters, sorts and pages) and search that finds. */

let t: TestApp;
let seller: { id: string };
beforeAll(async () => {
  t = await createTestApp();
  seller = await createVendor(t.db, { kind: 'seller' });
  const add = (name: string, category: string, price: number, extra: { brand?: string; location?: string } = {}) =>
    createProduct(t.db, { vendorId: seller.id, name, category, price, brand: extra.brand ?? null, location: extra.location ?? 'Hyderabad' });
  await add('UltraTech OPC 53 Grade Cement', 'Cement', 420, { brand: 'UltraTech' });
  await add('ACC Suraksha PPC', 'Cement', 390, { brand: 'ACC', location: 'Mumbai' });
  await add('Dalmia DSP Cement', 'Cement', 450, { brand: 'Dalmia', location: 'Delhi' });
  await add('Ramco Supergrade PPC', 'Cement', 380, { brand: 'Ramco' });
  await add('Astral Solvent Cement 100 ml', 'Plumbing', 95, { brand: 'Astral' });
  await add('Tata Tiscon Fe 500D TMT Bar 12 mm', 'Steel', 68, { brand: 'Tata Tiscon' });
  for (let i = 0; i < 30; i++) await add(`Red Clay Brick lot ${i}`, 'Bricks', 7 + (i % 5), { location: i % 2 ? 'Mumbai' : 'Hyderabad' });
});
afterAll(() => t.close());

const get = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.json() };
};
const names = (list: { ProductName: string }[]) => list.map((p) => p.ProductName);

describe('a category name shows exactly that category', () => {
  it('lists only Cement for "Cement", not a plumbing product named "cement"', async () => {
    const { body } = await get('/fetch?category=cement');
    expect(names(body)).toEqual(['Ramco Supergrade PPC', 'ACC Suraksha PPC', 'UltraTech OPC 53 Grade Cement', 'Dalmia DSP Cement']);
  });
});

describe('any other term ranks by relevance, with typos', () => {
  it('finds cement products for the misspelt "cemnt"', async () => {
    const { body } = await get('/fetch?category=cemnt');
    expect(names(body)).toEqual(expect.arrayContaining(['UltraTech OPC 53 Grade Cement', 'ACC Suraksha PPC', 'Astral Solvent Cement 100 ml']));
  });

  it('finds a brand with a typo ("ultratek") and ranks a name match above category neighbours', async () => {
    expect(names((await get('/fetch?category=ultratek')).body)[0]).toBe('UltraTech OPC 53 Grade Cement');
    const solvent = names((await get('/fetch?category=solvent%20cement')).body);
    expect(solvent[0]).toBe('Astral Solvent Cement 100 ml');
  });

  it('reads a misspelt word as the catalogue word it means ("tiscn", "supergarde", "emulsoin")', async () => {
    expect(names((await get('/fetch?category=tiscn')).body)).toEqual(['Tata Tiscon Fe 500D TMT Bar 12 mm']);
    expect(names((await get('/fetch?category=ramco%20supergarde')).body)[0]).toBe('Ramco Supergrade PPC');
    await createProduct(t.db, { vendorId: seller.id, name: 'Berger Silk Glamor Emulsion 10 L', category: 'Paint', price: 4200, brand: 'Berger' });
    // A product added later brings its words with it (the catalogue's word list follows every insert).
    expect(names((await get('/fetch?category=emulsoin')).body)).toEqual(['Berger Silk Glamor Emulsion 10 L']);
  });

  it('answers a term like nothing in the catalogue with an empty list, and drops such a word from a longer term', async () => {
    expect((await get('/fetch?category=qxzvjk')).body).toEqual([]);
    const page = ZProductPage.parse((await get('/api/products?category=qxzvjk')).body);
    expect(page).toMatchObject({ items: [], total: 0, nextCursor: null });
    expect(names((await get('/fetch?category=dalmia%20qxzvjk')).body)[0]).toBe('Dalmia DSP Cement');
  });

  it('follows a product renamed by its seller', async () => {
    const p = await createProduct(t.db, { vendorId: seller.id, name: 'Plain Sheet', category: 'Roofing', price: 900 });
    expect((await get('/fetch?category=zincalume')).body).toEqual([]);
    await t.db.execute(sql`update products set name = 'Zincalume Roofing Sheet' where id = ${p.id}`);
    expect(names((await get('/fetch?category=zincalum')).body)).toEqual(['Zincalume Roofing Sheet']);
  });

  it('finds steel by its category and its bars by "tmt"', async () => {
    expect(names((await get('/fetch?category=tmt')).body)).toEqual(['Tata Tiscon Fe 500D TMT Bar 12 mm']);
  });
});

describe('a search shows every change to what a list shows at once', () => {
  type Listed = { _id: string; ProductName: string; ProductPrice: number; ProductReview: number | null; Vendor: { Business_Name: string } };
  // Writes straight to the database evict no cached answer: each step asks with a URL of its own.
  let step = 0;
  const quartzite = async (extra = '') => (await get(`/fetch?category=quartzit${extra}&limit=${(step += 1)}`)).body as Listed[];

  it('follows a price, a seller’s name, a rating, a deletion and a suspension', async () => {
    const other = await createVendor(t.db, { kind: 'seller', businessName: 'Stone House' });
    const p = await createProduct(t.db, { vendorId: other.id, name: 'Quartzite Slab 18 mm', category: 'Stone', price: 2400 });
    expect((await quartzite()).map((x) => [x.ProductName, x.ProductPrice, x.Vendor.Business_Name])).toEqual([['Quartzite Slab 18 mm', 2400, 'Stone House']]);

    await t.db.execute(sql`update products set price_paise = 199900 where id = ${p.id}`);
    expect((await quartzite()).map((x) => x.ProductPrice)).toEqual([1999]);
    expect(await quartzite('&maxPrice=1500')).toEqual([]);

    await t.db.execute(sql`update vendors set business_name = 'Stone House & Sons' where id = ${other.id}`);
    expect((await quartzite()).map((x) => x.Vendor.Business_Name)).toEqual(['Stone House & Sons']);

    await t.db.execute(sql`update products set rating_sum = 9, rating_count = 2 where id = ${p.id}`);
    expect((await quartzite()).map((x) => x.ProductReview)).toEqual([4.5]);

    await t.db.execute(sql`update vendors set suspended_at = now() where id = ${other.id}`);
    expect(await quartzite()).toEqual([]);
    expect((await get('/api/search/suggest?q=quartzite')).body.suggestions).toEqual([]);
    await t.db.execute(sql`update vendors set suspended_at = null where id = ${other.id}`);
    expect((await quartzite()).map((x) => x._id)).toEqual([p.id]);

    await t.db.execute(sql`update products set deleted_at = now() where id = ${p.id}`);
    expect(await quartzite()).toEqual([]);
    expect((await get('/api/products?category=quartzit')).body).toMatchObject({ items: [], total: 0 });
  });

  it.skipIf(process.env.DATABASE_URL)('answers a relevance search on the embedded engine without a statement', async () => {
    const client = (t.db as unknown as { $client: { query: (...a: unknown[]) => Promise<unknown> } }).$client;
    const query = client.query.bind(client);
    let statements = 0;
    client.query = (...a: unknown[]) => {
      statements += 1;
      return query(...a);
    };
    try {
      // The first search after the previous test's writes reads the catalogue again; the next ones read nothing.
      await get('/fetch?category=ramco');
      statements = 0;
      await get('/fetch?category=supergrade');
      expect(statements).toBe(0);
      expect(names((await get('/fetch?category=ultratek')).body)[0]).toBe('UltraTech OPC 53 Grade Cement');
      expect(statements).toBe(0);
    } finally {
      client.query = query;
    }
  });
});

describe('GET /api/products pages through a list in SQL', () => {
  it('walks every brick once, cheapest first, with the total', async () => {
    const seen: string[] = [];
    let prices: number[] = [];
    let cursor: string | null = '';
    let pages = 0;
    while (cursor !== null) {
      const { status, body } = await get(`/api/products?category=Bricks&limit=7${cursor ? `&cursor=${cursor}` : ''}`);
      expect(status).toBe(200);
      const page = ZProductPage.parse(body);
      expect(page.total).toBe(30);
      expect(page.exactCategory).toBe(true);
      seen.push(...page.items.map((p) => p._id));
      prices = [...prices, ...page.items.map((p) => p.ProductPrice)];
      cursor = page.nextCursor;
      pages += 1;
    }
    expect(pages).toBe(5);
    expect(new Set(seen).size).toBe(30);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });

  it('sorts by price high to low and filters by price and location in SQL', async () => {
    const desc = (await get('/api/products?category=Cement&sort=price_desc')).body;
    expect(desc.items.map((p: { ProductPrice: number }) => p.ProductPrice)).toEqual([450, 420, 390, 380]);
    const cheapHyd = (await get('/api/products?category=Cement&maxPrice=400&location=Hyderabad')).body;
    expect(names(cheapHyd.items)).toEqual(['Ramco Supergrade PPC']);
    const two = (await get('/api/products?category=Cement&location=Mumbai,Delhi')).body;
    expect(names(two.items)).toEqual(['ACC Suraksha PPC', 'Dalmia DSP Cement']);
    expect(two.total).toBe(2);
  });

  it('pages a search by relevance without repeating a product', async () => {
    const first = (await get('/api/products?category=brick&limit=20')).body;
    const second = (await get(`/api/products?category=brick&limit=20&cursor=${first.nextCursor}`)).body;
    expect(first.exactCategory).toBe(false);
    expect(second.nextCursor).toBeNull();
    const ids = [...first.items, ...second.items].map((p: { _id: string }) => p._id);
    expect(new Set(ids).size).toBe(30);
  });

  it('refuses a forged cursor and bad parameters with a message', async () => {
    const forged = await get('/api/products?category=Bricks&cursor=not-a-cursor');
    expect(forged.status).toBe(400);
    expect(forged.body.message).toBe('That page link is no longer valid. Please start the list again.');
    expect((await get('/api/products?category=Bricks&limit=0')).status).toBe(400);
    expect((await get('/api/products?category=Bricks&sort=random')).body.message).toBe('sort is relevance, price_asc, price_desc or popular.');
  });

  it('keeps /fetch an array for the spec’s clients, capped at the page asked for', async () => {
    const { body } = await get('/fetch?category=Bricks&limit=5');
    expect(Array.isArray(body)).toBe(true);
    expect(body).toHaveLength(5);
  });
});

describe('GET /api/search/suggest', () => {
  it('suggests near categories and product names as the customer types', async () => {
    const { body } = await get('/api/search/suggest?q=ceme');
    expect(body.suggestions[0]).toEqual({ kind: 'category', label: 'Cement' });
    expect(body.suggestions.filter((s: { kind: string }) => s.kind === 'product').length).toBeGreaterThan(0);
    expect((await get('/api/search/suggest?q=')).status).toBe(400);
  });
});

describe('services lists filter and page in SQL', () => {
  it('pages professionals of a trade with the total, and filters by band, sub-category, text and city', async () => {
    const { createVendor: vendor } = await import('./support/factories.ts');
    const trade = 'Lift Technician';
    for (let i = 0; i < 8; i++) {
      await vendor(t.db, {
        kind: 'professional', category: trade, subCategories: i % 2 ? [trade, 'Welder'] : [trade], businessName: `Lift Works ${String(i).padStart(2, '0')}`,
        chargeAmount: [300, 500, 1500, 1501][i % 4]!, chargeType: 'Per Visit', city: i < 4 ? 'Hyderabad' : 'Mumbai', description: i === 7 ? 'Escalator specialists' : 'Lifts',
      });
    }
    const page = async (qs: string) => (await get(`/api/services?category=${encodeURIComponent(trade)}${qs}`)).body;
    const first = await page('');
    expect(first).toMatchObject({ total: 8, page: 1, pages: 2 });
    expect(first.services).toHaveLength(6);
    const second = await page('&page=2');
    expect(second.services.map((s: { Business_Name: string }) => s.Business_Name)).toEqual(['Lift Works 06', 'Lift Works 07']);
    expect((await page('&band=medium')).total).toBe(4);
    expect((await page('&band=low')).total).toBe(2);
    expect((await page('&subCategory=Welder')).total).toBe(4);
    expect((await page('&q=escalator')).services.map((s: { Business_Name: string }) => s.Business_Name)).toEqual(['Lift Works 07']);
    expect((await page('&city=mumbai')).total).toBe(4);
    const spec = (await get(`/fetch/services?category=${encodeURIComponent(trade)}&limit=3`)).body;
    expect(spec.services).toHaveLength(3);
    expect(spec.description).toContain('Lift Technician');
  });
});

describe('services filters keep the spec’s rules (docs/api-contract.md)', () => {
  it('puts 500 and 1500 in the medium band, matches text over name, sub-category and description, and clamps the page', async () => {
    const { createVendor: vendor } = await import('./support/factories.ts');
    const trade = 'Acoustic Consultant';
    const make = (businessName: string, chargeAmount: number, extra: { subCategories?: string[]; description?: string } = {}) => vendor(t.db, {
      kind: 'professional', category: trade, businessName, chargeAmount, chargeType: 'Per Hour',
      subCategories: extra.subCategories ?? [trade], description: extra.description ?? 'Sound work',
    });
    await make('Charge 499', 499, { subCategories: [trade, 'Electrician'], description: 'Wiring' });
    await make('Kumar Acoustics', 500, { subCategories: [trade, 'Painter'] });
    await make('Joseph Studios', 1500, { description: 'Modular KITCHENS and studios' });
    await make('Charge 1501', 1501, { subCategories: [trade, 'Welder', 'Mechanic'] });
    const names = async (qs: string) =>
      ((await get(`/api/services?category=${encodeURIComponent(trade)}${qs}`)).body.services as { Business_Name: string }[]).map((v) => v.Business_Name);
    expect(await names('&band=low')).toEqual(['Charge 499']);
    expect(await names('&band=medium')).toEqual(['Joseph Studios', 'Kumar Acoustics']);
    expect(await names('&band=high')).toEqual(['Charge 1501']);
    expect(await names('&q=kumar')).toEqual(['Kumar Acoustics']);
    expect(await names('&q=PAINTER')).toEqual(['Kumar Acoustics']);
    expect(await names('&q=%20kitchens%20')).toEqual(['Joseph Studios']);
    expect(await names('&q=welding')).toEqual([]);
    expect(await names('&subCategory=Welder')).toEqual(['Charge 1501']);
    const past = (await get(`/api/services?category=${encodeURIComponent(trade)}&page=9`)).body;
    expect(past).toMatchObject({ page: 1, pages: 1 });
    expect(past.services).toHaveLength(4);
  });
});

describe('services without a trade', () => {
  it('lists every professional by name when no category is given', async () => {
    const res = await get('/fetch/services?band=low');
    expect(res.status).toBe(200);
    const names = (res.body.services as { Business_Name: string }[]).map((v) => v.Business_Name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  });
});
