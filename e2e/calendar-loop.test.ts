import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from './support/browser.ts';
import { createAccount, expectToast, logInThroughApi, logInVendorThroughApi, newCustomer, reach } from './support/accounts.ts';
import { WAIT, fillServiceAddress, shown } from './support/journey.ts';
import { activatePayouts } from './support/payouts.ts';
import { checkoutDialog } from './support/razorpay-checkout.ts';
import type { RunningServer } from './support/server.ts';
import { openPayingStage, type PayingStage } from './support/stage.ts';

/**
 * Issue 34's whole loop, in real pages (decision records 042–044): a customer books a site visit with the demo civil
 * engineer; the engineer starts it with the customer's start code and sends a 3-day quote from the portal; the
 * customer accepts it and pays through checkout; the engineer starts the job with its code; the customer moves the
 * job's second day (free: days ahead, outside the 3-hour window); the engineer proposes another date for its third
 * day from the portal and the customer accepts it (decision record 049); the customer confirms completion; the
 * engineer's Earnings shows the job released. The engineer's payout account activates first, as Route activates one (payouts.test.ts).
 */

let stage: PayingStage;
let server: RunningServer;
let engineer: Page;
let customer: Page;
const me = newCustomer('calendar', 'Meena Iyer');
const ENGINEER = 'engineer@demo.nirmaan.in';
const inIndia = (days: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date(Date.now() + days * 86_400_000));

beforeAll(async () => {
  stage = await openPayingStage();
  server = stage.server;
  engineer = await stage.page();
  customer = await stage.payingPage();
  await createAccount(customer.request, me);
  await logInThroughApi(customer, server.url, me.email, me.password);
  await logInVendorThroughApi(engineer, ENGINEER, 'Demo@12345');
}, 300_000);

afterAll(async () => {
  await stage?.close();
});

/** The customer's My orders → Service Orders, reloaded, and one booking's card by a text in it. */
async function myBooking(text: string | RegExp): Promise<Locator> {
  await customer.goto('/myorder');
  await customer.getByRole('tab', { name: 'Service Orders' }).click();
  return shown(customer.getByRole('list', { name: 'Service orders' }).getByRole('listitem').filter({ hasText: text }).first());
}

/** The engineer's portal card of a booking, by a text in it, on a fresh Bookings page. */
async function portalCard(text: string | RegExp): Promise<Locator> {
  await engineer.goto('/vendor/bookings');
  return shown(engineer.getByTestId('vendor-booking').filter({ hasText: text }).first());
}

/** At the door: the start code from the customer's My orders, entered in the portal. */
async function startWithCode(customerCard: Locator, card: Locator) {
  const code = (await (await shown(customerCard.locator('strong.font-monospace'))).textContent()) ?? '';
  expect(code).toMatch(/^\d{4}$/);
  await card.getByRole('button', { name: 'Start', exact: true }).click();
  await card.getByLabel("Customer's start code").fill(code);
  await card.getByRole('button', { name: 'Start job' }).click();
  await expectToast(engineer, 'Job started.', 'success');
}

