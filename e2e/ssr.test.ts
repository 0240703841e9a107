import type { Browser, ConsoleMessage, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, baseUrl, launchBrowser } from './support/browser.ts';
import { createAccount, expectToast, logInThroughApi, newCustomer } from './support/accounts.ts';
import { ownDeliveryCement } from './support/delivery.ts';
import { WAIT, apiJson, openVisit, shown, type Visit } from './support/journey.ts';

/** Server-rendered public pages (docs/decisions/023): the browser takes them over without a complaint, and they read without scripts. */
const TEST_MS = 240_000;

interface Listed { _id: string; ProductName: string; Vendor: { _id: string } }
interface ServiceList { services: { _id: string }[] }

let browser: Browser;
let visit: Visit;
let page: Page;
let product: Listed;
let plumberId: string;

beforeAll(async () => {
  browser = await launchBrowser();
  visit = await openVisit(browser, DESKTOP);
  page = await visit.context.newPage();
  await page.goto('/about');
  // A product with reviews, so the page without scripts has some to show.
  const cement = await apiJson<(Listed & { ProductReviewCount: number })[]>(page, '/fetch?category=Cement');
  product = cement.find((p) => p.ProductReviewCount > 0)!;
  expect(product, 'a reviewed Cement product in the demo catalogue').toBeDefined();
  plumberId = (await apiJson<ServiceList>(page, '/fetch/services?category=Plumber')).services[0]!._id;
});

afterAll(async () => {
  await visit?.context.close();
  await browser?.close();
});

/** React has taken over the server's markup: hydrateRoot marks its container. */
const hydrated = (p: Page) =>
  p.waitForFunction(() => Object.keys(document.getElementById('root') ?? {}).some((k) => k.startsWith('__reactContainer')), undefined, { timeout: WAIT });

describe('hydration', () => {
  it('every public page is taken over with no warning or error in the console, and its markup kept', async () => {
    const pages = [
      '/', '/Category', '/about', '/product?search=Cement', `/product/${product._id}`, '/service?search=Plumber',
      `/service/details/${plumberId}`, `/viewstore?vendor=${product.Vendor._id}`,
    ];
    for (const path of pages) {
      const p = await visit.context.newPage();
      const complaints: string[] = [];
      p.on('console', (m: ConsoleMessage) => {
        if (m.type() === 'error' || m.type() === 'warning') complaints.push(`${m.type()}: ${m.text()}`);
      });
      p.on('pageerror', (err) => complaints.push(`pageerror: ${err.message}`));
      const res = await p.goto(path);
      expect(res?.status(), path).toBe(200);
      const serverHtml = await p.evaluate(() => document.getElementById('root')!.innerHTML.length);
      expect(serverHtml, `${path}: rendered on the server`).toBeGreaterThan(1000);
      await hydrated(p);
      await p.waitForLoadState('networkidle');
      expect(complaints, path).toEqual([]);
      await p.close();
    }
  }, TEST_MS);

  it('a hydrated product page works: its tabs switch and its store link carries the shareable address', async () => {
    const p = await visit.context.newPage();
    await p.goto(`/product/${product._id}`);
    await hydrated(p);
    await p.getByRole('tab', { name: 'Delivery & Returns' }).click();
    await shown(p.getByRole('heading', { name: 'Returns' }));
    await p.getByRole('button', { name: 'View Store' }).click();
    await p.waitForURL(`**/viewstore?vendor=${product.Vendor._id}`);
    await shown(p.getByRole('heading', { name: 'Our Products' }));
    await p.close();
  }, TEST_MS);
});

