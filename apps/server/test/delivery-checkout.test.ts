import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Invoice, InvoiceSummary } from '@nirmaan/shared';
import type { DeliverySettings } from '@nirmaan/shared/delivery';
import { invoices, ledgerEntries, orderLines, orders, products, vendorPayoutAccounts, vendorTransfers } from '../src/db/schema/index.ts';
import { deliveryDates, tripFeePaise } from '../src/modules/delivery/quote.ts';
import type { TestApp } from './support/app.ts';
import { HYDERABAD_DELIVERY } from './support/delivery.ts';
import { createProduct } from './support/factories.ts';
import { caller, deliveredBody, loggedInCustomer, loggedInVendor, orderLine, type VendorWho, type Who } from './support/http.ts';
import { appWithRazorpay, type RazorpayStandIn } from './support/razorpay-app.ts';

/**
 * Checkout with sellers' own delivery (decision record 034): the fee and dates computed on the server from the
 * shipping PIN, an unserved line refused by name, the platform's ₹300 kept for sellers without settings, the date
 * and window stored and shown, the seller's fee transferred with its lines and on its invoice at the goods' rate.
 */

let t: TestApp;
let rzp: RazorpayStandIn;
appWithRazorpay((started) => ({ t, rzp } = started));
const call = caller(() => t);

const GACHIBOWLI = { fullAddress: 'Plot 4, Financial District', city: 'Hyderabad', pincode: '500032', state: 'Telangana' };
const MUMBAI = { fullAddress: '1 Dalal Street, Fort', city: 'Mumbai', pincode: '400001', state: 'Maharashtra' };

async function seller(settings: DeliverySettings | null = HYDERABAD_DELIVERY): Promise<VendorWho> {
  const v = await loggedInVendor(t, { kind: 'seller', approvedAt: new Date() });
  await t.db.insert(vendorPayoutAccounts).values({
    vendorId: v.id, legalName: `${v.businessName} LLP`, businessType: 'llp', pan: 'ABCPE1234F', gstin: '36ABCPE1234F1ZC',
    accountNumber: '918020012345678', ifsc: 'UTIB0000123', beneficiaryName: v.businessName,
  });
  if (settings) expect((await call(v, 'PUT', '/api/vendor/delivery', { settings })).statusCode).toBe(200);
  return v;
}
const cement = (v: VendorWho, price = 400) => createProduct(t.db, { vendorId: v.id, name: `UltraTech PPC ${v.businessName}`, category: 'Cement', unit: 'bag', price, weightKg: 50, volumeM3: 0.035, stock: 500 });
const bricks = (v: VendorWho) => createProduct(t.db, { vendorId: v.id, name: `Red clay bricks ${v.businessName}`, category: 'Bricks', unit: 'piece', price: 8, weightKg: 3.5, volumeM3: 0.0019, stock: 5_000 });

function place(who: Who, items: [string, number][], address: object, extra: object = {}, paymentMethod = 'cod') {
  return call(who, 'POST', '/ordercart', { paymentMethod, orders: items.map(([id, q]) => orderLine(who, id, q, { shippingAddress: address })), ...extra });
}
const linesOf = (orderId: string) => t.db.select().from(orderLines).where(eq(orderLines.orderId, orderId));
const stockOf = async (id: string) => (await t.db.select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0]!.stock;