describe('visit → quote → paid 3-day job → a day moved → a day proposed → completed → released', () => {
  it('runs the whole loop in the browser', { timeout: 600_000 }, async () => {
    await engineer.goto('/vendor/payouts');
    await activatePayouts(engineer, { legalName: 'BuildRight Engineering Consultants', businessType: 'proprietorship', pan: 'ABCPR1234K', accountNumber: '000987654321', ifsc: 'HDFC0000001' });
    const engineerId = ((await (await engineer.request.get(`${server.url}/api/vendor/me`)).json()) as { _id: string })._id;

    // The customer books a ₹500 site visit, in cash, two days ahead.
    await customer.goto(`/service/details/${engineerId}`);
    await customer.getByRole('button', { name: 'Hire Now' }).click();
    await reach(customer, '/myorder/service');
    await expect.poll(() => customer.getByLabel('Full name').inputValue(), { timeout: WAIT }).toBe('Meena Iyer');
    await customer.getByLabel(/^A site visit first/).check();
    await fillServiceAddress(customer, 'Plot 7, Road No. 4, Gachibowli', '500032');
    const visitDay = inIndia(2);
    const slotsLoaded = customer.waitForResponse((r) => r.url().includes(`/slots?from=${visitDay}`));
    await customer.getByLabel('Service date').fill(visitDay);
    await slotsLoaded;
    await customer.getByRole('group', { name: 'Time slots' }).getByRole('button', { name: '11:00 AM', exact: true }).click();
    await customer.getByRole('tab', { name: 'Cash' }).click();
    await customer.getByRole('button', { name: 'Book Now' }).click();
    await expectToast(customer, 'Booking Successful!', 'success');

    // The engineer confirms the visit, starts it with the code, and sends a 3-day quote: ₹3,000 a day.
    let card = await portalCard(`${visitDay} · 11:00 AM`);
    await card.getByRole('button', { name: 'Confirm' }).click();
    await expectToast(engineer, `Booking of ${visitDay} at 11:00 AM confirmed.`, 'success');
    await startWithCode(await myBooking('₹750'), card);
    await card.getByRole('button', { name: 'Send quote' }).click();
    const form = card.getByRole('form', { name: 'Quote' });
    await form.getByLabel('Labour description').fill('Site supervision and layout');
    await form.getByLabel('How it is charged').selectOption('days');
    await form.getByLabel('Days', { exact: true }).fill('3');
    await form.getByLabel('Rate per day (₹)').fill('3000');
    await form.getByLabel('Working days for the job').fill('3');
    await form.getByLabel('Valid for (days)').fill('7');
    await screenshot(engineer, 'calendar-loop-quote-desktop');
    await form.getByRole('button', { name: 'Send quote' }).click();
    await expectToast(engineer, 'Quote sent.', 'success');

    // The customer accepts it from the first free start date, by UPI, and pays through checkout.
    await customer.goto('/myorder');
    await customer.getByRole('tab', { name: 'Service Orders' }).click();
    const quote = await shown(customer.getByTestId('quote').filter({ hasText: 'BuildRight Engineering Consultants' }).first());
    await quote.getByRole('button', { name: 'Accept' }).click();
    const accepting = quote.getByTestId('accept-quote');
    const start = accepting.getByLabel('Start date');
    await expect.poll(() => start.locator('option').count(), { timeout: WAIT }).toBeGreaterThan(1);
    await start.selectOption({ index: 1 });
    await accepting.getByLabel('Payment').selectOption('upi');
    const accepted = customer.waitForResponse((r) => r.url().endsWith('/accept') && r.request().method() === 'POST');
    await accepting.getByRole('button', { name: 'Accept and book' }).click();
    const answer = await (await accepted).text();
    expect(answer).toContain('razorpayOrderId');
    await (await checkoutDialog(customer)).getByRole('button', { name: 'Pay' }).click();
    // Paid (verified on the server) before the page is left: leaving at once could cancel the verification.
    await expectToast(customer, 'Payment successful. Your booking is paid.', 'success');
    // ₹9,000 of labour less the ₹500 visit, plus the ₹250 service charge; paid without a reload.
    await shown(customer.getByRole('list', { name: 'Service orders' }).getByRole('listitem').filter({ hasText: '₹8,750' }).first().getByText('payment Paid', { exact: false }));
    let job = await myBooking('₹8,750');
    await shown(job.getByText('payment Paid', { exact: false }));

    // The engineer confirms the job and starts it with its own code.
    const days = ((await (await customer.request.get(`${server.url}/cart/service/${await customer.evaluate(() => localStorage.getItem('userid'))}`)).json()) as { kind?: string; days?: string[] }[])
      .find((b) => b.kind === 'job')!.days!;
    expect(days).toHaveLength(3);
    card = await portalCard(days.join(', '));
    await card.getByRole('button', { name: 'Confirm' }).click();
    await expectToast(engineer, `Booking of ${days[0]} at 9:00 AM confirmed.`, 'success');
    await startWithCode(job, card);

    // The customer moves day 2: free, days before it starts.
    job = await myBooking('₹8,750');
    await job.getByRole('link', { name: 'Reschedule' }).click();
    await reach(customer, new URL(customer.url()).pathname);
    await shown(customer.getByRole('heading', { name: 'Reschedule your job' }));
    await customer.getByLabel('One day of the job').check();
    await shown(customer.getByText('Free: more than 3 hours before it starts.'));
    const newDate = customer.getByLabel('New date for this day');
    await expect.poll(() => newDate.locator('option').count(), { timeout: WAIT }).toBeGreaterThan(1);
    const to = await newDate.locator('option').nth(1).getAttribute('value');
    await newDate.selectOption(to!);
    await screenshot(customer, 'calendar-loop-reschedule-day-desktop');
    await customer.getByRole('button', { name: 'Reschedule', exact: true }).click();
    await expectToast(customer, 'Booking rescheduled.', 'success');
    job = await myBooking('₹8,750');
    await shown(job.getByText(`One day of the job moved from ${days[1]} 9:00 AM to ${to} 9:00 AM`));
    // The portal shows the job's new days. The engineer cannot come on day 3 and proposes another free date for it,
    // at the job's daily start; the customer accepts.
    card = await portalCard([days[0], days[2], to].sort().join(', '));
    await card.getByRole('button', { name: 'Propose a new time' }).click();
    const proposing = card.getByRole('form', { name: 'Propose a new time' });
    expect(await proposing.getByLabel('The whole job').isDisabled()).toBe(true);
    await proposing.getByLabel('Day to move').selectOption(days[2]!);
    const dayTo = proposing.getByLabel('New date for this day');
    await expect.poll(() => dayTo.locator('option').count(), { timeout: WAIT }).toBeGreaterThan(1);
    const proposed = (await dayTo.locator('option').nth(1).getAttribute('value'))!;
    await dayTo.selectOption(proposed);
    await screenshot(engineer, 'calendar-loop-propose-day-desktop');
    await proposing.getByRole('button', { name: 'Send the proposal' }).click();
    await expectToast(engineer, 'New time proposed. The customer has been told.', 'success');
    await shown(card.getByText(`Proposed: the job’s day of ${days[2]} moves to ${proposed} at 9:00 AM. Waiting for the customer.`));
    job = await myBooking('₹8,750');
    const proposal = job.getByTestId('proposal');
    await shown(proposal.getByText(`The professional proposes moving one day of your job: ${days[2]} to ${proposed}, from 9:00 AM.`, { exact: false }));
    expect(await proposal.textContent()).toContain('without an answer that day stays as booked.');
    await proposal.getByRole('button', { name: 'Accept the new time' }).click();
    await expectToast(customer, 'Booking rescheduled.', 'success');
    job = await myBooking('₹8,750');
    await shown(job.getByText(`You accepted moving one day of the job from ${days[2]} 9:00 AM to ${proposed} 9:00 AM`));
    await portalCard([days[0], to, proposed].sort().join(', '));

    // The customer confirms completion; the engineer's Earnings shows the job released.
    await job.getByRole('button', { name: 'Confirm completion' }).click();
    await customer.getByRole('dialog').getByRole('button', { name: 'Yes, it is complete' }).click();
    await expectToast(customer, 'Thank you. The booking is complete.', 'success');

    await engineer.goto('/vendor/earnings');
    const row = engineer.getByRole('table', { name: 'Earnings' }).getByRole('row').filter({ hasText: `Service on ${days[0]}` }).first();
    await expect.poll(async () => {
      await engineer.reload();
      return (await row.textContent({ timeout: WAIT })) ?? '';
    }, { timeout: WAIT, interval: 2_000 }).toContain('Released');
    await screenshot(engineer, 'calendar-loop-earnings-desktop');
  });
});
