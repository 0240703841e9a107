import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from './support/browser.ts';
import { Inbox, expectToast, mobileNumber, strongPassword } from './support/accounts.ts';
import { WAIT, shown } from './support/journey.ts';
import type { RunningServer } from './support/server.ts';
import { openStage, type Stage } from './support/stage.ts';

/**
 * Vendor accounts in a real browser: a new professional signs up with a code from the mailbox and
 * waits for approval; the demo plumber edits the store profile and adds a project with an uploaded photo, and a
 * visitor sees both on the public profile page.
 */
let stage: Stage;
let server: RunningServer;
let vendor: Page;
let visitor: Page;

beforeAll(async () => {
  stage = await openStage();
  ({ server } = stage);
  vendor = await stage.page();
  visitor = await stage.page();
}, 300_000);

afterAll(async () => {
  await stage?.close();
});

const path = (page: Page) => new URL(page.url()).pathname;

describe('vendor accounts', () => {
  it('a new professional signs up with an emailed code, logs in, and is told the account awaits approval', { timeout: 240_000 }, async () => {
    const email = `kaveri-${Date.now().toString(36)}@vendor.example.in`;
    const password = strongPassword();
    await vendor.goto('/vendor/login');
    await vendor.getByRole('link', { name: 'Create a vendor account' }).click();
    await expect.poll(() => path(vendor), { timeout: WAIT }).toBe('/vendor/signup');
    // The login page stays on screen while the signup page's chunk loads, and it has a field of the same name.
    await shown(vendor.getByRole('heading', { name: 'Sell or work on Nirmaan' }));
    const inbox = await Inbox.open(vendor.request, email);
    await vendor.getByLabel('Business email').fill(email);
    await vendor.getByRole('button', { name: 'Send OTP' }).click();
    await expectToast(vendor, 'OTP sent to your email', 'success');
    await vendor.getByLabel('OTP').fill(await inbox.nextCode());
    await vendor.getByRole('button', { name: 'Verify OTP' }).click();
    await shown(vendor.getByText('Verified', { exact: true }));
    await vendor.getByLabel('Business name').fill('Kaveri Waterproofing Works');
    await vendor.getByLabel('Owner name').fill('Lakshmi Narayanan');
    await vendor.getByLabel('Phone number').fill(mobileNumber());
    await vendor.getByLabel('Password', { exact: true }).fill(password);
    await vendor.getByLabel('Confirm password').fill(password);
    await vendor.getByLabel('What you offer').selectOption('professional');
    await vendor.getByLabel('Trade').selectOption('Waterproofing Consultant');
    await vendor.getByLabel('Charge (₹)').fill('900');
    await vendor.getByLabel('City').selectOption('Bangalore');
    await vendor.getByLabel('Business address').fill('14 CMH Road, Indiranagar, Bangalore 560038');
    await screenshot(vendor, 'vendor-signup-desktop');
    await vendor.getByRole('button', { name: 'Create vendor account' }).click();
    await expect.poll(() => path(vendor), { timeout: WAIT }).toBe('/vendor/login');
    await shown(vendor.getByText(/awaits approval/));

    await vendor.getByLabel('Business email').fill(email);
    await vendor.getByLabel('Password', { exact: true }).fill(password);
    await vendor.getByRole('button', { name: 'Login' }).click();
    await expect.poll(() => path(vendor), { timeout: WAIT }).toBe('/vendor');
    await shown(vendor.getByText(/Your account is awaiting approval/));
    await shown(vendor.getByRole('link', { name: 'Projects' }));
    await shown(vendor.getByText('No orders yet.'));
    await screenshot(vendor, 'vendor-dashboard-unapproved-desktop');
    // Not public yet: the profile page a customer would open says there is no such vendor.
    const me = (await (await vendor.request.get(`${server.url}/api/vendor/me`)).json()) as { _id: string };
    await visitor.goto(`/service/details/${me._id}`);
    await shown(visitor.getByText('No vendor found.'));
    await vendor.getByRole('button', { name: 'Logout' }).click();
    await expect.poll(() => path(vendor), { timeout: WAIT }).toBe('/vendor/login');
  });

  it('the demo plumber edits the profile and adds a project, and a visitor sees both on the public profile', { timeout: 240_000 }, async () => {
    await vendor.goto('/vendor/profile');
    await expect.poll(() => path(vendor), { timeout: WAIT }).toBe('/vendor/login');
    await vendor.getByLabel('Business email').fill('pro@demo.nirmaan.in');
    await vendor.getByLabel('Password', { exact: true }).fill('Demo@12345');
    await vendor.getByRole('button', { name: 'Login' }).click();
    await expect.poll(() => path(vendor), { timeout: WAIT }).toBe('/vendor/profile');
    const me = (await (await vendor.request.get(`${server.url}/api/vendor/me`)).json()) as { _id: string };
    // The public page is read (and cached) before the change.
    await visitor.goto(`/service/details/${me._id}`);
    await shown(visitor.getByRole('heading', { name: 'Recent Projects' }));

    const name = `Goud Plumbing ${Date.now().toString(36)}`;
    await vendor.getByLabel('Business name').fill(name);
    await vendor.getByLabel('About your business').fill('Leak repairs, CPVC lines and geyser fitting across Hyderabad since 2009.');
    await vendor.getByRole('button', { name: 'Save profile' }).click();
    await shown(vendor.getByText('Profile saved.'));

    await vendor.getByRole('link', { name: 'Projects' }).click();
    await expect.poll(() => path(vendor), { timeout: WAIT }).toBe('/vendor/projects');
    const form = vendor.getByRole('form', { name: 'Add a project' });
    await form.getByLabel('Title').fill('Villa re-plumbing, Jubilee Hills');
    await form.getByLabel('Category').fill('Plumbing');
    await form.getByLabel('Date').fill('2026-09-12');
    await form.getByLabel('Description').fill('All CPVC lines and fittings of a 4BHK villa replaced in six days.');
    const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 40, g: 110, b: 160 } } }).jpeg().toBuffer();
    await form.getByLabel('Photo').setInputFiles({ name: 'villa.jpg', mimeType: 'image/jpeg', buffer: photo });
    const preview = await shown(form.locator('img[src^="/uploads/"]'));
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth), { timeout: WAIT }).toBeGreaterThan(0);
    await form.getByRole('button', { name: 'Add project' }).click();
    await shown(vendor.getByTestId('vendor-project').filter({ hasText: 'Villa re-plumbing, Jubilee Hills' }));
    await screenshot(vendor, 'vendor-projects-desktop');

    await visitor.reload();
    await shown(visitor.locator('body').getByText(name).filter({ visible: true }).first());
    await shown(visitor.getByText('Villa re-plumbing, Jubilee Hills'));
    const image = visitor.locator('img[src^="/uploads/"]').first();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth), { timeout: WAIT }).toBeGreaterThan(0);
    await screenshot(visitor, 'vendor-profile-public-after-edit-desktop');
  });
});
