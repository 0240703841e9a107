import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject, onTestFailed } from 'vitest';

export const baseUrl = () => inject('baseUrl');
export const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../../test-results/screenshots');

export const DESKTOP = { width: 1280, height: 800 };
export const MOBILE = { width: 390, height: 844 };

/** Debian's Chromium, headless, with the flags that keep it off the network. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
      '--disable-sync', '--no-first-run', '--disable-quic'],
  });
}

/**
 * A browser context that records every request leaving the machine (there must be none)
 * and every failed image or script.
 */
export async function newContext(browser: Browser, viewport = DESKTOP, opts: { isMobile?: boolean; baseUrl?: string } = {}) {
  const base = opts.baseUrl ?? baseUrl();
  const context: BrowserContext = await browser.newContext({ viewport, baseURL: base, isMobile: opts.isMobile ?? false, hasTouch: opts.isMobile ?? false });
  const external: string[] = [];
  const failed: string[] = [];
  const origin = new URL(base).origin;
  context.on('request', (req) => {
    const url = req.url();
    if (!url.startsWith(origin) && !url.startsWith('data:') && !url.startsWith('blob:')) external.push(url);
  });
  context.on('requestfailed', (req) => {
    const error = req.failure()?.errorText;
    // An image still loading when the test navigates away is aborted by that navigation; an image that
    // is really missing fails with another error, or shows as broken on the page (brokenImages).
    if (error === 'net::ERR_ABORTED' && req.resourceType() === 'image') return;
    failed.push(`${req.url()} (${error})`);
  });
  context.on('response', (res) => {
    const type = res.request().resourceType();
    // A page of an unknown product or vendor is a 404 by design (docs/decisions/023); the tests read its text.
    const missingPage = type === 'document' && res.status() === 404;
    if (res.status() >= 400 && type !== 'fetch' && type !== 'xhr' && !missingPage) failed.push(`${res.url()} → ${res.status()}`);
  });
  return { context, external, failed };
}

/** Saves a full-page screenshot to test-results/screenshots/<name>.png. */
export async function captureScreenshot(page: Page, name: string) {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

/**
 * Keeps a screenshot of the page as test output if the test fails (what the page shows then); with
 * E2E_SCREENSHOTS=all, of every page at this point, as the suite once did. A full-page capture costs a second or
 * more on this machine, and a passing run's pictures were never looked at.
 */
export async function screenshot(page: Page, name: string) {
  if (process.env.E2E_SCREENSHOTS === 'all') return captureScreenshot(page, name);
  try {
    onTestFailed(async () => {
      await captureScreenshot(page, name).catch(() => undefined); // the test may have closed the page
    });
  } catch {
    // Outside a test (a beforeAll): a failing hook reports itself.
  }
}

/** Every <img> on the page has loaded with real pixels. */
export async function brokenImages(page: Page): Promise<string[]> {
  return page.$$eval('img', (imgs) =>
    imgs.filter((i) => i.loading !== 'lazy' || i.complete).filter((i) => !i.complete || i.naturalWidth === 0).map((i) => i.currentSrc || i.src));
}
