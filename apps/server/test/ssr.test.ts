import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_ROOT } from '../src/paths.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { cookieHeader, createCustomerWithPassword, createVendorWithPassword, loginVendor, loginWithPassword } from './support/auth.ts';
import { eq } from 'drizzle-orm';
import { orderLines, productQuantityBreaks } from '../src/db/schema/index.ts';
import { createCustomer, createOrder, createProduct, createProductReview, createProject, createVendor, createVendorReview } from './support/factories.ts';
import { startTwoServers, twoServersPossible } from './support/two-servers.ts';

/** Server-rendered public pages (docs/decisions/023): what a crawler or a link preview reads, with no script run. */

const WEB_DIST = path.resolve(SERVER_ROOT, '../web/dist');
const PUBLIC_URL = 'https://nirmaan.example';
const NAVIGATE = { 'sec-fetch-mode': 'navigate', accept: 'text/html,application/xhtml+xml' };

let t: TestApp;
beforeAll(async () => {
  if (!existsSync(path.resolve(WEB_DIST, '../dist-ssr/entry-server.js'))) throw new Error('Build the web app first: npm run build');
  t = await createTestApp({ WEB_DIST, PUBLIC_URL });
});
afterAll(async () => {
  await t?.close();
});

const load = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers: { ...NAVIGATE, ...headers } });

