import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, screenshot } from './support/browser.ts';
import { createAccount, expectToast, logInThroughApi, newCustomer, reach } from './support/accounts.ts';
import { WAIT, fillServiceAddress, openVisit, shown, type Visit } from './support/journey.ts';

/**
 * In a real browser: Plumber → a professional → Hire Now → a date and slot → book → Service Orders shows it;
 * a second booking pre-fills the saved details with the info toast and shows the first slot taken on that date;
 * the demo plumber's portal Calendar (leave, longer hours) changes the slots the booking page offers.
 */
let browser: Browser;
let visit: Visit;
let page: Page;

const inIndia = (days: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date(Date.now() + days * 86_400_000));

beforeAll(async () => {
  browser = await launchBrowser();
  visit = await openVisit(browser);
  page = await visit.context.newPage();
  const customer = newCustomer('booking', 'Kavya Menon');
  await createAccount(page.request, customer);
  await logInThroughApi(page, baseUrl(), customer.email, customer.password);
}, 300_000);

afterAll(async () => {
  await browser?.close();
});

async function bookSlot(date: string, slot: string) {
  await page.getByLabel('Service date').fill(date);
  await page.getByRole('button', { name: slot, exact: true }).click();
  await page.getByRole('tab', { name: 'Cash' }).click();
  await shown(page.getByText('Pay at the time of service.'));
  await page.getByRole('button', { name: 'Book Now' }).click();
  await expectToast(page, 'Booking Successful!', 'success');
  await reach(page, '/myorder');
}

describe('booking a professional', () => {
  it('hires a plumber for a date and slot, and the next booking is pre-filled with that slot taken', { timeout: 300_000 }, async () => {
    await page.goto('/service?search=Plumber');
    const details = await shown(page.getByRole('link', { name: /^View Details: / }).first());
    const vendorName = (await details.getAttribute('aria-label'))!.replace(/^View Details: /, '');
    await details.click();
    await page.waitForURL(/\/service\/details\/[0-9a-f-]{36}$/, { timeout: WAIT });
    await page.getByRole('button', { name: 'Hire Now' }).click();
    await reach(page, '/myorder/service');
    await shown(page.getByRole('heading', { name: 'Book Your Service' }));
    // A first booking: the read-only contact comes from the profile, never empty.
    await expect.poll(() => page.getByLabel('Full name').inputValue(), { timeout: WAIT }).toBe('Kavya Menon');
    await fillServiceAddress(page, 'Flat 4B, Lake View Apartments, Madhapur', '500081');
    const date = inIndia(4);
    await screenshot(page, 'booking-desktop');
    await bookSlot(date, '11:00 AM');

    await page.getByRole('tab', { name: 'Service Orders' }).click();
    const order = page.getByRole('list', { name: 'Service orders' }).getByRole('listitem').first();
    await shown(order);
    const text = (await order.textContent()) ?? '';
    expect(text).toContain(vendorName);
    expect(text).toContain('11:00 AM');
    expect(text).toContain('Pending');
    expect(text).toContain('Flat 4B, Lake View Apartments, Madhapur');
    await screenshot(page, 'service-orders-desktop');

    // Again: saved details fill the form with the info toast, and 11:00 AM is taken on that date.
    await page.goto('/myorder/service');
    await expectToast(page, 'Saved details auto-filled. You can edit them if needed.', 'info');
    await expect.poll(() => page.getByLabel('Street').inputValue(), { timeout: WAIT }).toBe('Flat 4B, Lake View Apartments, Madhapur');
    await page.getByLabel('Service date').fill(date);
    await expect.poll(() => page.getByRole('button', { name: /11:00 AM/ }).isDisabled(), { timeout: WAIT }).toBe(true);
    expect(await page.getByRole('button', { name: '10:00 AM', exact: true }).isDisabled()).toBe(false);
  });

  it('a professional’s Calendar: leave empties a day, longer hours offer a 5 PM start, and the six slots come back', { timeout: 300_000 }, async () => {
    const vendorVisit = await openVisit(browser);
    const vendor = await vendorVisit.context.newPage();
    expect((await vendor.request.post('/api/vendor/login', { data: { email: 'pro@demo.nirmaan.in', password: 'Demo@12345' } })).status()).toBe(200);
    const pro = (await (await vendor.request.get('/api/vendor/me')).json()) as { _id: string };
    const leave = inIndia(10);
    const sunday = (d: string) => new Date(`${d}T00:00:00Z`).getUTCDay() === 0;
    const workday = sunday(inIndia(11)) ? inIndia(12) : inIndia(11);

    // The demo plumber sets a calendar: the form starts from Monday to Saturday, 9 to 6; one date of leave.
    await vendor.goto('/vendor/calendar');
    await shown(vendor.getByText(/You have no calendar: customers book the six slots/));
    await vendor.getByLabel('Leave date').fill(leave);
    await vendor.getByRole('button', { name: 'Add leave' }).click();
    await shown(vendor.getByTestId('calendar-exception').filter({ hasText: leave }));
    await vendor.getByRole('button', { name: 'Save calendar' }).click();
    await expectToast(vendor, 'Calendar saved.', 'success');

    // The customer's booking page offers what the calendar leaves: nothing on the leave day, 5 PM on a workday.
    await page.goto(`/service/details/${pro._id}`);
    await page.getByRole('button', { name: 'Hire Now' }).click();
    await reach(page, '/myorder/service');
    await page.getByLabel('Service date').fill(leave);
    await shown(page.getByText('No free times on this day. Please choose another date.'));
    await page.getByLabel('Service date').fill(workday);
    await expect.poll(() => page.getByRole('button', { name: '5:00 PM', exact: true }).isEnabled(), { timeout: WAIT }).toBe(true);

    // Back to the six slots, as before any calendar (other journeys book this professional too).
    await vendor.getByRole('button', { name: 'Use the six standard slots instead' }).click();
    await expectToast(vendor, 'Customers now see the six standard slots.', 'success');
    const slots = (await (await vendor.request.get(`/api/vendors/${pro._id}/slots?from=${leave}&to=${leave}`)).json()) as { days: { times: string[] }[] };
    expect(slots.days[0]!.times).toHaveLength(6);
    await vendorVisit.context.close();
  });
});
