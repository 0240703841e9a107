import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_MSG } from '@nirmaan/shared/chat';
import { MOBILE, screenshot } from './support/browser.ts';
import { logInThroughApi } from './support/accounts.ts';
import { WAIT, openVisit, shown } from './support/journey.ts';
import type { RunningServer } from './support/server.ts';
import { openStage, type Stage } from './support/stage.ts';

/**
 * In a real browser, two contexts at once against the real socket: a customer messages the demo
 * professional from its profile, the professional sees it arrive in the portal's inbox and answers, and the
 * customer sees the answer without reloading. Markup in a message stays text on both sides.
 */
let stage: Stage;
let server: RunningServer;
let browser: Browser;
let vendor: Page;
let customer: Page;
const dialogs: string[] = [];

beforeAll(async () => {
  stage = await openStage();
  ({ server, browser } = stage);
  vendor = await stage.page();
  customer = await stage.page();
  for (const page of [vendor, customer]) {
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
  }
  await logInThroughApi(customer, server.url, 'asha@demo.nirmaan.in', 'Demo@12345');
}, 300_000);

afterAll(async () => {
  await stage?.close();
});

const thread = (page: Page) => page.getByRole('log', { name: 'Messages' });
async function send(page: Page, text: string) {
  const input = page.getByLabel('Message', { exact: true });
  await input.fill(text);
  await input.press('Enter');
}

describe('chat', () => {
  it('a customer writes from a profile, the vendor answers live, and markup stays text', { timeout: 240_000 }, async () => {
    // The professional opens the inbox (through the portal login, which comes back to it).
    await vendor.goto('/vendor/chat');
    await expect.poll(() => new URL(vendor.url()).pathname, { timeout: WAIT }).toBe('/vendor/login');
    await vendor.getByLabel('Business email').fill('pro@demo.nirmaan.in');
    await vendor.getByLabel('Password', { exact: true }).fill('Demo@12345');
    await vendor.getByRole('button', { name: 'Login' }).click();
    await expect.poll(() => new URL(vendor.url()).pathname, { timeout: WAIT }).toBe('/vendor/chat');
    const pro = (await (await vendor.request.get(`${server.url}/api/vendor/me`)).json()) as { _id: string; Owner_name: string; Business_Name: string };
    await shown(vendor.getByRole('navigation', { name: 'Conversations' }));

    // The customer presses Message on the profile and writes.
    await customer.goto(`/service/details/${pro._id}`);
    await customer.getByRole('button', { name: 'Message' }).click();
    await expect.poll(() => new URL(customer.url()).pathname, { timeout: WAIT }).toBe(`/customer/chat/${pro._id}`);
    await shown(customer.getByTestId('chat-partner').filter({ hasText: pro.Owner_name }));
    const question = `Are you free on Friday? (${Date.now().toString(36)})`;
    await send(customer, question);
    await shown(thread(customer).getByText(question, { exact: true }));

    // It arrives in the vendor's inbox without a reload.
    const row = vendor.getByRole('navigation', { name: 'Conversations' }).getByRole('link', { name: /Asha/ });
    await shown(row.getByText(question, { exact: true }));
    await row.click();
    await shown(thread(vendor).getByText(question, { exact: true }));

    // The vendor answers; the customer sees it without a reload.
    const answer = 'Yes, Friday after 3 PM works.';
    await send(vendor, answer);
    await shown(thread(vendor).getByText(answer, { exact: true }));
    await shown(thread(customer).getByText(answer, { exact: true }));
    expect(await thread(customer).getByText(question, { exact: true }).count()).toBe(1);

    // Markup is shown as the characters typed, on both sides, and runs nothing.
    const payload = '<img src=x onerror=alert(1)><b>bold</b>';
    await send(customer, payload);
    await shown(thread(customer).getByText(payload, { exact: true }));
    await shown(thread(vendor).getByText(payload, { exact: true }));
    for (const page of [customer, vendor]) {
      expect(await page.locator('.chat-screen b, .chat-screen img[src="x"]').count()).toBe(0);
    }
    expect(dialogs).toEqual([]);
    await screenshot(customer, 'chat-customer-desktop');
    await screenshot(vendor, 'chat-vendor-desktop');
  });

  it('says when the connection drops and sends what was typed once it is back', { timeout: 120_000 }, async () => {
    const pro = (await (await vendor.request.get(`${server.url}/api/vendor/me`)).json()) as { _id: string };
    await customer.goto(`/customer/chat/${pro._id}`);
    await shown(thread(customer).getByText('Yes, Friday after 3 PM works.', { exact: true }));
    await customer.context().setOffline(true);
    await shown(customer.getByText(CHAT_MSG.disconnected));
    const late = `Typed while offline (${Date.now().toString(36)})`;
    await send(customer, late);
    await shown(thread(customer).getByRole('listitem').filter({ hasText: late }).getByText('Waiting for connection…'));
    await customer.context().setOffline(false);
    await shown(thread(vendor).getByText(late, { exact: true }));
    await expect.poll(() => customer.getByText(CHAT_MSG.disconnected).count(), { timeout: WAIT }).toBe(0);
    await expect.poll(() => thread(customer).getByText('Waiting for connection…').count(), { timeout: WAIT }).toBe(0);
    expect(await thread(vendor).getByText(late, { exact: true }).count()).toBe(1);
  });

  it('on a phone the list and the thread take turns', { timeout: 120_000 }, async () => {
    const phone = await (await openVisit(browser, MOBILE, { isMobile: true, baseUrl: server.url })).context.newPage();
    await logInThroughApi(phone, server.url, 'asha@demo.nirmaan.in', 'Demo@12345');
    await phone.goto('/customer/chat');
    const list = phone.getByRole('navigation', { name: 'Conversations' });
    await list.getByRole('link', { name: /Goud/ }).click();
    await shown(thread(phone).getByText('Yes, Friday after 3 PM works.', { exact: true }));
    expect(await list.isVisible()).toBe(false);
    await screenshot(phone, 'chat-customer-mobile');
    await phone.getByRole('link', { name: 'Back to conversations' }).click();
    await shown(list);
    await phone.context().close();
  });

  it('a visitor pressing Message is asked to log in', { timeout: 120_000 }, async () => {
    const visitor = await (await openVisit(browser, undefined, { baseUrl: server.url })).context.newPage();
    const pros = (await (await visitor.request.get(`${server.url}/api/services?q=plumb`)).json()) as { services: { _id: string }[] };
    await visitor.goto(`/service/details/${pros.services[0]!._id}`);
    await visitor.getByRole('button', { name: 'Message' }).click();
    await shown(visitor.getByRole('status').filter({ hasText: CHAT_MSG.loginToChat }));
    await visitor.context().close();
  });
});
