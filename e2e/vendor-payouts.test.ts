import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRazorpay } from '../apps/server/test/support/razorpay.ts';
import { launchBrowser, screenshot } from './support/browser.ts';
import { SELLER_WITHOUT_PAYOUTS } from './support/accounts.ts';
import { WAIT, openVisit } from './support/journey.ts';
import { activatePayouts } from './support/payouts.ts';
import { startServer, type RunningServer } from './support/server.ts';

/**
 * Money out in a real browser (decision record 018): a seeded seller without a payout account fills Payouts, the
 * server makes the Route linked account at a local server that speaks Razorpay's API, and the gateway's signed
 * activation webhook (sent by itself a moment later, as after Razorpay's review) turns the status to Activated on
 * the open page.
 */
let rzp: Awaited<ReturnType<typeof startRazorpay>>;
let server: RunningServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  rzp = await startRazorpay();
  server = await startServer(rzp.env);
  rzp.routeAccounts.autoActivate(`${server.url}/api/payments/razorpay/webhook`, 500);
  browser = await launchBrowser();
  page = await (await openVisit(browser, undefined, { baseUrl: server.url })).context.newPage();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await rzp?.close();
});

const ACCOUNT_NUMBER = '918020012345678';

describe('the Payouts page', () => {
  it('a seller fills Payouts from scratch, and the account activates', { timeout: 240_000 }, async () => {
    await page.goto('/vendor/payouts');
    await expect.poll(() => new URL(page.url()).pathname, { timeout: WAIT }).toBe('/vendor/login');
    await page.getByLabel('Business email').fill(SELLER_WITHOUT_PAYOUTS);
    await page.getByLabel('Password', { exact: true }).fill('Demo@12345');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect.poll(() => new URL(page.url()).pathname, { timeout: WAIT }).toBe('/vendor/payouts');
    await expect.poll(() => page.getByTestId('payout-status').textContent(), { timeout: WAIT }).toBe('Not submitted');

    // Saved, then Activated on the open page: no reload while the gateway has the account.
    await activatePayouts(page, { legalName: 'Balaji Cement Traders', businessType: 'partnership', pan: 'AAPFU0939F', gstin: '27AAPFU0939F1ZV', accountNumber: ACCOUNT_NUMBER, ifsc: 'UTIB0000123' });
    expect(await page.getByTestId('payout-masked').textContent()).toBe('XXXXXXXXXXX5678');
    expect(await page.locator('body').textContent()).not.toContain(ACCOUNT_NUMBER);
    const account = [...rzp.routeAccounts.accounts.values()].find((a) => a.email === SELLER_WITHOUT_PAYOUTS);
    expect(account?.body).toMatchObject({ type: 'route', legal_business_name: 'Balaji Cement Traders', legal_info: { pan: 'AAPFU0939F' } });
    expect(rzp.routeAccounts.delivered.some((d) => d.accountId === account!.id && d.event === 'product.route.activated' && d.status === 200)).toBe(true);
    await screenshot(page, 'vendor-payouts-activated');
  });
});
