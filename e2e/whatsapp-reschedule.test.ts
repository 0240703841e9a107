import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from './support/browser.ts';
import { createAccount, expectToast, logInThroughApi, newCustomer, reach } from './support/accounts.ts';
import { WAIT, fillServiceAddress, openVisit, shown, type Visit } from './support/journey.ts';
import { startServer, type RunningServer } from './support/server.ts';

/**
 * Issue 36's journey, on a server of its own: a customer who consented to WhatsApp in Telugu books a plumber for
 * tomorrow; the evening-before reminder shows in /dev/whatsapp in Telugu; tapping Reschedule (a signed webhook)
 * answers a link to the booking's reschedule page; there she picks a new slot, and My orders shows the new time.
 */
let server: RunningServer;
let browser: Browser;
let visit: Visit;
let page: Page;
const customer = newCustomer('whatsapp', 'Lakshmi Reddy');
const inIndia = (days: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date(Date.now() + days * 86_400_000));

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  visit = await openVisit(browser, undefined, { baseUrl: server.url });
  page = await visit.context.newPage();
  await createAccount(page.request, customer);
  await logInThroughApi(page, server.url, customer.email, customer.password);
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The chat of a number on /dev/whatsapp, reloaded until `text` is in it. */
async function chatWith(phone: string, text: string) {
  const chat = page.locator(`section[data-to="${phone}"]`);
  await expect.poll(async () => {
    await page.goto('/dev/whatsapp');
    return (await chat.count()) > 0 ? (await chat.textContent()) ?? '' : '';
  }, { timeout: WAIT, interval: 1000 }).toContain(text);
  return chat;
}

describe('WhatsApp reminder → Reschedule → a new slot', () => {
  it('a Telugu reminder, its Reschedule button, the link’s slot page, and the new time in My orders', { timeout: 300_000 }, async () => {
    const phone = `91${customer.phone}`;
    const consent = await page.request.put('/api/me/whatsapp', { data: { phone: customer.phone, consent: true, language: 'te' }, headers: { origin: server.url } });
    expect(consent.status(), await consent.text()).toBe(200);

    // She books a plumber for tomorrow, cash, at the first free time.
    await page.goto('/service?search=Plumber');
    const details = await shown(page.getByRole('link', { name: /^View Details: / }).first());
    await details.click();
    await page.waitForURL(/\/service\/details\/[0-9a-f-]{36}$/, { timeout: WAIT });
    await page.getByRole('button', { name: 'Hire Now' }).click();
    await reach(page, '/myorder/service');
    // The form is filled once her details arrive (the contact from the profile): before that they would be reset.
    await expect.poll(() => page.getByLabel('Full name').inputValue(), { timeout: WAIT }).toBe('Lakshmi Reddy');
    await fillServiceAddress(page, 'Plot 21, Road No. 3, Banjara Hills', '500034');
    const tomorrow = inIndia(1);
    const tomorrowsSlots = page.waitForResponse((r) => r.url().includes(`/slots?from=${tomorrow}`));
    await page.getByLabel('Service date').fill(tomorrow);
    await tomorrowsSlots;
    const slots = page.getByRole('group', { name: 'Time slots' });
    const first = slots.locator('button:enabled').first();
    await shown(first);
    const oldTime = ((await first.textContent()) ?? '').trim();
    await first.click();
    await page.getByRole('tab', { name: 'Cash' }).click();
    await page.getByRole('button', { name: 'Book Now' }).click();
    await expectToast(page, 'Booking Successful!', 'success');
    await reach(page, '/myorder');

    // The evening-before sweep (19:00 in India today): her reminder, in Telugu, with its three buttons.
    const swept = await page.request.post('/dev/whatsapp/reminders', { data: { at: `${inIndia(0)}T19:00:00+05:30` } });
    expect(swept.status(), await swept.text()).toBe(200);
    expect(((await swept.json()) as { queued: number }).queued).toBeGreaterThan(0);
    const chat = await chatWith(phone, 'గుర్తు చేస్తున్నాం');
    await expect.poll(() => chat.locator('.bubble[lang="te"]').count(), { timeout: WAIT }).toBeGreaterThan(0);
    expect(await chat.textContent()).toContain(`${tomorrow}`);
    await screenshot(page, 'whatsapp-reminder-te');

    // Tapping Reschedule posts the signed webhook; the answer carries the link to this booking's reschedule page.
    await chat.getByRole('button', { name: 'సమయం మార్చు' }).click();
    const answered = await chatWith(phone, 'కొత్త సమయాన్ని ఇక్కడ ఎంచుకోండి:');
    const answer = answered.locator('.bubble p').filter({ hasText: 'కొత్త సమయాన్ని ఇక్కడ ఎంచుకోండి:' }).last();
    const link = /కొత్త సమయాన్ని ఇక్కడ ఎంచుకోండి: (\S+)/.exec((await answer.textContent()) ?? '')![1]!;
    const url = new URL(link);
    expect(url.pathname).toMatch(/^\/bookings\/[0-9a-f-]{36}\/reschedule$/);

    // The link opens the slot page. Its host is the configured PUBLIC_URL (this test server listens on a port of its
    // own choosing, unknown to its configuration), so the path is opened on the server she is logged in to.
    await page.goto(url.pathname);
    await shown(page.getByRole('heading', { name: 'Reschedule your booking' }));
    await expect.poll(() => page.getByTestId('current-slot').textContent(), { timeout: WAIT }).toContain(`${tomorrow} at ${oldTime}`);
    await shown(page.getByText('Rescheduling is free until 3 hours before the start.'));
    const dayAfter = inIndia(2);
    const nextSlots = page.waitForResponse((r) => r.url().includes(`/slots?from=${dayAfter}`));
    await page.getByLabel('Service date').fill(dayAfter);
    await nextSlots;
    const free = page.getByRole('group', { name: 'Time slots' }).locator('button:enabled').last();
    await shown(free);
    const newTime = ((await free.textContent()) ?? '').trim();
    await free.click();
    await screenshot(page, 'reschedule-page');
    await page.getByRole('button', { name: 'Reschedule to this time' }).click();
    await expectToast(page, 'Booking rescheduled.', 'success');
    await reach(page, '/myorder');

    // My orders shows the new time, and the change in the booking's timeline.
    await page.getByRole('tab', { name: 'Service Orders' }).click();
    const order = page.getByRole('list', { name: 'Service orders' }).getByRole('listitem').first();
    await shown(order);
    await expect.poll(async () => (await order.textContent()) ?? '', { timeout: WAIT }).toContain(`at ${newTime}`);
    await shown(order.getByRole('list', { name: 'Changes to this booking' }).getByText(`Rescheduled from ${tomorrow} ${oldTime} to ${dayAfter} ${newTime}`));
    await screenshot(page, 'service-orders-rescheduled');
  });
});
