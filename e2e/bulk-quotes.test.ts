import type { APIRequestContext, Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatPaise } from '@nirmaan/shared/money';
import type { Rfq, VendorRfq } from '@nirmaan/shared/rfqs';
import { startRazorpay } from '../apps/server/test/support/razorpay.ts';
import { MOBILE, DESKTOP, launchBrowser, screenshot } from './support/browser.ts';
import { expectToast, logInThroughApi, logInVendorThroughApi, reach } from './support/accounts.ts';
import { shipAndDeliver } from './support/delivery.ts';
import { WAIT, openVisit, shown, type Visit } from './support/journey.ts';
import { CHECKOUT_URL, checkoutDialog, serveCheckout } from './support/razorpay-checkout.ts';
import { startServer, type RunningServer } from './support/server.ts';

/**
 * Buying in bulk (issue 35) in a real browser: a customer asks for 300 bags of OPC 53 cement and 2 tonnes of 12 mm
 * TMT to a Gachibowli site (500032); a demo seller quotes through the portal's form, a second one through the API
 * and then revises; the customer counters the first seller's quote, the seller counters back in the portal, the
 * customer agrees and the seller accepts (a new version at that total); the customer compares the quotes by landed total, accepts the cheapest and pays online
 * through the gateway stand-in; the seller delivers with the customer's code, and the invoice carries the quoted prices.
 */
const SITE = '500032';
const PASSWORD = 'Demo@12345';
let rzp: Awaited<ReturnType<typeof startRazorpay>>;
let server: RunningServer;
let browser: Browser;
let visit: Visit;
let customer: Page;
let portal: Page;
const sellers = new Map<string, APIRequestContext>();

beforeAll(async () => {
  rzp = await startRazorpay();
  server = await startServer({ ...rzp.env, RAZORPAY_CHECKOUT_URL: CHECKOUT_URL });
  browser = await launchBrowser();
  visit = await openVisit(browser, undefined, { baseUrl: server.url });
  await serveCheckout(visit.context, (orderId) => rzp.pay(orderId));
  customer = await visit.context.newPage();
  await logInThroughApi(customer, server.url, 'asha@demo.nirmaan.in', PASSWORD);
  // One demo seller of bulk cement and steel quotes in the portal, the other through the API.
  portal = await (await openVisit(browser, undefined, { baseUrl: server.url })).context.newPage();
  await logInVendorThroughApi(portal, 'golconda@demo.nirmaan.in', PASSWORD);
  sellers.set('Golconda Cement Agencies', portal.request);
  for (const [email, name] of [['kakatiya@demo.nirmaan.in', 'Kakatiya Steel & Cement']] as const) {
    const seller = (await browser.newContext({ baseURL: server.url })).request;
    expect((await seller.post('/api/vendor/login', { data: { email, password: PASSWORD } })).status()).toBe(200);
    sellers.set(name, seller);
  }
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await rzp?.close();
});

