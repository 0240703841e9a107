import type { RazorpayStart, ZOrderCartBody } from '@nirmaan/shared';
import type { z } from 'zod';
import { AppError } from '../lib/errors.ts';
import * as orders from '../modules/orders/service.ts';
import * as payments from '../modules/payments/service.ts';
import { owedPaise } from './owed.ts';

/**
 * Place an order (catalogue, cart and orders in the order's transaction, with the intent to make a gateway order),
 * then, after the commit, make the gateway order. The answer waits a few seconds for it; when the gateway is slow
 * or down, the answer says so (razorpayOrderId null) and "Pay now" or the worker makes it later.
 */
export async function placeOrder(
  p: payments.Payments, customerId: string, body: z.output<typeof ZOrderCartBody>, idempotencyKey: string | undefined, opts: { publicUrl: string },
) {
  const placed = await orders.placeOrder(p.db, customerId, body, idempotencyKey, opts, {
    assertAvailable: (method) => payments.assertMethodAvailable(p, method, 'order'),
    start: (tx, order) => payments.requestGatewayOrder(p, tx, { orderId: order.id }, order.totalPaise),
  });
  // A replay answers with the order's gateway order as it is now, like the first answer would be.
  if (placed.body.payment) placed.body = { ...placed.body, payment: await payments.startFor(p, { orderId: placed.body.orderId }) };
  return placed;
}

/**
 * "Pay now" for the customer's Pending online order: its live gateway order, made now if the first attempt failed
 * or the order changed. The amount is what is owed now (cancelled lines are not charged).
 */
export async function payNow(p: payments.Payments, customerId: string, orderId: string): Promise<RazorpayStart> {
  payments.requireGateway(p);
  const order = await orders.findOrder(p.db, orderId);
  if (!order || order.customerId !== customerId) throw new AppError('NOT_FOUND', 'Order not found.');
  if (order.paymentMethod === 'cod') throw new AppError('BAD_REQUEST', 'This order is paid in cash on delivery.');
  if (order.paymentStatus !== 'Pending') throw new AppError('CONFLICT', 'This order is already paid.');
  if (!(await payments.findLive(p.db, { orderId }))) {
    await p.db.transaction(async (tx) => {
      const locked = (await orders.lockOrder(tx, orderId))!;
      const owed = owedPaise(locked, await orders.linesOfOrder(tx, orderId));
      if (locked.paymentStatus !== 'Pending') throw new AppError('CONFLICT', 'This order is already paid.');
      if (owed === 0) throw new AppError('CONFLICT', 'This order is cancelled: there is nothing to pay.');
      await payments.requestGatewayOrder(p, tx, { orderId }, owed);
    });
  }
  const start = await payments.startFor(p, { orderId });
  if (!start?.razorpayOrderId) throw new AppError('BAD_GATEWAY', 'The payment service is not answering right now. Your order is safe: please try again in a few minutes.');
  return start;
}
