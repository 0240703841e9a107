import type { APIRequestContext, APIResponse, Page } from 'playwright-core';
import { expect } from 'vitest';
import { shown } from './journey.ts';

/**
 * Proof at the door (decision 032): a line becomes Delivered only with its customer's 4-digit delivery code, which
 * the customer has in My orders once the line is Shipped. The tests read it there, as the person delivering asks it.
 */

/** The code in the customer's own My orders answer (`GET /orderdetails/{userid}`) for a Shipped line. */
export async function deliveryCodeFromApi(customer: APIRequestContext, customerId: string, lineId: string): Promise<string> {
  const lines = (await (await customer.get(`/orderdetails/${customerId}`)).json()) as { _id: string; deliveryCode?: string }[];
  const code = lines.find((l) => l._id === lineId)?.deliveryCode;
  expect(code, `a delivery code for line ${lineId} in its customer's My orders`).toMatch(/^[0-9]{4}$/);
  return code!;
}

/** Ships the line as its seller, then delivers it with the code its customer's My orders shows: both answers. */
export async function shipAndDeliver(seller: APIRequestContext, customer: APIRequestContext, customerId: string, lineId: string): Promise<APIResponse[]> {
  const shipped = await seller.patch(`/api/vendor/orders/${lineId}`, { data: { status: 'Shipped' } });
  const deliveryCode = await deliveryCodeFromApi(customer, customerId, lineId);
  const delivered = await seller.patch(`/api/vendor/orders/${lineId}`, { data: { status: 'Delivered', deliveryCode } });
  return [shipped, delivered];
}

/** The code the customer's My orders page shows on the newest Shipped line of `productName`. */
export async function deliveryCodeOnMyOrders(customer: Page, productName: string): Promise<string> {
  await customer.goto('/myorder');
  const card = customer.getByRole('list', { name: 'Product orders' }).getByRole('listitem')
    .filter({ hasText: productName }).filter({ has: customer.getByLabel(/^Delivery code [0-9]{4}$/) }).first();
  const code = card.getByLabel(/^Delivery code [0-9]{4}$/).first();
  await shown(code);
  return (await code.textContent())!.trim();
}

interface Listed { _id: string; ProductName: string; Vendor: { _id: string } }
interface QuoteAnswer { vendors: { rule: string; productIds: string[] }[] }

/**
 * A cement product of a seller with its own delivery to 500032, found through the public quote call: the seller
 * `vendorId`'s (the demo seller, who the journeys log in as), or any such seller's.
 */
export async function ownDeliveryCement(request: APIRequestContext, serverUrl: string, vendorId?: string): Promise<Listed> {
  const cement = (await (await request.get(`${serverUrl}/fetch?category=Cement`, { headers: { accept: 'application/json' } })).json()) as Listed[];
  const mine = cement.filter((p) => !vendorId || p.Vendor._id === vendorId);
  const quote = (await (await request.post(`${serverUrl}/api/delivery/quote`, {
    data: { pincode: '500032', items: mine.map((p) => ({ productId: p._id, quantity: 1 })) },
  })).json()) as QuoteAnswer;
  const own = quote.vendors.find((v) => v.rule === 'vendor');
  expect(own, 'a seller (the demo seller) delivers with its own vehicles').toBeDefined();
  return mine.find((p) => p._id === own!.productIds[0])!;
}
