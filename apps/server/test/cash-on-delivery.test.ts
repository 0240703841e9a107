import { describe, expect, it } from 'vitest';
import type { OrderLine } from '@nirmaan/shared';
import { reconcile } from '../src/modules/transfers/service.ts';
import type { TestApp } from './support/app.ts';
import { createProduct } from './support/factories.ts';
import { deliveredBody } from './support/http.ts';
import { operatorSessions, type OperatorSessions } from './support/ops.ts';
import { appWithRazorpay, type RazorpayStandIn } from './support/razorpay-app.ts';
import { transferKit } from './support/transfers.ts';

/**
 * Cash on delivery (decision record 028): the seller's delivery is the cash collected, so the line reads Paid for
 * the customer, the seller and the console, in the delivery's transaction, and its earnings entry, the cash
 * commission owed and the sales register agree. The order is Paid once every live line is.
 */

let t: TestApp;
let rzp: RazorpayStandIn;
let ops: OperatorSessions;
appWithRazorpay(async (started) => {
  ({ t, rzp } = started);
  ops = await operatorSessions(t.app, t.db, '10.93.0');
});
const k = transferKit(() => ({ t, rzp }));

const myLines = async (who: { id: string; headers: Record<string, string> }) =>
  (await k.call(who.headers, 'GET', `/orderdetails/${who.id}`)).json() as (OrderLine & { amountDue: number })[];
const vendorLines = async (v: { headers: Record<string, string> }) => (await k.call(v.headers, 'GET', '/api/vendor/orders')).json() as OrderLine[];
const consoleOrder = async (id: string) => {
  const res = await k.call(ops.support, 'GET', `/api/ops/orders/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { order: { paymentStatus: string }; lines: { id: string; paymentStatus: string }[] };
};
const indiaMonth = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit' }).format(new Date());

describe('a cash-on-delivery order from two sellers', () => {
  it('each delivered line reads Paid to the customer, its seller and the console; the order once both are', async () => {
    const me = await k.customer();
    const [a, b] = [await k.vendor(), await k.vendor()];
    const pa = await createProduct(t.db, { vendorId: a.id, price: 400 });
    const pb = await createProduct(t.db, { vendorId: b.id, price: 1000 });
    const order = await k.place(me, [[pa.id, 1], [pb.id, 1]], 'cod');
    const [la, lb] = [k.lineOf(order.lines, a.id), k.lineOf(order.lines, b.id)];
    expect((await myLines(me)).map((l) => l.paymentStatus)).toEqual(['Pending', 'Pending']);

    await k.deliver(a, la.id);
    const mine = await myLines(me);
    expect(mine.find((l) => l._id === la.id)).toMatchObject({ orderStatus: 'Delivered', paymentStatus: 'Paid' });
    expect(mine.find((l) => l._id === lb.id)).toMatchObject({ orderStatus: 'Pending', paymentStatus: 'Pending', amountDue: 1000 + 0 + mine[0]!.deliveryFee });
    expect((await vendorLines(a)).find((l) => l._id === la.id)!.paymentStatus).toBe('Paid');
    expect((await vendorLines(b)).find((l) => l._id === lb.id)!.paymentStatus).toBe('Pending');
    const half = await consoleOrder(order.orderId);
    expect(half.order.paymentStatus).toBe('Pending');
    expect(half.lines.find((l) => l.id === la.id)!.paymentStatus).toBe('Paid');

    await k.deliver(b, lb.id);
    expect((await myLines(me)).map((l) => [l.paymentStatus, l.amountDue])).toEqual([['Paid', 0], ['Paid', 0]]);
    expect((await consoleOrder(order.orderId)).order.paymentStatus).toBe('Paid');
    const paidOrders = await k.call(ops.support, 'GET', `/api/ops/orders?paymentStatus=Paid&customer=${encodeURIComponent(me.email)}`);
    expect(paidOrders.json().orders.map((o: { id: string }) => o.id)).toEqual([order.orderId]);

    // The ledger and the reports agree: a cash sale with its commission owed (5% of ₹400), and a tax document.
    expect(await k.earnings(a)).toMatchObject({ cashCommissionOwedPaise: 2_000, entries: [expect.objectContaining({ id: la.id, paymentMethod: 'cod', grossPaise: 40_000, commissionPaise: 2_000, state: 'owed' })] });
    expect(await reconcile(t.db, a.id)).toMatchObject({ ok: true, problems: [], ledger: { debt: 2_000 } });
    const register = await k.call(a.headers, 'GET', `/api/vendor/invoices/register.csv?month=${indiaMonth()}`);
    expect(register.statusCode).toBe(200);
    expect(register.body.trim().split('\r\n').slice(1)).toEqual([expect.stringContaining('400.00')]);
  });

  it('the order is Paid when the other seller cancels its line; an order whose every line is cancelled stays Pending', async () => {
    const me = await k.customer();
    const [a, b] = [await k.vendor(), await k.vendor()];
    const pa = await createProduct(t.db, { vendorId: a.id, price: 400 });
    const pb = await createProduct(t.db, { vendorId: b.id, price: 1000 });
    const order = await k.place(me, [[pa.id, 1], [pb.id, 1]], 'cod');
    await k.deliver(a, k.lineOf(order.lines, a.id).id);
    const cancelled = await k.call(b.headers, 'PATCH', `/api/vendor/orders/${k.lineOf(order.lines, b.id).id}`, { status: 'Cancelled' });
    expect(cancelled.json()).toMatchObject({ orderStatus: 'Cancelled', paymentStatus: 'Pending' });
    expect((await consoleOrder(order.orderId)).order.paymentStatus).toBe('Paid');

    const other = await k.place(me, [[pa.id, 1], [pb.id, 1]], 'cod');
    expect((await k.call(me.headers, 'PUT', `/api/cancel/${other.orderId}`)).statusCode).toBe(200);
    expect((await consoleOrder(other.orderId)).order.paymentStatus).toBe('Pending');
  });

  it('two sellers delivering the last two lines at once: the order is Paid', async () => {
    const me = await k.customer();
    const [a, b] = [await k.vendor(), await k.vendor()];
    const pa = await createProduct(t.db, { vendorId: a.id, price: 400 });
    const pb = await createProduct(t.db, { vendorId: b.id, price: 1000 });
    for (let i = 0; i < 3; i++) {
      const order = await k.place(me, [[pa.id, 1], [pb.id, 1]], 'cod');
      const [la, lb] = [k.lineOf(order.lines, a.id).id, k.lineOf(order.lines, b.id).id];
      for (const [v, l] of [[a, la], [b, lb]] as const) expect((await k.call(v.headers, 'PATCH', `/api/vendor/orders/${l}`, { status: 'Shipped' })).statusCode).toBe(200);
      const [da, db] = [await deliveredBody(t, me, la), await deliveredBody(t, me, lb)];
      const both = await Promise.all(([[a, la, da], [b, lb, db]] as const).map(([v, l, body]) => k.call(v.headers, 'PATCH', `/api/vendor/orders/${l}`, body)));
      expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
      expect((await consoleOrder(order.orderId)).order.paymentStatus).toBe('Paid');
    }
  });
});