/** A quote through the API: the given price of every cement and steel item, freight and unloading as the rate card proposes. */
async function quoteThroughApi(seller: APIRequestContext, rfqId: string, prices: { Cement: number; Steel: number }) {
  const rfq = (await (await seller.get(`/api/vendor/rfqs/${rfqId}`)).json()) as VendorRfq;
  const res = await seller.post(`/api/vendor/rfqs/${rfqId}/quotes`, {
    data: {
      items: rfq.items.map((i) => ({ itemId: i._id, unitPricePaise: prices[i.category as 'Cement' | 'Steel'] })),
      freightPaise: rfq.proposal!.freightPaise, unloadingPaise: rfq.proposal!.unloadingPaise, validHours: 48, paymentTerms: ['online'], notes: 'Fresh stock.',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
}

describe('buying in bulk', () => {
  it('asks for quotes, compares them by landed total, accepts and pays online, and is invoiced at the quoted price', { timeout: 240_000 }, async () => {
    // The customer asks from the cement category.
    await customer.goto('/product?search=Cement');
    await customer.getByRole('link', { name: 'Get quotes for bulk' }).click();
    await reach(customer, '/requests/new');
    const first = customer.getByRole('group', { name: 'Item 1' });
    await expect.poll(() => first.getByLabel('Material').inputValue(), { timeout: WAIT }).toBe('Cement');
    await first.getByLabel('Grade, brand or “equivalent”').fill('OPC 53 grade, UltraTech or equivalent');
    await first.getByLabel('Quantity').fill('300');
    await customer.getByRole('button', { name: 'Add another item' }).click();
    const second = customer.getByRole('group', { name: 'Item 2' });
    await second.getByLabel('Material').selectOption('Steel');
    await second.getByLabel('Grade, brand or “equivalent”').fill('Fe 500D TMT 12 mm');
    await second.getByLabel('Quantity').fill('2');
    await second.getByLabel('Unit').selectOption('tonnes');
    await customer.getByLabel('Site pincode').fill(SITE);
    // A bill of quantities goes with it: uploaded at once as a private file that only the sellers it goes to can open.
    await customer.getByLabel('Attach files').setInputFiles({ name: 'boq.csv', mimeType: 'text/csv', buffer: Buffer.from('Item,Quantity,Unit\nOPC 53 cement,300,bags\nTMT 12 mm,2,tonnes\n') });
    await shown(customer.getByRole('button', { name: 'Remove boq.csv' }));
    await customer.getByRole('button', { name: 'Ask for quotes' }).click();
    await expectToast(customer, 'Your request went to 3 sellers. Their quotes appear on this page.', 'success');
    await customer.waitForURL(/\/requests\/[0-9a-f-]{36}$/, { timeout: WAIT });
    const rfqId = new URL(customer.url()).pathname.split('/').at(-1)!;

    // A seller quotes through the portal's form: unit prices typed, freight as its rate card proposes.
    await portal.goto('/vendor/requests');
    await portal.getByRole('link', { name: /^Open request: 300 bags OPC 53/ }).first().click();
    await reach(portal, `/vendor/requests/${rfqId}`);
    const boq = portal.getByRole('list', { name: "The buyer's files:" }).getByRole('link', { name: 'Bill of quantities (CSV)' });
    await shown(boq);
    const download = await portal.request.get((await boq.getAttribute('href'))!);
    expect([download.status(), download.headers()['content-disposition']]).toEqual([200, expect.stringMatching(/^attachment; /)]);
    expect(await download.text()).toContain('OPC 53 cement,300,bags');
    await portal.getByLabel(/^Unit price for 300 bags/).fill('392');
    await portal.getByLabel(/^Unit price for 2 tonnes/).fill('64000');
    await portal.getByRole('button', { name: 'Send quote' }).click();
    await shown(portal.getByRole('list', { name: 'Your quotes' }).getByText(/^Version 1: ₹[0-9,.]+ landed · live/));

    // A second seller quotes through the API, then revises its price down (a new version).
    await quoteThroughApi(sellers.get('Kakatiya Steel & Cement')!, rfqId, { Cement: 39_800, Steel: 6_450_000 });
    await quoteThroughApi(sellers.get('Kakatiya Steel & Cement')!, rfqId, { Cement: 38_400, Steel: 6_300_000 });

    // The customer counters the portal seller's quote with a landed total, ₹2,000 under it.
    const golconda = () => customer.getByRole('article', { name: 'Quote from Golconda Cement Agencies' });
    const v1 = ((await (await portal.request.get(`/api/vendor/rfqs/${rfqId}`)).json()) as VendorRfq).myQuotes[0]!;
    const asked = v1.landedTotalPaise - 200_000;
    await customer.reload();
    await golconda().getByRole('button', { name: 'Make a counter-offer' }).click();
    await golconda().getByLabel('Your landed total (₹)').fill(String(asked / 100));
    await golconda().getByLabel('Message to the seller (optional)').fill('Another dealer is cheaper.');
    await golconda().getByRole('button', { name: 'Send counter-offer' }).click();
    await expectToast(customer, 'Your counter-offer is sent to Golconda Cement Agencies.', 'success');
    await shown(golconda().getByText(`You proposed ${formatPaise(asked)} landed.`));

    // The seller, in the portal, counters with its own total, ₹1,000 under its quote.
    const offered = v1.landedTotalPaise - 100_000;
    await portal.reload();
    const answer = portal.getByRole('group', { name: "The buyer's counter-offer" });
    await shown(answer.getByText(`The buyer asks for ${formatPaise(asked)} landed; your quote is ${formatPaise(v1.landedTotalPaise)}.`));
    await answer.getByRole('button', { name: 'Counter with my total' }).click();
    await answer.getByLabel('Your landed total (₹)').fill(String(offered / 100));
    await answer.getByRole('button', { name: 'Send my total' }).click();
    await expectToast(portal, 'Your total is sent to the buyer.', 'success');

    // The customer agrees to the seller's figure; the seller accepts it, which makes version 2 at that total.
    await customer.reload();
    await shown(golconda().getByText(`Golconda Cement Agencies answered with ${formatPaise(offered)} landed.`));
    await golconda().getByRole('button', { name: `Agree to ${formatPaise(offered)}` }).click();
    await expectToast(customer, 'Your counter-offer is sent to Golconda Cement Agencies.', 'success');
    await portal.reload();
    await answer.getByRole('button', { name: "Accept the buyer's price" }).click();
    await expectToast(portal, 'You accepted: a new version of your quote is sent to the buyer.', 'success');
    await shown(portal.getByRole('list', { name: 'Your quotes' }).getByText(/^Version 2: ₹[0-9,.]+ landed · live/));
    const v2 = ((await (await portal.request.get(`/api/vendor/rfqs/${rfqId}`)).json()) as VendorRfq).myQuotes.find((q) => q.status === 'live')!;
    // The unit prices are scaled down in whole paise: the new landed total is the agreed figure, or under it by less
    // than a paisa a unit (302 units).
    expect(v2.version).toBe(2);
    expect(offered - v2.landedTotalPaise).toBeGreaterThanOrEqual(0);
    expect(offered - v2.landedTotalPaise).toBeLessThan(302);

    // The customer compares: the live quotes side by side, cheapest landed total first, at the server's figures.
    const rfq = (await (await customer.request.get(`/api/rfqs/${rfqId}`)).json()) as Rfq;
    // The thread with the portal seller (the other seller's revision is a step of its own thread).
    expect(rfq.messages.filter((m) => m.vendorId === v1.vendor._id).map((m) => [m.author, m.kind])).toEqual([['buyer', 'counter'], ['seller', 'countered'], ['buyer', 'counter'], ['seller', 'revised']]);
    const live = rfq.quotes.filter((q) => q.status === 'live').sort((a, b) => a.landedTotalPaise - b.landedTotalPaise);
    expect(live.map((q) => q.vendor.businessName).sort()).toEqual(['Golconda Cement Agencies', 'Kakatiya Steel & Cement']);
    await customer.reload();
    const cards = customer.getByTestId('rfq-quote');
    await expect.poll(() => cards.count(), { timeout: WAIT }).toBe(2);
    expect(await cards.getByRole('heading').allTextContents()).toEqual(live.map((q) => q.vendor.businessName));
    expect(await cards.getByTestId('landed-total').allTextContents()).toEqual(live.map((q) => formatPaise(q.landedTotalPaise)));
    await shown(cards.first().getByText('Lowest landed total'));
    // Valid for 48 hours from a moment ago: the countdown reads two days, or a minute under.
    for (const left of await cards.getByTestId('validity').allTextContents()) expect(left).toMatch(/^(2 days|1 day 23 h) left$/);
    await screenshot(customer, 'bulk-quotes-compare-desktop');
    await customer.setViewportSize(MOBILE);
    await screenshot(customer, 'bulk-quotes-compare-phone');
    await customer.setViewportSize(DESKTOP);

    // Accept the cheapest and pay online through the gateway's window.
    const winner = live[0]!;
    await cards.first().getByRole('button', { name: `Accept ${formatPaise(winner.landedTotalPaise)}` }).click();
    const panel = customer.getByRole('region', { name: /^Accept .* quote of / });
    await panel.getByLabel('Site address').fill('Plot 21, Financial District, Gachibowli');
    await panel.getByLabel('City').fill('Hyderabad');
    await panel.getByLabel('State').fill('Telangana');
    await panel.getByLabel('Pay online (card, netbanking)').check();
    await panel.getByRole('button', { name: 'Accept and place order' }).click();
    await (await checkoutDialog(customer)).getByRole('button', { name: 'Pay' }).click();
    await expectToast(customer, 'Payment successful. Your order is paid.', 'success');
    await reach(customer, '/myorder');

    // The winning seller ships and delivers each line with the customer's code; the invoice is at the quoted prices.
    const accepted = (await (await customer.request.get(`/api/rfqs/${rfqId}`)).json()) as Rfq;
    expect(accepted).toMatchObject({ state: 'accepted', acceptedQuoteId: winner._id });
    const seller = sellers.get(winner.vendor.businessName)!;
    const lines = ((await (await seller.get('/api/vendor/orders')).json()) as { _id: string; orderId: string; customerId: string; paymentStatus: string }[])
      .filter((l) => l.orderId === accepted.orderId);
    expect(lines.map((l) => l.paymentStatus)).toEqual(['Paid', 'Paid']);
    for (const line of lines) {
      for (const moved of await shipAndDeliver(seller, customer.request, line.customerId, line._id)) expect(moved.status(), await moved.text()).toBe(200);
    }
    const { invoices } = (await (await customer.request.get('/api/invoices')).json()) as { invoices: { id: string; orderId: string }[] };
    const invoice = (await (await customer.request.get(`/api/invoices/${invoices.find((i) => i.orderId === accepted.orderId)!.id}`)).json()) as { lines: { hsn: string; quantity: number; totalPaise: number }[] };
    const material = winner.items.map((i) => ({ hsn: i.hsn, quantity: i.quantity, totalPaise: i.materialPaise }));
    expect(invoice.lines).toEqual(expect.arrayContaining(material.map((m) => expect.objectContaining(m))));
    expect(invoice.lines.reduce((sum, l) => sum + l.totalPaise, 0)).toBe(winner.landedTotalPaise);
    await customer.reload();
    await shown(customer.getByRole('link', { name: /^Invoice .* for / }).first());
  });
});
