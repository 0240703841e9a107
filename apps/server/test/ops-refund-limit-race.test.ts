import { and, eq, inArray, or } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, bookings, orderLines, paymentRefunds } from '../src/db/schema/index.ts';
import type { TestApp } from './support/app.ts';
import { createProduct, createVendor } from './support/factories.ts';
import { webhookDeliverer } from './support/http.ts';
import { loggedInOperator } from './support/ops.ts';
import { appWithRazorpay, type RazorpayStandIn } from './support/razorpay-app.ts';
import { transferKit } from './support/transfers.ts';

/**
 * Issue 30, defect 4: support's refund limit (₹10,000 by default) must hold when support cancels an unpaid order or
 * booking while the customer's payment is being confirmed (verify or webhook). The limit is judged under the lock,
 * on what this cancel refunds; a refusal leaves nothing cancelled and nothing refunded. Whatever wins, the customer's
 * payment is either honoured or refunded in full by the system, never refunded by support above the limit.
 */

const LIMIT_PAISE = 1_000_000;
const ROUNDS = 30;
/** The refunds support's cancel stores (a payment we could not honour is refunded with a reason of its own). */
const SUPPORT_REASONS = ['cancelled', 'delivery fee'];

let t: TestApp;
let rzp: RazorpayStandIn;
let support: Record<string, string>;

appWithRazorpay(async (started) => {
  ({ t, rzp } = started);
  support = (await loggedInOperator(t.app, t.db, 'support', '10.93.0.1')).headers;
}, { SUPPORT_REFUND_LIMIT_PAISE: String(LIMIT_PAISE) });

const k = transferKit(() => ({ t, rzp }));
const deliver = webhookDeliverer(() => t);

/** The customer's payment confirmation: verify in even rounds, the payment.captured webhook in odd ones. */
function confirm(round: number, who: { headers: Record<string, string> }, fields: ReturnType<RazorpayStandIn['pay']>) {
  if (round % 2 === 0) return k.call(who.headers, 'POST', '/api/payments/razorpay/verify', fields);
  return deliver(rzp.webhook('payment.captured', { payment: { entity: rzp.payments.get(fields.razorpay_payment_id) } }));
}

/** The refunds of an order or booking, and of the customer's gateway payment (a late payment's refund names only that). */
const refundsOf = (target: ReturnType<typeof eq>, razorpayPaymentId: string) =>
  t.db.select().from(paymentRefunds).where(or(target, eq(paymentRefunds.razorpayPaymentId, razorpayPaymentId)));
const auditsOf = (subjectId: string) => t.db.select().from(auditLog).where(and(eq(auditLog.subjectId, subjectId), eq(auditLog.action, auditAction(subjectId))));
const actions = new Map<string, string>();
const auditAction = (id: string) => actions.get(id)!;

