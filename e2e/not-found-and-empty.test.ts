import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser } from './support/browser.ts';
import { WAIT, apiJson, checkPage, loadWholePage, openVisit, shown, toast, type Visit, where } from './support/journey.ts';

/** What a visitor reads when there is nothing to show, or nothing allowed. */
/** Each test opens a page or two on a slow, shared machine. */
const TEST_MS = 240_000;
const MISSING_ID = '00000000-0000-4000-8000-000000000000';

interface Listed { _id: string; ProductName: string }
interface ServiceList { services: { _id: string; Business_Name: string; Owner_name: string }[] }

let browser: Browser;
let visit: Visit;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

beforeEach(async () => {
  visit = await openVisit(browser, DESKTOP);
  page = await visit.context.newPage();
});

afterEach(async () => {
  await visit?.context.close();
});

/** A real product in stock and a real plumber from the seeded catalogue, as the app's own API lists them. */
async function aProduct(): Promise<Listed> {
  const products = await apiJson<Listed[]>(page, '/fetch?category=Cement');
  for (const product of products) {
    const detail = await apiJson<Listed & { InStock: boolean }>(page, `/product/${product._id}`);
    if (detail.InStock) return product;
  }
  throw new Error('no Cement product in stock');
}

async function aPlumber() {
  const { services } = await apiJson<ServiceList>(page, '/fetch/services?category=Plumber');
  expect(services.length).toBeGreaterThan(0);
  return services[0]!;
}

describe('nothing to show', () => {
  it('an unknown product says "Product not found."', async () => {
    await page.goto(`/product/${MISSING_ID}`);
    await shown(page.getByRole('heading', { name: 'Product not found.' }));
    await checkPage(page, visit, 'missing-product');
  }, TEST_MS);

  it('an unknown professional says "No vendor found."', async () => {
    await page.goto(`/service/details/${MISSING_ID}`);
    await shown(page.getByText('No vendor found.', { exact: true }));
    expect(await page.getByRole('button', { name: 'Hire Now' }).count()).toBe(0);
    await checkPage(page, visit, 'missing-vendor');
  }, TEST_MS);

  it('the store opened directly, without a seller, says "Vendor not found."', async () => {
    await page.goto('/viewstore');
    await shown(page.getByRole('heading', { name: 'Vendor not found.' }));
    expect(await page.getByRole('heading', { name: 'Our Products' }).count()).toBe(0);
    await checkPage(page, visit, 'store-without-vendor');
  }, TEST_MS);

  it('a service nobody offers says No vendors found for "Astronaut".', async () => {
    await page.goto('/service?search=Astronaut');
    await shown(page.getByRole('heading', { level: 1, name: 'Astronaut' }));
    await shown(page.getByText('No vendors found for "Astronaut".', { exact: true }));
    expect(await page.getByRole('link', { name: /^View Details/ }).count()).toBe(0);
    expect(await page.getByRole('navigation', { name: 'Pagination' }).count()).toBe(0);
    await checkPage(page, visit, 'services-empty');
  }, TEST_MS);
});

describe('links and reloads land on pages', () => {
  it('reloading a professional\'s profile shows the profile again', async () => {
    const plumber = await aPlumber();
    await page.goto(`/service/details/${plumber._id}`);
    await shown(page.getByRole('heading', { level: 1, name: plumber.Owner_name }));
    await shown(page.getByRole('region', { name: 'Client Reviews' }).getByText(/^\d\.\d$/).first());
    await loadWholePage(page); // so the reload cuts no picture short
    await page.reload();
    await shown(page.getByRole('heading', { level: 1, name: plumber.Owner_name }));
    await shown(page.getByText(plumber.Business_Name, { exact: true }).first());
    await shown(page.getByRole('heading', { name: 'Recent Projects' }));
    await shown(page.getByRole('heading', { name: 'Client Reviews' }));
    expect(where(page)).toBe(`/service/details/${plumber._id}`);
    await checkPage(page, visit, 'profile-reloaded');
  }, TEST_MS);

  it('reloading a product page shows the page, not the API\'s JSON', async () => {
    const product = await aProduct();
    await page.goto(`/product/${product._id}`);
    await shown(page.getByRole('heading', { level: 1, name: product.ProductName }));
    await loadWholePage(page);
    const response = await page.reload();
    expect(response?.headers()['content-type']).toMatch(/^text\/html/);
    expect(await page.evaluate(() => document.contentType)).toBe('text/html');
    await shown(page.getByRole('heading', { level: 1, name: product.ProductName }));
    await shown(page.getByRole('button', { name: 'Add to Cart' }));
    expect(await page.locator('body > pre').count()).toBe(0);
    await checkPage(page, visit, 'product-reloaded');
  }, TEST_MS);

  it('/products leads to the materials list at /product', async () => {
    await page.goto('/products');
    await page.waitForURL((url) => url.pathname === '/product', { timeout: WAIT });
    // The spec: the materials list defaults to Cement.
    await shown(page.getByRole('heading', { level: 1, name: /^Cement/ }));
    await shown(page.getByRole('region', { name: 'Products' }).getByRole('link').first());
    await checkPage(page, visit, 'products-redirect');
  }, TEST_MS);

  it('the header search for "ultratech" lists UltraTech products', async () => {
    await page.goto('/about');
    const search = await shown(page.getByRole('combobox', { name: 'Search materials' }));
    await search.fill('ultratech');
    await search.press('Enter');
    await page.waitForURL((url) => url.pathname === '/product' && url.search === '?search=ultratech', { timeout: WAIT });
    const products = page.getByRole('region', { name: 'Products' }).getByRole('link');
    await shown(products.first());
    const names = await products.allTextContents();
    expect(names.some((n) => /UltraTech/.test(n)), `UltraTech among ${names.join(', ')}`).toBe(true);
    await checkPage(page, visit, 'search-ultratech');
  }, TEST_MS);
});

describe('a visitor who is not logged in', () => {
  it('is asked to log in on "Add to Cart"', async () => {
    const product = await aProduct();
    await page.goto(`/product/${product._id}`);
    await shown(page.getByRole('heading', { level: 1, name: product.ProductName }));
    await loadWholePage(page); // first, so the screenshot below still catches the 3-second toast
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await shown(toast(page, 'Please log in to add items to your cart.'));
    expect(where(page)).toBe(`/product/${product._id}`);
    await checkPage(page, visit, 'add-to-cart-logged-out');
  }, TEST_MS);

  it('is asked to log in on "Message"', async () => {
    const plumber = await aPlumber();
    await page.goto(`/service/details/${plumber._id}`);
    await shown(page.getByRole('heading', { level: 1, name: plumber.Owner_name }));
    await loadWholePage(page);
    await page.getByRole('button', { name: 'Message' }).click();
    await shown(toast(page, 'Please login to chat with vendor'));
    expect(where(page)).toBe(`/service/details/${plumber._id}`);
    await checkPage(page, visit, 'message-logged-out');
  }, TEST_MS);
});
