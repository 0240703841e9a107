import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { DESKTOP, brokenImages, captureScreenshot, newContext, screenshot } from './browser.ts';

/** What newContext() returns; the two lists fill up as the visitor moves around. */
export interface Visit {
  context: BrowserContext;
  external: string[];
  failed: string[];
}

/** Generous: the machine running these tests is shared and slow. */
export const WAIT = 90_000;

/** newContext() with every Playwright wait (clicks, page loads) as generous as WAIT. */
export async function openVisit(browser: Browser, viewport = DESKTOP, opts: { isMobile?: boolean; baseUrl?: string } = {}): Promise<Visit> {
  const visit = await newContext(browser, viewport, opts);
  visit.context.setDefaultTimeout(WAIT);
  visit.context.setDefaultNavigationTimeout(WAIT);
  return visit;
}

/**
 * Scrolls through the page a screen at a time so lazy images come into range, then waits
 * (bounded) until every image that started loading has finished.
 */
export async function loadWholePage(page: Page) {
  await page.evaluate(async () => {
    const step = Math.max(200, Math.floor(window.innerHeight * 0.8));
    for (let y = 0; y < document.documentElement.scrollHeight; y += step) {
      window.scrollTo({ top: y, behavior: 'instant' });
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50)));
    }
    window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' });
  });
  await page
    .waitForFunction(() => Array.from(document.images).every((img) => img.complete), undefined, { timeout: WAIT })
    .catch(() => undefined); // brokenImages() then names whatever is still missing
  // 'instant': Bootstrap makes scrolling smooth, and a screenshot mid-scroll draws the sticky header mid-page.
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
}

/**
 * Reloads once nothing of the page is still loading (a lazy chunk, a picture): a reload aborts what is in flight, and
 * checkPage would count it as a failed request.
 */
export async function reloadSettled(page: Page) {
  await page.waitForLoadState('networkidle');
  return page.reload();
}

/**
 * What a visitor would notice on any page: no broken picture, nothing fetched from another
 * site, no failed script, style or image. Keeps a screenshot when a check fails (or the test does later:
 * `screenshot`), then clears the lists so the next page is judged on its own.
 */
export async function checkPage(page: Page, visit: Visit, name: string) {
  await loadWholePage(page);
  try {
    expect(await brokenImages(page), `${name}: broken images`).toEqual([]);
    expect(visit.external, `${name}: requests that left the machine`).toEqual([]);
    expect(visit.failed, `${name}: failed requests`).toEqual([]);
  } catch (err) {
    await captureScreenshot(page, name).catch(() => undefined);
    throw err;
  }
  await screenshot(page, name);
  visit.external.length = 0;
  visit.failed.length = 0;
}

/** Waits for a locator with the generous timeout and returns it. */
export async function shown(locator: Locator): Promise<Locator> {
  try {
    await locator.waitFor({ state: 'visible', timeout: WAIT });
  } catch (err) {
    // Say what the visitor saw instead.
    const page = locator.page();
    const text = await page.locator('body').innerText({ timeout: 5_000 }).catch(() => '(no body)');
    throw new Error(`${(err as Error).message}\n--- ${page.url()} shows:\n${text.slice(0, 1_500)}`, { cause: err });
  }
  return locator;
}

/** The path and query of the page, e.g. `/product?search=Cement`. */
export const where = (page: Page) => {
  const url = new URL(page.url());
  return decodeURIComponent(url.pathname + url.search);
};

/** A toast: a status message with this text. */
export const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

/** Reads JSON from the app's own API, the way the web app asks for it. */
export async function apiJson<T>(page: Page, path: string): Promise<T> {
  const res = await page.request.get(path, { headers: { accept: 'application/json' } });
  expect(res.ok(), `GET ${path} → ${res.status()}`).toBe(true);
  return (await res.json()) as T;
}

/** The booking form's service address: a street and PIN in Hyderabad, Telangana (where the demo professionals work). */
export async function fillServiceAddress(page: Page, street: string, zip: string) {
  await page.getByLabel('Street').fill(street);
  await page.getByLabel('City').fill('Hyderabad');
  await page.getByLabel('State').fill('Telangana');
  await page.getByLabel('ZIP').fill(zip);
}
