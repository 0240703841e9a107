import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Invoice, OrderLine } from '@nirmaan/shared';
import { invoices, payments, uploads, vendorTransfers } from '../src/db/schema/index.ts';
import { reconcile } from '../src/modules/transfers/service.ts';
import type { TestApp } from './support/app.ts';
import { activatePayoutAccount } from './support/payout-accounts.ts';
import { appWithRazorpay, type RazorpayStandIn } from './support/razorpay-app.ts';
import { transferKit } from './support/transfers.ts';

/**
 * A product priced to the paisa (decision record 030): the seller lists it at ₹55.75, a customer buys 7, and the
 * line (₹390.25), the payment, the invoices and the seller's transfer net of commission all add up to the paisa.
 * On PGlite and on PostgreSQL + Redis, against the local Razorpay stand-in.
 */

let t: TestApp;
let rzp: RazorpayStandIn;
appWithRazorpay((started) => ({ t, rzp } = started));
const k = transferKit(() => ({ t, rzp }));

/** An image the seller "uploaded": its row is what lets a product show it. */
async function ownImage(vendorId: string) {
  const hash = randomBytes(32).toString('hex');
  await t.db.insert(uploads).values({ vendorId, hash });
  return `/uploads/${hash}.webp`;
}

const productBody = (image: string, price: number) => ({
  ProductName: 'Birla White Wall Putty 1 kg', ProductCategory: 'Paints', ProductBrand: 'Birla', ProductPrice: price, ProductMrp: 60.5,
  ProductUnit: 'kg', Stock: 40, ProductLocation: 'Hyderabad', ProductDescription: 'White cement based putty for interior walls.',
  Tag: null, ProductUrl: [image],
});

describe('a product priced to the paisa', () => {
  it('is listed at ₹55.75; a third decimal is refused with a message the seller can act on', async () => {
    const shop = await k.vendor('seller');
    const image = await ownImage(shop.id);
    const refused = await k.call(shop.headers, 'POST', '/api/vendor/products', productBody(image, 55.755));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/price in rupees with at most two decimals/);

    const created = await k.call(shop.headers, 'POST', '/api/vendor/products', productBody(image, 55.75));
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ ProductPrice: 55.75, ProductMrp: 60.5 });
    const id = created.json()._id as string;
    const changed = await k.call(shop.headers, 'PATCH', `/api/vendor/products/${id}`, { ProductMrp: 60.125 });
    expect(changed.statusCode).toBe(400);
    expect(changed.json().message).toMatch(/MRP in rupees with at most two decimals/);
    expect((await t.app.inject({ method: 'GET', url: `/product/${id}` })).json()).toMatchObject({ ProductPrice: 55.75, ProductMrp: 60.5 });
  });

  it('bought 7 times: the line is ₹390.25 and payment, invoices and the seller’s transfer add up to the paisa', async () => {
    const me = await k.customer();
    const shop = await k.vendor('seller');
    const account = await activatePayoutAccount(t.db, shop.id);
    const created = await k.call(shop.headers, 'POST', '/api/vendor/products', productBody(await ownImage(shop.id), 55.75));
    expect(created.statusCode, created.body).toBe(201);

    const order = await k.paidOrder(me, [[created.json()._id as string, 7]]);
    const line = order.lines[0]!;
    expect(line).toMatchObject({ pricePerUnitPaise: 5_575, totalPricePaise: 39_025 });
    // The answer keeps the spec's rupees: ₹390.25, plus the ₹300 delivery fee below free delivery.
    const answered = ((await k.call(me.headers, 'GET', `/orderdetails/${me.id}`)).json() as OrderLine[]).find((l) => l._id === line.id)!;
    expect(answered).toMatchObject({ pricePerUnit: 55.75, totalPrice: 390.25, deliveryFee: 300, orderTotal: 690.25 });
    expect(order.payment!.amount).toBe(69_025);
    const [payment] = await t.db.select().from(payments).where(eq(payments.orderId, order.orderId));
    expect(payment).toMatchObject({ status: 'paid', amountPaise: 69_025 });

    // Materials commission 5% of ₹390.25 is ₹19.5125: 1,951 paise (half up), so the seller gets ₹370.74.
    expect(line.commissionPaise).toBe(1_951);
    await k.retryNow();
    expect(k.transfersTo(account)).toEqual([expect.objectContaining({ amount: 37_074, on_hold: true, source: order.paymentId })]);
    const [transfer] = await t.db.select().from(vendorTransfers).where(eq(vendorTransfers.orderId, order.orderId));
    expect(transfer!.amountPaise + line.commissionPaise!).toBe(line.totalPricePaise);
    expect((await k.earnings(shop)).entries).toEqual([expect.objectContaining({ grossPaise: 39_025, commissionPaise: 1_951, netPaise: 37_074 })]);

    await k.deliver(shop, line.id);
    const issued = await t.db.select().from(invoices).where(eq(invoices.orderId, order.orderId));
    const own = issued.find((r) => r.vendorId === shop.id)!;
    const fee = issued.find((r) => r.vendorId === null)!;
    expect(own.totalPaise).toBe(39_025);
    expect(fee.totalPaise).toBe(30_000);
    expect(own.totalPaise + fee.totalPaise).toBe(payment!.amountPaise);
    const invoice = (await k.call(me.headers, 'GET', `/api/invoices/${own.id}`)).json() as Invoice;
    expect(invoice.lines).toEqual([expect.objectContaining({ quantity: 7, totalPaise: 39_025 })]);
    const t0 = invoice.totals;
    expect(t0.taxableValuePaise + t0.cgstPaise + t0.sgstPaise + t0.igstPaise).toBe(39_025);
    const pdf = await k.call(me.headers, 'GET', `/api/invoices/${own.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(await reconcile(t.db, shop.id)).toMatchObject({ ok: true, problems: [] });
  });
});