describe('a tap before the app takes over', () => {
  it('"Add to Cart" pressed while the page\'s code is still loading puts the product in the cart once the app is ready', async () => {
    const own = await openVisit(browser, DESKTOP);
    const p = await own.context.newPage();
    const customer = newCustomer('early-tap', 'Early Tapper');
    await createAccount(p.request, customer);
    const user = await logInThroughApi(p, baseUrl(), customer.email, customer.password);
    // The product page's own code is held back, as on a slow phone: the server's markup is up, React is not.
    let release!: () => void;
    const held = new Promise<void>((resolve) => { release = resolve; });
    await p.route(/\/assets\/product-page-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await p.goto(`/product/${product._id}`, { waitUntil: 'domcontentloaded' });
    await p.getByRole('button', { name: 'Add to Cart' }).click();
    expect(await p.evaluate(() => Object.keys(document.getElementById('root')!).some((k) => k.startsWith('__reactContainer'))), 'not hydrated at the tap').toBe(false);
    release();
    await expectToast(p, 'Product added to cart!', 'success');
    // One tap, one bag: the kept tap is clicked again once, not once per listener.
    const cart = await apiJson<{ productid: string; productQuantity: number }[]>(p, `/carts/${user._id}`);
    expect(cart.map((c) => [c.productid, c.productQuantity])).toEqual([[product._id, 1]]);
    await own.context.close();
  }, TEST_MS);

  it('a quantity and a pincode typed while the page\'s code is still loading are kept once the app is ready', async () => {
    const p = await visit.context.newPage();
    const own = await ownDeliveryCement(p.request, baseUrl());
    let release!: () => void;
    const held = new Promise<void>((resolve) => { release = resolve; });
    await p.route(/\/assets\/product-page-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await p.goto(`/product/${own._id}`, { waitUntil: 'domcontentloaded' });
    await p.getByLabel('Quantity', { exact: true }).fill('20');
    await p.getByRole('textbox', { name: 'Deliver to' }).fill('500032');
    expect(await p.evaluate(() => Object.keys(document.getElementById('root')!).some((k) => k.startsWith('__reactContainer'))), 'not hydrated while typing').toBe(false);
    release();
    await hydrated(p);
    // The page's state holds what was typed: a re-render keeps it, and "Check" quotes that pincode for that quantity.
    await p.getByRole('button', { name: 'One more' }).click();
    await expect.poll(() => p.getByLabel('Quantity', { exact: true }).inputValue(), { timeout: WAIT }).toBe('21');
    await p.getByRole('button', { name: 'Check' }).click();
    await expect.poll(() => p.getByTestId('deliver-to-answer').textContent(), { timeout: WAIT }).toMatch(/^Delivers to 500032 by .+ for 21 bags$/);
    await p.close();
  }, TEST_MS);
});

describe('a logged-in customer', () => {
  it('sees the account menu from the first paint, never "Login", then their name, with no complaint from hydration', async () => {
    const own = await openVisit(browser, DESKTOP);
    const p = await own.context.newPage();
    const user = await logInThroughApi(p, baseUrl(), 'asha@demo.nirmaan.in', 'Demo@12345');
    const header = (q: Page) => q.getByRole('navigation', { name: 'Main navigation' });

    // The server's markup alone (no script runs), with the same session cookie.
    const still = await browser.newContext({ viewport: DESKTOP, baseURL: baseUrl(), javaScriptEnabled: false });
    await still.addCookies(await own.context.cookies());
    const before = await still.newPage();
    await before.goto(`/product/${product._id}`);
    await shown(header(before).getByRole('button', { name: /My account/ }));
    expect(await header(before).getByRole('link', { name: 'Login' }).count()).toBe(0);
    await still.close();

    const complaints: string[] = [];
    p.on('console', (m: ConsoleMessage) => {
      if (m.type() === 'error' || m.type() === 'warning') complaints.push(`${m.type()}: ${m.text()}`);
    });
    p.on('pageerror', (err) => complaints.push(`pageerror: ${err.message}`));
    await p.goto(`/product/${product._id}`);
    await hydrated(p);
    await shown(header(p).getByRole('button', { name: new RegExp(user.Full_Name) }));
    expect(await header(p).getByRole('link', { name: 'Login' }).count()).toBe(0);
    await p.waitForLoadState('networkidle');
    expect(complaints).toEqual([]);
    await own.context.close();
  }, TEST_MS);
});

describe('without JavaScript', () => {
  it('the product page can be read: name, price, photo and reviews', async () => {
    const context = await browser.newContext({ viewport: DESKTOP, baseURL: baseUrl(), javaScriptEnabled: false });
    const p = await context.newPage();
    const detail = await apiJson<{ ProductName: string; ProductPrice: number; ProductUrl: string[] }>(page, `/product/${product._id}`);
    const reviews = await apiJson<{ getreview: { comment: string }[] }>(page, `/fetch/review/${product._id}`);
    await p.goto(`/product/${product._id}`);
    expect(await p.title()).toBe(`${detail.ProductName} | Nirmaan`);
    await expect.poll(() => p.getByRole('heading', { level: 1, name: detail.ProductName }).isVisible()).toBe(true);
    const price = detail.ProductPrice.toLocaleString('en-IN');
    await expect.poll(() => p.locator('.product-price').innerText()).toContain(price);
    const photo = p.locator('.product-gallery-main img');
    expect(await photo.getAttribute('src')).toBe(detail.ProductUrl[0]);
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(reviews.getreview.length).toBeGreaterThan(0);
    await expect.poll(() => p.getByText(reviews.getreview[0]!.comment).first().isVisible()).toBe(true);
    await context.close();
  }, TEST_MS);

  it('the header search still searches, in the page’s language: Enter asks the server for the results', async () => {
    const context = await browser.newContext({ viewport: DESKTOP, baseURL: baseUrl(), javaScriptEnabled: false });
    const p = await context.newPage();
    for (const [from, results] of [['/about', '/product'], ['/hi/about', '/hi/product']] as const) {
      await p.goto(from);
      const search = p.getByRole('search').getByRole('combobox');
      await search.fill('ultratech');
      const answer = p.waitForResponse((r) => new URL(r.url()).pathname === results);
      await search.press('Enter');
      expect((await answer).status()).toBe(200);
      await p.waitForURL((url) => url.pathname === results && url.search === '?search=ultratech', { timeout: WAIT });
    }
    await context.close();
  }, TEST_MS);
});