describe('checkout with delivery', () => {
  it('refuses an order with a line its seller does not deliver to that PIN, naming the product, and changes nothing', async () => {
    const me = await loggedInCustomer(t);
    const own = await seller();
    const plain = await seller(null);
    const [far, near] = [await cement(own), await cement(plain)];
    const res = await place(me, [[near.id, 2], [far.id, 10]], MUMBAI);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(`${far.name} cannot be delivered to 400001. Please remove it from your cart or choose another address.`);
    expect([await stockOf(far.id), await stockOf(near.id)]).toEqual([500, 500]);
    expect(await t.db.select().from(orders).where(eq(orders.customerId, me.id))).toEqual([]);
  });

  it('keeps the platform\'s flat ₹300 for a seller without settings, at any PIN, known or not', async () => {
    const me = await loggedInCustomer(t);
    const plain = await seller(null);
    const p = await cement(plain);
    for (const address of [GACHIBOWLI, { ...MUMBAI, pincode: '999999' }]) {
      const res = await place(me, [[p.id, 5]], address);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ subtotal: 2_000, deliveryFee: 300, total: 2_300 });
      const [line] = await linesOf(res.json().orderId);
      expect(line).toMatchObject({ deliveryFeePaise: 0, deliveryDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), deliveryWindow: 'morning' });
    }
  });

  it('computes the seller\'s fee on the server, stores the chosen date and window on each line, and shows them in My orders', async () => {
    const me = await loggedInCustomer(t);
    const own = await seller();
    const [c, b] = [await cement(own), await bricks(own)];
    const offered = deliveryDates(new Date(), HYDERABAD_DELIVERY);
    // 150 bags (7.5 t) and 500 bricks (1.75 t): 9.25 t, one 10-tonne truck; 2 floors of unloading.
    const res = await place(me, [[c.id, 150], [b.id, 500]], GACHIBOWLI, {
      deliveryFee: 1, total: 1, delivery: { floors: 2, choices: [{ vendorId: own.id, date: offered[1], window: 'afternoon' }] },
    });
    expect(res.statusCode, res.body).toBe(201);
    const feePaise = tripFeePaise(HYDERABAD_DELIVERY.vehicles[2]!, 37.5) + 2 * 5_000;
    expect(res.json()).toMatchObject({ subtotal: 64_000, deliveryFee: feePaise / 100, total: 64_000 + feePaise / 100 });
    const lines = await linesOf(res.json().orderId);
    expect(lines.reduce((s, l) => s + l.deliveryFeePaise, 0)).toBe(feePaise);
    expect(lines.map((l) => [l.deliveryDate, l.deliveryWindow])).toEqual([[offered[1], 'afternoon'], [offered[1], 'afternoon']]);
    const mine = (await call(me, 'GET', `/orderdetails/${me.id}`)).json() as { orderId: string; deliveryDate: string; deliveryWindow: string; deliveryFee: number }[];
    expect(mine.filter((l) => l.orderId === res.json().orderId).map((l) => [l.deliveryDate, l.deliveryWindow, l.deliveryFee])).toEqual([
      [offered[1], 'afternoon', feePaise / 100], [offered[1], 'afternoon', feePaise / 100],
    ]);
    const wrongDay = await place(me, [[c.id, 1]], GACHIBOWLI, { delivery: { choices: [{ vendorId: own.id, date: '2020-01-01', window: 'morning' }] } });
    expect([wrongDay.statusCode, wrongDay.json().message]).toEqual([400, `Please choose one of the delivery dates offered for ${c.name}.`]);
  });

  it("transfers the seller's fee with its lines (no commission on it) and puts it on the seller's invoice at the goods' highest rate", async () => {
    const me = await loggedInCustomer(t);
    const own = await seller();
    const [c, b] = [await cement(own), await bricks(own)];
    const placed = await place(me, [[c.id, 10], [b.id, 100]], GACHIBOWLI, {}, 'online');
    expect(placed.statusCode, placed.body).toBe(201);
    const { orderId, payment } = placed.json() as { orderId: string; payment: { razorpayOrderId: string; amount: number } };
    const feePaise = tripFeePaise(HYDERABAD_DELIVERY.vehicles[0]!, 37.5); // 850 kg: one tempo
    expect(payment.amount).toBe(400_000 + 80_000 + feePaise);
    expect((await call(me, 'POST', '/api/payments/razorpay/verify', rzp.pay(payment.razorpayOrderId))).statusCode).toBe(200);

    const lines = await linesOf(orderId);
    const commission = lines.reduce((s, l) => s + (l.commissionPaise ?? 0), 0);
    const [transfer] = await t.db.select().from(vendorTransfers).where(eq(vendorTransfers.orderId, orderId));
    expect(transfer!.amountPaise).toBe(480_000 + feePaise - commission);
    // The platform took no delivery fee of its own from this order.
    const platformSales = (await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.orderId, orderId))).filter((e) => e.account === 'platform_revenue');
    expect(-platformSales.reduce((s, e) => s + e.amountPaise, 0)).toBe(commission);

    for (const l of lines) {
      expect((await call(own, 'PATCH', `/api/vendor/orders/${l.id}`, { status: 'Shipped' })).statusCode).toBe(200);
      expect((await call(own, 'PATCH', `/api/vendor/orders/${l.id}`, await deliveredBody(t, me, l.id))).statusCode).toBe(200);
    }
    const rows = await t.db.select().from(invoices).where(eq(invoices.orderId, orderId));
    expect(rows.map((r) => r.vendorId)).toEqual([own.id]); // no platform invoice: there is no platform fee
    const summary = ((await call(me, 'GET', '/api/invoices')).json().invoices as InvoiceSummary[]).find((i) => i.orderId === orderId)!;
    const invoice = (await call(me, 'GET', `/api/invoices/${summary.id}`)).json() as Invoice;
    expect(invoice.totals.totalPaise).toBe(480_000 + feePaise);
    const freight = invoice.lines.filter((l) => l.description.startsWith('Delivery of'));
    expect(freight.map((l) => l.totalPaise).reduce((s, x) => s + x, 0)).toBe(feePaise);
    const goodsRates = invoice.lines.filter((l) => !l.description.startsWith('Delivery of')).map((l) => l.ratePercent);
    for (const l of freight) expect(l).toMatchObject({ hsn: '2523', ratePercent: Math.max(...goodsRates) });
    expect(Math.max(...goodsRates)).toBeGreaterThan(Math.min(...goodsRates)); // cement 18% beside bricks' lower rate
  });

  it("refunds a cancelled paid line with its share of its seller's fee, and the seller's transfer gives that share back", async () => {
    const me = await loggedInCustomer(t);
    const own = await seller();
    const [c, b] = [await cement(own), await bricks(own)];
    const placed = await place(me, [[c.id, 10], [b.id, 100]], GACHIBOWLI, {}, 'online');
    const { orderId, payment } = placed.json() as { orderId: string; payment: { razorpayOrderId: string } };
    const fields = rzp.pay(payment.razorpayOrderId);
    expect((await call(me, 'POST', '/api/payments/razorpay/verify', fields)).statusCode).toBe(200);
    const lines = await linesOf(orderId);
    const cementLine = lines.find((l) => l.productId === c.id)!;
    expect(cementLine.deliveryFeePaise).toBeGreaterThan(0);
    expect(lines.reduce((s, l) => s + l.deliveryFeePaise, 0)).toBe(tripFeePaise(HYDERABAD_DELIVERY.vehicles[0]!, 37.5));

    expect((await call(me, 'PUT', `/api/cancel/${cementLine.id}`)).statusCode).toBe(200);
    const refunds = rzp.refunds.filter((r) => r.payment_id === fields.razorpay_payment_id);
    expect(refunds.map((r) => r.amount)).toEqual([400_000 + cementLine.deliveryFeePaise]);
    // What the seller still gets is the other line and its share, less that line's commission.
    const [transfer] = await t.db.select().from(vendorTransfers).where(eq(vendorTransfers.orderId, orderId));
    const brickLine = lines.find((l) => l.productId === b.id)!;
    expect(transfer!.amountPaise).toBe(80_000 + brickLine.deliveryFeePaise - (brickLine.commissionPaise ?? 0));
  });
});