describe("support's refund limit when a cancel races the payment's confirmation", () => {
  it(`orders: ${ROUNDS} races, never a refund by support above the limit; a refusal cancels and refunds nothing`, async () => {
    const seller = await k.vendor('seller', { approvedAt: new Date() });
    const failures: string[] = [];
    const outcomes = { refused: 0, cancelledUnpaid: 0 };
    let who = await k.customer();
    for (let round = 0; round < ROUNDS; round++) {
      if (round > 0 && round % 10 === 0) who = await k.customer();
      const product = await createProduct(t.db, { vendorId: seller.id, price: 15_000, stock: 5 });
      const placed = await k.place(who, [[product.id, 1]]);
      actions.set(placed.orderId, 'order.cancel');
      const fields = rzp.pay(placed.payment!.razorpayOrderId);
      const [cancel] = await Promise.all([
        k.call(support, 'POST', `/api/ops/orders/${placed.orderId}/cancel`, { reason: 'Customer phoned to cancel' }),
        confirm(round, who, fields),
      ]);
      const refunds = await refundsOf(eq(paymentRefunds.orderId, placed.orderId), fields.razorpay_payment_id);
      const bySupport = refunds.filter((r) => SUPPORT_REASONS.includes(r.reason)).reduce((s, r) => s + r.amountPaise, 0);
      if (bySupport > LIMIT_PAISE) failures.push(`round ${round}: support refunded ${bySupport} paise (cancel ${cancel.statusCode})`);
      const lines = await t.db.select().from(orderLines).where(eq(orderLines.orderId, placed.orderId));
      if (cancel.statusCode === 403) {
        outcomes.refused += 1;
        if (lines.some((l) => l.status === 'Cancelled') || bySupport > 0 || (await auditsOf(placed.orderId)).length > 0) {
          failures.push(`round ${round}: refused, yet something was cancelled, refunded or audited`);
        }
      } else if (cancel.statusCode === 200) {
        outcomes.cancelledUnpaid += 1;
        // Cancelled before the payment counted: the late payment is refunded in full by the system, once.
        const system = refunds.filter((r) => !SUPPORT_REASONS.includes(r.reason));
        if (system.length !== 1 || system[0]!.amountPaise !== placed.payment!.amount) failures.push(`round ${round}: a late payment not refunded in full once: ${JSON.stringify(system.map((r) => [r.reason, r.amountPaise]))}`);
      } else failures.push(`round ${round}: cancel answered ${cancel.statusCode} ${cancel.body.slice(0, 120)}`);
    }
    console.log(`support cancel vs payment, orders: ${JSON.stringify(outcomes)}`);
    expect(failures).toEqual([]);
  }, 240_000);

  it(`bookings: ${ROUNDS} races, never a refund by support above the limit; a refusal cancels and refunds nothing`, async () => {
    const failures: string[] = [];
    const outcomes = { refused: 0, cancelledUnpaid: 0 };
    let who = await k.customer();
    for (let round = 0; round < ROUNDS; round++) {
      if (round > 0 && round % 10 === 0) who = await k.customer();
      const pro = await createVendor(t.db, { kind: 'professional', chargeAmount: 15_000, approvedAt: new Date() });
      const made = await k.call(who.headers, 'POST', '/api/booking', k.bookingBody(who, pro.id, 'upi'));
      expect(made.statusCode, made.body).toBe(201);
      const { booking, payment } = made.json() as { booking: { _id: string }; payment: { razorpayOrderId: string; amount: number } };
      actions.set(booking._id, 'booking.cancel');
      const fields = rzp.pay(payment.razorpayOrderId);
      const [cancel] = await Promise.all([
        k.call(support, 'POST', `/api/ops/bookings/${booking._id}/cancel`, { reason: 'Customer phoned to cancel' }),
        confirm(round, who, fields),
      ]);
      const refunds = await refundsOf(eq(paymentRefunds.bookingId, booking._id), fields.razorpay_payment_id);
      const bySupport = refunds.filter((r) => SUPPORT_REASONS.includes(r.reason)).reduce((s, r) => s + r.amountPaise, 0);
      if (bySupport > LIMIT_PAISE) failures.push(`round ${round}: support refunded ${bySupport} paise (cancel ${cancel.statusCode})`);
      const [row] = await t.db.select().from(bookings).where(inArray(bookings.id, [booking._id]));
      if (cancel.statusCode === 403) {
        outcomes.refused += 1;
        if (row!.status === 'Cancelled' || bySupport > 0 || (await auditsOf(booking._id)).length > 0) failures.push(`round ${round}: refused, yet something was cancelled, refunded or audited`);
      } else if (cancel.statusCode === 200) {
        outcomes.cancelledUnpaid += 1;
        const system = refunds.filter((r) => !SUPPORT_REASONS.includes(r.reason));
        if (system.length !== 1 || system[0]!.amountPaise !== payment.amount) failures.push(`round ${round}: a late payment not refunded in full once: ${JSON.stringify(system.map((r) => [r.reason, r.amountPaise]))}`);
      } else failures.push(`round ${round}: cancel answered ${cancel.statusCode} ${cancel.body.slice(0, 120)}`);
    }
    console.log(`support cancel vs payment, bookings: ${JSON.stringify(outcomes)}`);
    expect(failures).toEqual([]);
  }, 240_000);
});
