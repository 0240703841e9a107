import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, launchBrowser } from './support/browser.ts';
import { WAIT, checkPage, loadWholePage, openVisit, shown, type Visit, where } from './support/journey.ts';

/**
 * A visitor (not logged in) goes from the landing page to a bag of cement, its seller's store,
 * and then to a plumber's profile — once on a laptop, once on a phone.
 */
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const JOURNEY_MS = 900_000;

/** The header's links on a laptop, the bottom bar on a phone — never both. */
async function checkNavigation(page: Page, mobile: boolean) {
  const bottomBar = page.getByRole('navigation', { name: 'Mobile navigation', includeHidden: true });
  const aboutLink = page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'About', includeHidden: true });
  expect(await bottomBar.isVisible(), 'bottom bar visible').toBe(mobile);
  expect(await aboutLink.isVisible(), 'desktop header links visible').toBe(!mobile);
  if (mobile) {
    for (const name of ['Home', 'Categories', 'Cart', 'Login']) {
      expect(await bottomBar.getByRole('link', { name }).isVisible(), `bottom bar link ${name}`).toBe(true);
    }
  }
}

async function journey(page: Page, visit: Visit, label: 'desktop' | 'mobile') {
  const mobile = label === 'mobile';
  const done = async (name: string) => {
    await checkNavigation(page, mobile);
    await checkPage(page, visit, `${label}-${name}`);
  };

  // Landing
  await page.goto('/');
  const materials = await shown(page.getByRole('region', { name: 'Construction Materials' }));
  await shown(page.getByRole('region', { name: 'Services' }));
  await done('landing');

  // Cement, from the materials grid
  await materials.getByRole('link', { name: /^Cement\b/ }).click();
  await page.waitForURL((url) => url.pathname === '/product' && url.searchParams.get('search') === 'Cement', { timeout: WAIT });
  await shown(page.getByRole('heading', { level: 1, name: /^Cement/ }));
  const products = page.getByRole('region', { name: 'Products' }).getByRole('link');
  await shown(products.first());
  const names = await products.allTextContents();
  expect(names.length).toBeGreaterThanOrEqual(3);
  for (const name of names) expect(name).toMatch(/cement/i);
  expect(names.some((n) => /UltraTech|ACC|Ambuja/.test(n)), `known cement brands among ${names.join(', ')}`).toBe(true);
  await done('materials');

  // One product
  const chosen = products.filter({ hasText: /UltraTech|ACC|Ambuja/ }).first();
  const productName = (await chosen.textContent())!.trim();
  await chosen.click();
  await page.waitForURL(/\/product\/[0-9a-f-]{36}$/, { timeout: WAIT });
  const productPath = where(page);
  await shown(page.getByRole('heading', { level: 1, name: productName }));
  const price = await shown(page.getByText(/^₹[\d,]+$/).first());
  expect(await price.textContent()).toMatch(/^₹[1-9][\d,]*$/);
  await shown(page.getByText('Sold by', { exact: true }));
  const businessName = (await page.getByText('Sold by', { exact: true }).locator('xpath=following-sibling::p[1]').textContent())!.trim();
  expect(businessName.length).toBeGreaterThan(0);
  for (const tab of ['Product Details', 'Reviews', 'Delivery & Returns']) await shown(page.getByRole('tab', { name: tab }));
  await shown(page.getByRole('button', { name: 'Add to Cart' }));
  await done('product');

  // The seller's store
  await page.getByRole('button', { name: 'View Store' }).click();
  await page.waitForURL((url) => url.pathname === '/viewstore', { timeout: WAIT });
  await shown(page.getByRole('heading', { level: 1, name: businessName }));
  await shown(page.getByRole('heading', { name: 'Our Products' }));
  const viewProduct = await shown(page.getByRole('link', { name: `View Product: ${productName}` }));
  await done('store');

  // ...and back to the product from the store
  await viewProduct.click();
  await page.waitForURL((url) => url.pathname === productPath, { timeout: WAIT });
  await shown(page.getByRole('heading', { level: 1, name: productName }));
  await loadWholePage(page);

  // To the plumbers: on a laptop through the landing page's Services grid, on a phone through
  // the bottom bar's Categories and the Services side of the category browser.
  if (mobile) {
    await page.getByRole('navigation', { name: 'Mobile navigation' }).getByRole('link', { name: 'Categories' }).click();
    await page.waitForURL((url) => url.pathname === '/Category', { timeout: WAIT });
    await page.getByRole('button', { name: /^Materials/ }).click();
    await shown(page.getByRole('link', { name: /Order Now\W+Cement$/ }));
    await page.getByRole('button', { name: /^Services/ }).click();
    const hire = await shown(page.getByRole('link', { name: /Hire Now\W+Plumber$/ }));
    expect(await page.getByRole('button', { name: /^Services/ }).getAttribute('aria-pressed')).toBe('true');
    await done('categories');
    await hire.click();
  } else {
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Home' }).click();
    await page.waitForURL((url) => url.pathname === '/', { timeout: WAIT });
    await (await shown(page.getByRole('region', { name: 'Services' }).getByRole('link', { name: /^Plumber\b/ }))).click();
  }
  await page.waitForURL((url) => url.pathname === '/service' && url.searchParams.get('search') === 'Plumber', { timeout: WAIT });
  await shown(page.getByRole('heading', { level: 1, name: 'Plumber' }));
  const details = page.getByRole('link', { name: /^View Details: / });
  await shown(details.first());
  expect(await details.count()).toBe(6);
  expect(await page.getByRole('button', { name: /^Book Now: / }).count()).toBe(6);
  const pagination = page.getByRole('navigation', { name: 'Pagination' });
  await shown(pagination.getByRole('button', { name: 'Page 1' }));
  expect(await pagination.getByRole('button', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');
  await shown(pagination.getByRole('button', { name: 'Page 2' }));
  await done('services');

  // Page 2 holds the rest of the plumbers
  const firstOnPage1 = await details.first().getAttribute('aria-label');
  await pagination.getByRole('button', { name: 'Page 2' }).click();
  await page.waitForFunction(
    (label) => document.querySelector('a[aria-label^="View Details: "]')?.getAttribute('aria-label') !== label,
    firstOnPage1,
    { timeout: WAIT },
  );
  expect(await pagination.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
  const onPage2 = await details.count();
  expect(onPage2).toBeGreaterThanOrEqual(1);
  expect(onPage2).toBeLessThanOrEqual(6);
  await shown(page.getByText(/^Showing 7–/));
  await loadWholePage(page);
  await pagination.getByRole('button', { name: 'Page 1' }).click();
  await page.waitForFunction(
    (label) => document.querySelector('a[aria-label^="View Details: "]')?.getAttribute('aria-label') === label,
    firstOnPage1,
    { timeout: WAIT },
  );

  // A professional with reviews
  const reviewed = page.getByRole('article').filter({ has: page.getByRole('img', { name: /^Rated / }) }).first();
  await shown(reviewed);
  const proBusiness = (await reviewed.getByRole('heading').first().textContent())!.trim();
  await reviewed.getByRole('link', { name: /^View Details: / }).click();
  await page.waitForURL(/\/service\/details\/[0-9a-f-]{36}$/, { timeout: WAIT });
  await shown(page.getByRole('heading', { level: 1 }));
  await shown(page.getByText(proBusiness, { exact: true }).first());
  await shown(page.getByRole('button', { name: 'Hire Now' }));
  await shown(page.getByRole('button', { name: 'Message' }));
  const projects = await shown(page.getByRole('region', { name: 'Recent Projects' }));
  await shown(projects.getByRole('article').first());
  expect(await projects.getByRole('article').count()).toBeGreaterThanOrEqual(1);
  const reviews = await shown(page.getByRole('region', { name: 'Client Reviews' }));
  const average = await shown(reviews.getByText(/^\d\.\d$/).first());
  const averageValue = Number(await average.textContent());
  expect(averageValue).toBeGreaterThanOrEqual(1);
  expect(averageValue).toBeLessThanOrEqual(5);
  await shown(reviews.getByRole('img', { name: `Rated ${averageValue.toFixed(1)} out of 5` }).first());
  await shown(reviews.getByText(/^\(\d+ reviews?\)$/));
  expect(await reviews.getByRole('listitem').count()).toBeGreaterThanOrEqual(1);
  await done('profile');
}

describe('a visitor browses materials and professionals', () => {
  it('on a laptop', async () => {
    const visit = await openVisit(browser, DESKTOP);
    try {
      const page = await visit.context.newPage();
      await journey(page, visit, 'desktop');
    } finally {
      await visit.context.close();
    }
  }, JOURNEY_MS);

  it('on a phone', async () => {
    const visit = await openVisit(browser, MOBILE, { isMobile: true });
    try {
      const page = await visit.context.newPage();
      await journey(page, visit, 'mobile');
    } finally {
      await visit.context.close();
    }
  }, JOURNEY_MS);
});