/** The document as a crawler sees it: the head's tags and the JSON-LD blocks. */
function readPage(html: string) {
  const meta = (key: string) => html.match(new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`))?.[1];
  const jsonLd = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);
  const canonical = html.match(/<link rel="canonical" href="([^"]*)"/)?.[1];
  const root = html.slice(html.indexOf('<div id="root">'), html.indexOf('<script type="application/json" id="ssr-state">'));
  return { meta, jsonLd, canonical, root };
}

describe('a product page load', () => {
  it('holds the name, price and photo, Open Graph tags with absolute URLs, and Product JSON-LD in INR', async () => {
    const seller = await createVendor(t.db, { kind: 'seller', businessName: 'Sri Balaji Cements' });
    const p = await createProduct(t.db, {
      vendorId: seller.id, name: 'UltraTech OPC 53 Grade Cement </script><b>', price: 385, mrp: 420, brand: 'UltraTech',
      images: ['/images/products/cement-1.svg'], stock: 40, description: 'Ordinary Portland cement for slabs & columns.',
    });
    await createProductReview(t.db, p.id, { rating: 4, comment: 'Set well, bags were sealed.' });

    const res = await load(`/product/${p.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    const page = readPage(res.body);
    expect(page.root).toContain('UltraTech OPC 53 Grade Cement &lt;/script&gt;&lt;b&gt;');
    expect(page.root).toMatch(/₹\s?385/);
    expect(page.root).toContain('src="/images/products/cement-1.svg"');
    expect(page.root).toContain('Set well, bags were sealed.');
    expect(page.meta('og:title')).toContain('UltraTech OPC 53 Grade Cement');
    expect(page.meta('og:image')).toBe(`${PUBLIC_URL}/images/products/cement-1.svg`);
    expect(page.meta('og:url')).toBe(`${PUBLIC_URL}/product/${p.id}`);
    expect(page.meta('product:price:amount')).toBe('385.00');
    expect(page.meta('product:price:currency')).toBe('INR');
    expect(page.canonical).toBe(`${PUBLIC_URL}/product/${p.id}`);

    const product = page.jsonLd.find((ld) => ld['@type'] === 'Product') as Record<string, unknown>;
    expect(product.name).toBe('UltraTech OPC 53 Grade Cement </script><b>');
    expect(product.offers).toMatchObject({ '@type': 'Offer', price: '385.00', priceCurrency: 'INR', availability: 'https://schema.org/InStock' });
    expect(product.aggregateRating).toMatchObject({ '@type': 'AggregateRating', reviewCount: 1 });
    expect(product.image).toEqual([`${PUBLIC_URL}/images/products/cement-1.svg`]);
    // The name's "</script>" cannot end the JSON-LD block early.
    expect(res.body).not.toContain('Cement </script><b>');
    expect(page.jsonLd.some((ld) => ld['@type'] === 'BreadcrumbList')).toBe(true);
  });

  it('shows the seller’s quantity prices as the "Buy more, pay less" table (decision 035)', async () => {
    const seller = await createVendor(t.db, { kind: 'seller', businessName: 'Sri Balaji Cements' });
    const p = await createProduct(t.db, { vendorId: seller.id, name: 'Dalmia Cement PPC', price: 380, unit: 'bag' });
    await t.db.insert(productQuantityBreaks).values([{ productId: p.id, minQuantity: 100, pricePaise: 36_500 }, { productId: p.id, minQuantity: 500, pricePaise: 35_500 }]);
    const root = readPage((await load(`/product/${p.id}`)).body).root;
    const table = root.slice(root.indexOf('Buy more, pay less'), root.indexOf('</table>'));
    expect(table.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ')).toContain('1–99 ₹380 — 100–499 ₹365 4% 500+ ₹355 7%');
  });

  it('asks for its first image before any script or style, and loads no response schemas (zod) to show or hydrate', async () => {
    const seller = await createVendor(t.db, { kind: 'seller', businessName: 'Sri Balaji Cements' });
    const p = await createProduct(t.db, { vendorId: seller.id, name: 'Birla A1 PPC Cement', images: ['/images/products/cement-3.svg'] });
    const html = (await load(`/product/${p.id}`)).body;
    const head = html.slice(0, html.indexOf('</head>'));
    const imagePreload = head.indexOf('<link rel="preload" as="image" href="/images/products/cement-3.svg" fetchPriority="high"');
    expect(imagePreload).toBeGreaterThan(0);
    expect(imagePreload).toBeLessThan(head.indexOf('<script type="module"'));
    expect(imagePreload).toBeLessThan(head.indexOf('<link rel="stylesheet"'));
    expect(head).toContain('<title>Birla A1 PPC Cement | Nirmaan</title>');
    expect(readPage(html).root).not.toContain('<title>');
    // Every script the page loads before it is interactive: the entry and its preloads.
    const scripts = [...head.matchAll(/<(?:script type="module"[^>]* src|link rel="modulepreload"[^>]* href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThan(2);
    expect(scripts.length).toBeLessThanOrEqual(8);
    for (const file of scripts) expect(readFileSync(path.join(WEB_DIST, file), 'utf8'), file).not.toContain('ZodError');
  });

  it('answers 404 with the page\'s text for an unknown or malformed id', async () => {
    for (const id of ['7f0c1d2e-3b4a-4c5d-8e9f-0a1b2c3d4e5f', 'not-a-uuid']) {
      const res = await load(`/product/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(readPage(res.body).root).toContain('Product not found.');
    }
  });

  it('hands the browser what its API calls answer: the product with its verified count, its shown reviews, its related products', async () => {
    const seller = await createVendor(t.db, { kind: 'seller' });
    const p = await createProduct(t.db, { vendorId: seller.id, category: 'Waterproofing' });
    await createProduct(t.db, { vendorId: seller.id, category: 'Waterproofing', name: 'Dr. Fixit LW+ 1 litre' });
    const buyer = await createCustomer(t.db);
    const { lines } = await createOrder(t.db, buyer, [{ product: p }]);
    await t.db.update(orderLines).set({ status: 'Delivered' }).where(eq(orderLines.id, lines[0]!.id));
    await createProductReview(t.db, p.id, { customerId: buyer.id, customerName: buyer.fullName, comment: 'Bought and used it.' });
    await createProductReview(t.db, p.id, { customerId: (await createCustomer(t.db)).id, comment: 'Never bought it.' });
    await createProductReview(t.db, p.id, { comment: 'Hidden by moderation.', hiddenAt: new Date() });

    const res = await load(`/product/${p.id}`);
    expect(res.statusCode).toBe(200);
    const state = JSON.parse(res.body.match(/<script type="application\/json" id="ssr-state">([\s\S]*?)<\/script>/)![1]!) as
      { queries: { queryKey: unknown[]; state: { data: unknown } }[] };
    const dataOf = (key: unknown[]) => state.queries.find((q) => JSON.stringify(q.queryKey) === JSON.stringify(key))?.state.data;
    const api = async (url: string) => (await t.app.inject({ method: 'GET', url, headers: { accept: 'application/json' } })).json();

    const product = dataOf(['product', p.id]) as { ProductVerifiedReviewCount: number };
    expect(product).toEqual(await api(`/product/${p.id}`));
    expect(product.ProductVerifiedReviewCount).toBe(1);
    const reviews = dataOf(['product', p.id, 'reviews']) as { comment: string; verified?: string }[];
    expect(reviews).toEqual((await api(`/fetch/review/${p.id}`)).getreview);
    expect(reviews.map((r) => [r.comment, r.verified])).toEqual(expect.arrayContaining([['Bought and used it.', 'purchase'], ['Never bought it.', undefined]]));
    expect(reviews.map((r) => r.comment)).not.toContain('Hidden by moderation.');
    const related = dataOf(['product', p.id, 'related', 'Waterproofing']) as { ProductName: string }[];
    expect(related).toEqual(await api(`/related-products/Waterproofing?exclude=${p.id}`));
    expect(related.map((r) => r.ProductName)).toEqual(['Dr. Fixit LW+ 1 litre']);
  });

  it('still answers the API call on the same path with JSON (decision 001)', async () => {
    const p = await createProduct(t.db);
    const res = await t.app.inject({ method: 'GET', url: `/product/${p.id}`, headers: { accept: 'application/json' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ _id: p.id });
  });

  it('comes from the cache until the product changes, then shows the change (tags shared with the API)', async () => {
    const me = await createVendorWithPassword(t.db, { kind: 'seller' });
    const headers = cookieHeader((await loginVendor(t.app, me.email)).token);
    const p = await createProduct(t.db, { vendorId: me.id, price: 500 });
    const first = await load(`/product/${p.id}`);
    expect(first.headers['x-cache']).toBe('miss');
    const second = await load(`/product/${p.id}`);
    expect(second.headers['x-cache']).toBe('hit');
    expect(second.body).toBe(first.body);
    expect((await load(`/product/${p.id}`, { 'if-none-match': String(second.headers.etag) })).statusCode).toBe(304);

    const changed = await t.app.inject({ method: 'PATCH', url: `/api/vendor/products/${p.id}`, headers: { ...headers, origin: PUBLIC_URL }, payload: { ProductPrice: 455 } });
    expect(changed.statusCode).toBe(200);
    const after = await load(`/product/${p.id}`);
    expect(after.headers['x-cache']).toBe('miss');
    expect(readPage(after.body).meta('product:price:amount')).toBe('455.00');
  });
});

describe('vendor pages', () => {
  it('a professional\'s page holds its business JSON-LD of the most specific type, with address and rating', async () => {
    const v = await createVendor(t.db, { kind: 'professional', category: 'Electrician', businessName: 'Volt Works', city: 'Pune', businessAddress: '12 FC Road, Pune' });
    await createVendorReview(t.db, v.id, { rating: 5, comment: 'Neat wiring.' });
    await createProject(t.db, v.id, { title: 'Villa rewiring' });
    const res = await load(`/service/details/${v.id}`);
    expect(res.statusCode).toBe(200);
    const page = readPage(res.body);
    expect(page.root).toContain('Volt Works');
    expect(page.root).toContain('Villa rewiring');
    const business = page.jsonLd.find((ld) => ld['@type'] === 'Electrician');
    expect(business).toMatchObject({ name: 'Volt Works', address: { '@type': 'PostalAddress', streetAddress: '12 FC Road, Pune', addressLocality: 'Pune' } });
    expect(business?.aggregateRating).toMatchObject({ ratingValue: 5, reviewCount: 1 });
  });

  it('the store has a shareable address holding its products; an unknown vendor is a 404', async () => {
    const seller = await createVendor(t.db, { kind: 'seller', businessName: 'Ganesh Steel Traders' });
    const p = await createProduct(t.db, { vendorId: seller.id, name: 'JSW Neosteel TMT 12 mm' });
    const res = await load(`/viewstore?vendor=${seller.id}`);
    expect(res.statusCode).toBe(200);
    const page = readPage(res.body);
    expect(page.root).toContain('Ganesh Steel Traders');
    expect(page.root).toContain('JSW Neosteel TMT 12 mm');
    expect(page.jsonLd.find((ld) => ld['@type'] === 'HomeAndConstructionBusiness')).toMatchObject({ name: 'Ganesh Steel Traders' });
    expect(page.jsonLd.find((ld) => ld['@type'] === 'ItemList')).toMatchObject({ itemListElement: [{ url: `${PUBLIC_URL}/product/${p.id}` }] });

    const missing = await load('/viewstore?vendor=7f0c1d2e-3b4a-4c5d-8e9f-0a1b2c3d4e5f');
    expect(missing.statusCode).toBe(404);
    expect(readPage(missing.body).root).toContain('Vendor not found.');
    const unknownPro = await load('/service/details/7f0c1d2e-3b4a-4c5d-8e9f-0a1b2c3d4e5f');
    expect(unknownPro.statusCode).toBe(404);
    expect(readPage(unknownPro.body).root).toContain('No vendor found.');
  });
});

describe('list pages', () => {
  it('the materials and services lists hold their cards and an ItemList', async () => {
    const p = await createProduct(t.db, { category: 'Tiles', name: 'Kajaria Vitrified Floor Tile 600x600' });
    const pro = await createVendor(t.db, { kind: 'professional', category: 'Painter', businessName: 'Rangoli Painters' });

    const materials = readPage((await load('/product?search=Tiles')).body);
    expect(materials.root).toContain('Kajaria Vitrified Floor Tile 600x600');
    expect(materials.jsonLd.find((ld) => ld['@type'] === 'ItemList')).toMatchObject({ itemListElement: [{ url: `${PUBLIC_URL}/product/${p.id}` }] });

    const services = readPage((await load('/service?search=Painter')).body);
    expect(services.root).toContain('Rangoli Painters');
    expect(services.jsonLd.find((ld) => ld['@type'] === 'ItemList')).toMatchObject({ itemListElement: [{ url: `${PUBLIC_URL}/service/details/${pro.id}` }] });
  });

  it('the landing, categories and about pages are rendered with their canonical address', async () => {
    for (const [url, text] of [['/', 'Ready to start building?'], ['/Category', 'Browse categories'], ['/about', 'Building India, one home at a time']] as const) {
      const res = await load(url);
      expect(res.statusCode).toBe(200);
      const page = readPage(res.body);
      expect(page.root).toContain(text);
      expect(page.canonical).toBe(`${PUBLIC_URL}${url}`);
    }
  });

  it('every rendered page is sent compressed to a browser that accepts it, and a JSON request there is still a 404', async () => {
    const p = await createProduct(t.db, { category: 'Cement' });
    const pro = await createVendor(t.db, { kind: 'professional', category: 'Plumber' });
    for (const url of ['/', '/product?search=Cement', `/product/${p.id}`, '/service?search=Plumber', `/service/details/${pro.id}`, '/Category', '/about', `/viewstore?vendor=${p.vendorId}`]) {
      const res = await load(url, { 'accept-encoding': 'gzip' });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe('gzip');
    }
    const json = await t.app.inject({ method: 'GET', url: '/product?search=Cement', headers: { accept: 'application/json' } });
    expect(json.statusCode).toBe(404);
    expect(json.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('a logged-in customer\'s page shows the account menu, never "Login"; a visitor\'s, a vendor\'s or a stale session\'s shows "Login"', async () => {
    const customer = await createCustomerWithPassword(t.db, { fullName: 'Meera Iyer' });
    const customerToken = (await loginWithPassword(t.app, customer.email)).token;
    const vendor = await createVendorWithPassword(t.db, { businessName: 'Iyer Tiles' });
    const vendorToken = (await loginVendor(t.app, vendor.email)).token;
    const header = (html: string) => html.slice(html.indexOf('<header'), html.indexOf('</header>'));
    const signedIn = (res: { body: string }) => ({
      menu: header(res.body).includes('My account'), login: header(res.body).includes('>Login<'), hint: res.body.includes('<div id="root" data-session>'),
    });
    // Twice each: the second from the cache, which keeps a visitor's and a customer's copy apart.
    for (let i = 0; i < 2; i++) {
      expect(signedIn(await load('/about', cookieHeader(customerToken)))).toEqual({ menu: true, login: false, hint: true });
      expect(signedIn(await load('/about'))).toEqual({ menu: false, login: true, hint: false });
      expect(signedIn(await load('/about', cookieHeader(vendorToken)))).toEqual({ menu: false, login: true, hint: false });
      expect(signedIn(await load('/about', cookieHeader('no-such-session')))).toEqual({ menu: false, login: true, hint: false });
    }
    // No one's name is in a page another customer could be sent.
    expect((await load('/about', cookieHeader(customerToken))).body).not.toContain('Meera');
  });

  it('pages for logged-in customers stay client-rendered', async () => {
    const res = await load('/Cart');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
  });
});

describe('robots.txt and the sitemap', () => {
  it('robots.txt points at the sitemap, and the sitemap index leads to every product\'s URL with its lastmod', async () => {
    const p = await createProduct(t.db);
    const robots = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.body).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);

    const index = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toMatch(/xml/);
    const children = [...index.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
    const productMaps = children.filter((loc) => loc.includes('/sitemaps/products.xml'));
    expect(productMaps.length).toBeGreaterThan(0);
    let found = '';
    for (const loc of productMaps) {
      const child = await t.app.inject({ method: 'GET', url: loc.replace(PUBLIC_URL, '') });
      expect(child.statusCode).toBe(200);
      found += child.body;
    }
    expect(found).toMatch(new RegExp(`<url><loc>${PUBLIC_URL}/product/${p.id}</loc><lastmod>\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ</lastmod></url>`));
  });

  it('the app is installable: a manifest with icons and the theme colour, linked from every page', async () => {
    const page = await load('/about');
    expect(page.body).toContain('<link rel="manifest" href="/manifest.webmanifest"');
    const res = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(res.statusCode).toBe(200);
    const manifest = JSON.parse(res.body) as { theme_color: string; start_url: string; display: string; icons: { src: string; sizes: string; purpose: string }[] };
    expect(manifest).toMatchObject({ theme_color: '#c2410c', start_url: '/', display: 'standalone' });
    expect(manifest.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(manifest.icons.some((i) => i.purpose === 'maskable')).toBe(true);
    for (const icon of manifest.icons) {
      const png = await t.app.inject({ method: 'GET', url: icon.src });
      expect(png.statusCode, icon.src).toBe(200);
      expect(png.headers['content-type']).toBe('image/png');
    }
  });
});

describe.skipIf(!twoServersPossible)('two server processes sharing Redis', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('a product changed through one evicts its rendered page in the other', async () => {
    const [a, b] = await startTwoServers('ssr-evict', cleanups, { WEB_DIST, PUBLIC_URL });
    const me = await createVendorWithPassword(a.db, { kind: 'seller' });
    const p = await createProduct(a.db, { vendorId: me.id, price: 610 });
    const pageOn = (app: typeof a.app) => app.inject({ method: 'GET', url: `/product/${p.id}`, headers: NAVIGATE });
    expect((await pageOn(a.app)).headers['x-cache']).toBe('miss');
    expect((await pageOn(a.app)).headers['x-cache']).toBe('hit');

    const headers = cookieHeader((await loginVendor(b.app, me.email)).token);
    const changed = await b.app.inject({ method: 'PATCH', url: `/api/vendor/products/${p.id}`, headers: { ...headers, origin: PUBLIC_URL }, payload: { ProductPrice: 590 } });
    expect(changed.statusCode).toBe(200);
    await expect.poll(async () => (await pageOn(a.app)).headers['x-cache']).toBe('miss');
    expect(readPage((await pageOn(a.app)).body).meta('product:price:amount')).toBe('590.00');
  });
});
