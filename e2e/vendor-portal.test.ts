import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from './support/browser.ts';
import { expectToast, logInThroughApi } from './support/accounts.ts';
import { WAIT, openVisit, shown } from './support/journey.ts';
import type { RunningServer } from './support/server.ts';
import { deliveryCodeOnMyOrders } from './support/delivery.ts';
import { openStage, type Stage } from './support/stage.ts';

/**
 * The vendor portal in a real browser, two contexts at once: the demo seller logs in to the vendor portal,
 * a customer orders one of its products, the seller marks the line Shipped, and the customer's My orders shows it
 * with its delivery code; the seller delivers with that code, and the customer's line shows Delivered with its date.
 */
let stage: Stage;
let server: RunningServer;
let browser: Browser;
let vendor: Page;
let customer: Page;

beforeAll(async () => {
  stage = await openStage();
  ({ server, browser } = stage);
  vendor = await stage.page();
  customer = await stage.page();
  await logInThroughApi(customer, server.url, 'asha@demo.nirmaan.in', 'Demo@12345');
}, 300_000);

afterAll(async () => {
  await stage?.close();
});

/** Opens a portal page as a visitor: the vendor login comes first, then the page itself. */
async function logInAtPortalPage(page: Page, path: string, email: string) {
  await page.goto(path);
  await expect.poll(() => new URL(page.url()).pathname, { timeout: WAIT }).toBe('/vendor/login');
  await page.getByLabel('Business email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Demo@12345');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect.poll(() => new URL(page.url()).pathname, { timeout: WAIT }).toBe(path);
}

