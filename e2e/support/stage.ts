import type { Browser, Page } from 'playwright-core';
import { startRazorpay } from '../../apps/server/test/support/razorpay.ts';
import { launchBrowser } from './browser.ts';
import { openVisit } from './journey.ts';
import { CHECKOUT_URL, serveCheckout } from './razorpay-checkout.ts';
import { startServer, type RunningServer } from './server.ts';

/**
 * A browser test file's own stage: a server on fresh demo data and one browser; `page()` opens a page in a
 * context of its own (its own cookies), so a customer and a vendor can act side by side.
 */
export interface Stage {
  server: RunningServer;
  browser: Browser;
  page(): Promise<Page>;
  close(): Promise<void>;
}

/** `env`: extra server settings (a local payment gateway's, for one). */
export async function openStage(env: Record<string, string> = {}): Promise<Stage> {
  const server = await startServer(env);
  let browser: Browser;
  try {
    browser = await launchBrowser();
  } catch (err) {
    await server.stop();
    throw err;
  }
  return {
    server,
    browser,
    page: async () => (await openVisit(browser, undefined, { baseUrl: server.url })).context.newPage(),
    close: async () => {
      await browser.close();
      await server.stop();
    },
  };
}

/**
 * A stage whose server pays through a local server that speaks Razorpay's API, Route and webhooks (`rzp`); a linked
 * account made from a saved Payouts form activates half a second later, as Route activates one. `payingPage()` opens
 * a page whose checkout.js is the stand-in's, and its Pay pays at once (support/razorpay-checkout.ts).
 */
export interface PayingStage extends Stage {
  rzp: Awaited<ReturnType<typeof startRazorpay>>;
  payingPage(): Promise<Page>;
}

export async function openPayingStage(): Promise<PayingStage> {
  const rzp = await startRazorpay();
  let stage: Stage;
  try {
    stage = await openStage({ ...rzp.env, RAZORPAY_CHECKOUT_URL: CHECKOUT_URL });
  } catch (err) {
    await rzp.close();
    throw err;
  }
  rzp.routeAccounts.autoActivate(`${stage.server.url}/api/payments/razorpay/webhook`, 500);
  return {
    ...stage,
    rzp,
    payingPage: async () => {
      const visit = await openVisit(stage.browser, undefined, { baseUrl: stage.server.url });
      await serveCheckout(visit.context, (orderId) => rzp.pay(orderId));
      return visit.context.newPage();
    },
    close: async () => {
      await stage.close();
      await rzp.close();
    },
  };
}
