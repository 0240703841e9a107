import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from './support/browser.ts';
import { Inbox, mobileNumber, strongPassword } from './support/accounts.ts';
import { WAIT, shown } from './support/journey.ts';
import { openStage, type Stage } from './support/stage.ts';

/**
 * The operator console in a real browser: a new professional signs up (through the API, as the vendor-account
 * test does in the browser), the demo operator logs in at /ops/login with the password and the mailed code,
 * approves him from the queue, and a visitor finds him in the Plumber list.
 */
let stage: Stage;
let ops: Page;
let visitor: Page;

beforeAll(async () => {
  stage = await openStage();
  ops = await stage.page();
  visitor = await stage.page();
}, 300_000);

afterAll(async () => {
  await stage?.close();
});

const path = (page: Page) => new URL(page.url()).pathname;
const BUSINESS = 'A1 Aqua Plumbing Works';

async function signUpProfessional(page: Page, email: string) {
  const inbox = await Inbox.open(page.request, email);
  expect((await page.request.post('/sendotp', { data: { Email: email, purpose: 'vendor-signup' } })).ok()).toBe(true);
  const otp = await inbox.nextCode();
  expect((await page.request.post('/verifyotp', { data: { Email: email, otp } })).ok()).toBe(true);
  const res = await page.request.post('/api/vendor/signup', {
    data: {
      Business_Name: BUSINESS, Owner_name: 'Imran Qureshi', email, phone: mobileNumber(), password: strongPassword(), kind: 'professional',
      Category: 'Plumber', city: 'Hyderabad', Business_address: '8-2-293 Road No. 12, Banjara Hills, Hyderabad 500034',
      Charge_Per_Hour_or_Day: 400, Charge_Type: 'Per Visit',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
}

describe('the operator console', () => {
  it('the demo operator logs in with password and emailed code, approves a new plumber from the queue, and he is listed', { timeout: 240_000 }, async () => {
    const email = `imran-${Date.now().toString(36)}@vendor.example.in`;
    await signUpProfessional(visitor, email);
    await visitor.goto('/service?search=Plumber');
    // The list has loaded (the demo plumbers are there), without him: he awaits approval.
    await shown(visitor.locator('article.service-card').first());
    expect(await visitor.getByRole('heading', { name: BUSINESS }).count()).toBe(0);

    // A console page without a session goes to the login.
    await ops.goto('/ops/vendors');
    await expect.poll(() => path(ops), { timeout: WAIT }).toBe('/ops/login');
    const inbox = await Inbox.open(ops.request, 'ops@demo.nirmaan.in');
    await ops.getByLabel('Email').fill('ops@demo.nirmaan.in');
    await ops.getByLabel('Password').fill('Demo@12345');
    await ops.getByRole('button', { name: 'Continue' }).click();
    await shown(ops.getByText('We have emailed you a 6-digit code'));
    await ops.getByLabel('Code from the email').fill(await inbox.nextCode());
    await ops.getByRole('button', { name: 'Log in' }).click();
    await expect.poll(() => path(ops), { timeout: WAIT }).toBe('/ops/vendors');
    await shown(ops.getByTestId('operator').filter({ hasText: 'ops@demo.nirmaan.in · admin' }));

    const card = ops.getByTestId('ops-vendor').filter({ hasText: BUSINESS });
    await shown(card);
    await screenshot(ops, 'ops-vendor-queue-desktop');
    await card.getByRole('button', { name: 'Approve' }).click();
    await shown(ops.getByText(`${BUSINESS} is approved and listed.`));
    await expect.poll(() => card.count(), { timeout: WAIT }).toBe(0);

    await ops.getByRole('link', { name: 'Audit log' }).click();
    await shown(ops.getByTestId('audit-entry').filter({ hasText: 'vendor.approve' }).first());
    await ops.getByRole('link', { name: 'Dashboard' }).click();
    await shown(ops.getByTestId('pending-vendors'));

    await visitor.goto('/service?search=Plumber');
    await shown(visitor.getByRole('heading', { name: BUSINESS }));
  });
});