describe('vendor portal', () => {
  it('a seller logs in, ships a customer’s order, the customer sees it Shipped with its code, and the seller delivers with that code', { timeout: 240_000 }, async () => {
    // A portal page sends a visitor to the vendor login, and back after it.
    await logInAtPortalPage(vendor, '/vendor/orders', 'seller@demo.nirmaan.in');
    const me = (await (await vendor.request.get(`${server.url}/api/vendor/me`)).json()) as { _id: string; Business_Name: string };
    await shown(vendor.getByTestId('vendor-name').filter({ hasText: me.Business_Name }));

    // The customer orders one of the seller's products (cart and checkout in the browser are cart-orders.test.ts's).
    const store = (await (await customer.request.post(`${server.url}/api/viewstore`, { data: { id: me._id } })).json()) as { _id: string; ProductName: string }[];
    const product = store[0]!;
    const profile = (await (await customer.request.get(`${server.url}/api/session`)).json()) as { user: { _id: string; Full_Name: string } };
    const placed = await customer.request.post(`${server.url}/ordercart`, {
      headers: { origin: server.url },
      data: { orders: [{
        productId: product._id, quantity: 3, customerId: profile.user._id, customerName: profile.user.Full_Name, phone: '9876543210',
        email: 'asha@demo.nirmaan.in', shippingAddress: { fullAddress: '8-2-293, Road No. 36, Jubilee Hills', city: 'Hyderabad', pincode: '500033', state: 'Telangana' },
      }] },
    });
    expect(placed.status(), await placed.text()).toBe(201);

    await vendor.reload();
    const line = vendor.getByTestId('vendor-order-line').filter({ hasText: `${product.ProductName} × 3` }).first();
    await shown(line);
    expect(await line.textContent()).toContain('Jubilee Hills');
    await line.getByRole('button', { name: 'Mark Shipped' }).click();
    await expectToast(vendor, `${product.ProductName} marked Shipped.`, 'success');
    await shown(line.getByRole('button', { name: 'Mark Delivered' }));
    await screenshot(vendor, 'vendor-orders-desktop');

    await customer.goto('/myorder');
    const card = customer.getByRole('list', { name: 'Product orders' }).getByRole('listitem').filter({ hasText: product.ProductName }).first();
    await shown(card);
    await shown(card.getByText('Shipped', { exact: true }));

    // At the door (decision 032): the seller asks for the code the customer's My orders shows; a wrong one is refused.
    const code = await deliveryCodeOnMyOrders(customer, product.ProductName);
    await screenshot(customer, 'my-orders-delivery-code-desktop');
    await line.getByRole('button', { name: 'Mark Delivered' }).click();
    const deliver = vendor.getByRole('dialog', { name: `Deliver ${product.ProductName} × 3` });
    await deliver.getByLabel('Customer’s delivery code').fill(String((Number(code) + 1) % 10_000).padStart(4, '0'));
    await deliver.getByRole('button', { name: 'Mark Delivered' }).click();
    await shown(deliver.getByRole('alert').filter({ hasText: 'That delivery code is wrong. 4 tries left.' }));
    await deliver.getByLabel('Customer’s delivery code').fill(code);
    await screenshot(vendor, 'vendor-deliver-with-code-desktop');
    await deliver.getByRole('button', { name: 'Mark Delivered' }).click();
    await expectToast(vendor, `${product.ProductName} marked Delivered.`, 'success');
    await shown(line.getByText('Delivered', { exact: true }));

    // The customer's line shows Delivered with its date (India's), and no code any more.
    const today = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' }).format(new Date());
    await customer.reload();
    const delivered = customer.getByRole('list', { name: 'Product orders' }).getByRole('listitem').filter({ hasText: product.ProductName }).first();
    await shown(delivered.getByText('Delivered', { exact: true }));
    await shown(delivered.getByText(`Delivered ${today}`, { exact: true }));
    expect(await delivered.getByLabel(/^Delivery code/).count()).toBe(0);
  });

  it('a customer books the demo plumber, the plumber confirms, and Service Orders shows Confirmed', { timeout: 240_000 }, async () => {
    const pro = await (await openVisit(browser, undefined, { baseUrl: server.url })).context.newPage();
    await logInAtPortalPage(pro, '/vendor/bookings', 'pro@demo.nirmaan.in');
    const me = (await (await pro.request.get(`${server.url}/api/vendor/me`)).json()) as { _id: string };

    // The customer books (the booking page in the browser is booking.test.ts's), six days ahead in India.
    const day = new Date(Date.now() + 5.5 * 3600_000 + 6 * 86_400_000).toISOString().slice(0, 10);
    const profile = (await (await customer.request.get(`${server.url}/api/session`)).json()) as { user: { _id: string; Full_Name: string } };
    const booked = await customer.request.post(`${server.url}/api/booking`, {
      headers: { origin: server.url },
      data: {
        Vendorid: me._id, customerid: profile.user._id, serviceDate: day, serviceTime: '3:00 PM',
        customer: { fullName: profile.user.Full_Name, email: 'asha@demo.nirmaan.in', phone: '9876543210', alternatePhone: '' },
        address: { street: 'Flat 4B, Lake View Apartments, Madhapur', city: 'Hyderabad', state: 'Telangana', zip: '500081', latitude: null, longitude: null, specialInstructions: 'Kitchen sink leaks' },
        saveAddress: true, payment: { method: 'cash' }, totalAmount: 0,
      },
    });
    expect(booked.status(), await booked.text()).toBe(201);

    await pro.reload();
    const card = pro.getByTestId('vendor-booking').filter({ hasText: `${day} · 3:00 PM` }).first();
    await shown(card);
    expect(await card.textContent()).toContain('Kitchen sink leaks');
    await card.getByRole('button', { name: 'Confirm' }).click();
    await expectToast(pro, `Booking of ${day} at 3:00 PM confirmed.`, 'success');
    await shown(card.getByRole('button', { name: 'Start' }));
    await screenshot(pro, 'vendor-bookings-desktop');

    await customer.goto('/myorder');
    await customer.getByRole('tab', { name: 'Service Orders' }).click();
    const order = customer.getByRole('list', { name: 'Service orders' }).getByRole('listitem').filter({ hasText: '3:00 PM' }).first();
    await shown(order);
    await shown(order.getByText('Confirmed', { exact: true }));
  });
});
