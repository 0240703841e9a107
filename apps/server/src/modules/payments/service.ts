import type { ProductPaymentMethod, RazorpayStart, ZRazorpayVerifyBody } from '@nirmaan/shared';
import type { z } from 'zod';
import type { Config } from '../../config/index.ts';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { lockBooking, markBookingPaid } from '../bookings/service.ts';
import { lockOrder, markOrderPaid } from '../orders/service.ts';
import { DEV_CHECKOUT_PATH, DEV_KEYS, devGateway, type DevGateway } from './dev-gateway.ts';
import { GatewayError, razorpayClient, type Razorpay } from './razorpay.ts';
import * as repo from './repository.ts';

/** What the customer's browser needs to pay an order online (provider specific), or null when nothing is due now. */
export type PaymentStart = RazorpayStart | null;
type VerifyBody = z.output<typeof ZRazorpayVerifyBody>;

const GATEWAY_DOWN = 'The payment service is not answering right now. Your order is saved as Pending: you can pay for it from My orders.';
const EXPIRED = 'This order was cancelled before the payment arrived, so it was not marked paid. Please contact support for a refund.';
const NOT_VERIFIED = 'The payment could not be verified. Nothing was marked paid; please try again or contact support.';

/** The gateway of each app (keyed by its database handle), so the orders service needs no configuration of its own. */
const gateways = new WeakMap<Db, { razorpay: Razorpay | null; production: boolean; dev: DevGateway | null }>();

/**
 * Sets up this app's gateway: Razorpay with keys; in development without keys, the built-in test gateway
 * (same protocol, a development secret); otherwise none (online and UPI refused in production).
 */
export function configurePayments(db: Db, config: Config) {
  const keyed = config.RAZORPAY_KEY_ID && config.RAZORPAY_KEY_SECRET && config.RAZORPAY_WEBHOOK_SECRET;
  const dev = !keyed && config.NODE_ENV === 'development' ? devGateway() : null;
  const razorpay = keyed
    ? razorpayClient({ keyId: config.RAZORPAY_KEY_ID!, keySecret: config.RAZORPAY_KEY_SECRET!, webhookSecret: config.RAZORPAY_WEBHOOK_SECRET!, apiUrl: config.RAZORPAY_API_URL })
    : dev ? razorpayClient(DEV_KEYS, dev.fetch) : null;
  gateways.set(db, { razorpay, production: config.NODE_ENV === 'production', dev });
  return dev;
}

/** What the web app is told (GET /api/config): whether online payment is offered and where checkout.js is. */
export function clientPaymentOptions(config: Config) {
  const keyed = config.RAZORPAY_KEY_ID !== undefined;
  const dev = !keyed && config.NODE_ENV === 'development';
  return {
    onlinePayment: keyed || config.NODE_ENV !== 'production',
    razorpayCheckoutUrl: keyed ? config.RAZORPAY_CHECKOUT_URL : dev ? DEV_CHECKOUT_PATH : null,
  };
}

const gatewayOf = (db: Db) => gateways.get(db)?.razorpay ?? null;

function requireGateway(db: Db): Razorpay {
  const gw = gatewayOf(db);
  if (!gw) throw new AppError('BAD_REQUEST', 'Online payment is not available right now. Please choose cash on delivery.');
  return gw;
}

/** In production without Razorpay keys, online and UPI are not offered: cash on delivery still works. */
export function assertMethodAvailable(db: Db, method: string, of: 'order' | 'booking') {
  if (method === 'cod' || method === 'cash' || gatewayOf(db) || gateways.get(db)?.production === false) return;
  if (of === 'order') requireGateway(db);
  throw new AppError('BAD_REQUEST', 'Online payment is not available right now. Please choose Cash and pay at the time of service.');
}

const toPaise = (rupees: number) => Math.round(rupees * 100);

function startOf(gw: Razorpay, row: { razorpayOrderId: string; amountPaise: number }): RazorpayStart {
  return { provider: 'razorpay', keyId: gw.keyId, razorpayOrderId: row.razorpayOrderId, amount: row.amountPaise, currency: 'INR' };
}

type Target = { orderId: string } | { bookingId: string };

async function createGatewayOrder(gw: Razorpay, tx: Tx, target: Target, totalPaise: number) {
  const receipt = 'orderId' in target ? target.orderId : target.bookingId;
  const created = await gw.createOrder({ amount: totalPaise, receipt, notes: 'orderId' in target ? { orderId: receipt } : { bookingId: receipt } });
  if (created.amount !== totalPaise) throw new GatewayError(null);
  return repo.insertPayment(tx, { ...target, razorpayOrderId: created.id, amountPaise: totalPaise });
}

async function start(db: Db, tx: Tx, target: Target, totalPaise: number): Promise<PaymentStart> {
  const gw = gatewayOf(db);
  if (!gw) return null;
  try {
    return startOf(gw, (await createGatewayOrder(gw, tx, target, totalPaise))!);
  } catch (err) {
    if (!(err instanceof GatewayError)) throw err;
    return { provider: 'razorpay', keyId: gw.keyId, razorpayOrderId: null, amount: totalPaise, currency: 'INR', message: GATEWAY_DOWN };
  }
}

/** A booking paid by card, UPI or netbanking: the same Razorpay step, inside the booking's transaction. */
export const startBookingPayment = (db: Db, tx: Tx, booking: { id: string; totalPaise: number }) => start(db, tx, { bookingId: booking.id }, booking.totalPaise);

/**
 * The one payment step orders call, inside the order's transaction (so a retried /ordercart with its
 * Idempotency-Key replays this answer and creates no second gateway order). A gateway that is down leaves the
 * order Pending with a message; the customer pays later through "Pay now".
 */
export async function startPayment(db: Db, tx: Tx, order: { id: string; method: ProductPaymentMethod; totalPaise: number }): Promise<PaymentStart> {
  if (order.method === 'cod') return null;
  return start(db, tx, { orderId: order.id }, order.totalPaise);
}

/** "Pay now" for the customer's Pending online order: its Razorpay order, created now if the first attempt failed. */
export async function payNow(db: Db, customerId: string, orderId: string): Promise<RazorpayStart> {
  const gw = requireGateway(db);
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order || order.customerId !== customerId) throw new AppError('NOT_FOUND', 'Order not found.');
    if (order.paymentMethod === 'cod') throw new AppError('BAD_REQUEST', 'This order is paid in cash on delivery.');
    if (order.paymentStatus !== 'Pending') throw new AppError('CONFLICT', 'This order is already paid.');
    const existing = await repo.findByOrder(tx, orderId);
    if (existing) return startOf(gw, existing);
    try {
      return startOf(gw, (await createGatewayOrder(gw, tx, { orderId: order.id }, toPaise(Number(order.total))))!);
    } catch (err) {
      if (err instanceof GatewayError) throw new AppError('BAD_GATEWAY', 'The payment service is not answering right now. Your order is safe: please try again in a few minutes.');
      throw err;
    }
  });
}

/**
 * Confirms a gateway payment of our Razorpay order, once: the order is locked, the payment recorded, and the
 * order's live lines become Paid. Verify and webhook both land here, in either order and any number of times.
 */
async function confirmIn(tx: Tx, razorpayOrderId: string, razorpayPaymentId: string) {
  const payment = await repo.findByRazorpayOrder(tx, razorpayOrderId);
  if (!payment) return null;
  if (payment.bookingId) {
    const booking = (await lockBooking(tx, payment.bookingId))!;
    if (booking.paymentStatus !== 'Pending') return { id: booking.id, paymentStatus: booking.paymentStatus };
    await repo.recordPaid(tx, razorpayOrderId, razorpayPaymentId);
    if (!(await markBookingPaid(tx, booking.id))) throw new AppError('CONFLICT', EXPIRED);
    return { id: booking.id, paymentStatus: 'Paid' as const };
  }
  const order = (await lockOrder(tx, payment.orderId!))!;
  if (order.paymentStatus !== 'Pending') return { id: order.id, paymentStatus: order.paymentStatus };
  await repo.recordPaid(tx, razorpayOrderId, razorpayPaymentId);
  if ((await markOrderPaid(tx, order.id)).length === 0) throw new AppError('CONFLICT', EXPIRED);
  return { id: order.id, paymentStatus: 'Paid' as const };
}

const confirm = (db: Db, razorpayOrderId: string, razorpayPaymentId: string) => db.transaction((tx) => confirmIn(tx, razorpayOrderId, razorpayPaymentId));

/** Checks the gateway's own record of a payment against our Razorpay order. */
async function matchesGateway(gw: Razorpay, payment: { razorpayOrderId: string; amountPaise: number }, razorpayPaymentId: string) {
  let p;
  try {
    p = await gw.fetchPayment(razorpayPaymentId);
  } catch (err) {
    if (err instanceof GatewayError && err.status !== null && err.status < 500) return false;
    throw new AppError('BAD_GATEWAY', 'The payment service is not answering right now. If money was taken, your order will be marked paid shortly.');
  }
  return p.id === razorpayPaymentId && p.order_id === payment.razorpayOrderId && p.amount === payment.amountPaise
    && p.currency === 'INR' && (p.status === 'captured' || p.status === 'authorized');
}

/** checkout.js's handler fields: the customer's own order, a good signature, and the gateway's matching payment. */
export async function verify(db: Db, customerId: string, body: VerifyBody) {
  const gw = requireGateway(db);
  const payment = await repo.findByRazorpayOrder(db, body.razorpay_order_id);
  const owner = payment && await db.transaction(async (tx) => (payment.bookingId
    ? (await lockBooking(tx, payment.bookingId))?.customerId
    : (await lockOrder(tx, payment.orderId!))?.customerId));
  if (!payment || owner !== customerId) throw new AppError('NOT_FOUND', 'Order not found.');
  if (!gw.checkPaymentSignature(body.razorpay_order_id, body.razorpay_payment_id, body.razorpay_signature)) throw new AppError('BAD_REQUEST', NOT_VERIFIED);
  if (!(await matchesGateway(gw, payment, body.razorpay_payment_id))) throw new AppError('BAD_REQUEST', NOT_VERIFIED);
  const confirmed = (await confirm(db, body.razorpay_order_id, body.razorpay_payment_id))!;
  return { message: 'Payment successful. Your order is paid.', orderId: confirmed.id, paymentStatus: confirmed.paymentStatus };
}

interface WebhookEvent {
  event?: string;
  payload?: {
    payment?: { entity?: { id?: string; order_id?: string | null; amount?: number; status?: string } };
    refund?: { entity?: { id?: string } };
  };
}

/**
 * Razorpay's webhook: the signature over the raw body first (400 if bad), then each X-Razorpay-Event-Id is handled
 * once. payment.captured confirms like verify; payment.failed leaves the order Pending (the customer may retry);
 * refund.processed marks our refund done.
 */
export async function webhook(db: Db, rawBody: string, signature: string | undefined, eventId: string | undefined) {
  const gw = requireGateway(db);
  if (!signature || !gw.checkWebhookSignature(rawBody, signature)) throw new AppError('BAD_REQUEST', 'Bad webhook signature.');
  let event: WebhookEvent;
  try {
    event = JSON.parse(rawBody) as WebhookEvent;
  } catch {
    throw new AppError('BAD_REQUEST', 'The webhook body is not JSON.');
  }
  const p = event.payload?.payment?.entity;
  const refundId = event.payload?.refund?.entity?.id;
  // The event id is claimed in the same transaction as its effect: a failure leaves it for Razorpay's redelivery.
  await db.transaction(async (tx) => {
    if (eventId && !(await repo.claimEvent(tx, eventId))) return;
    if (event.event === 'payment.captured' && p?.id && p.order_id) {
      const payment = await repo.findByRazorpayOrder(tx, p.order_id);
      if (!payment || p.amount !== payment.amountPaise) return;
      const { order_id: razorpayOrderId, id: razorpayPaymentId } = p;
      try {
        await tx.transaction((inner) => confirmIn(inner, razorpayOrderId, razorpayPaymentId));
      } catch (err) {
        // An expired order's late payment is acknowledged (Razorpay would only redeliver it) and left for support.
        if (!(err instanceof AppError && err.code === 'CONFLICT')) throw err;
      }
    } else if (event.event === 'refund.processed' && refundId) {
      await repo.markRefundProcessed(tx, refundId);
    }
  });
  return { received: true };
}

/**
 * Refunds cancelled order lines that were paid, for their own amounts, through the gateway, inside the cancel's
 * transaction. One refund covers all the lines of one cancel, so the gateway's answer is all or nothing: when it
 * refuses, the cancel rolls back and nothing was refunded. Returns the ids of the refunded lines.
 */
export async function refundLines(db: Db, tx: Tx, orderId: string, lines: { id: string; totalPrice: string }[]): Promise<string[]> {
  if (lines.length === 0) return [];
  const gw = gatewayOf(db);
  const payment = await repo.findByOrder(tx, orderId);
  if (!gw || !payment?.razorpayPaymentId) return [];
  const amounts = lines.map((l) => ({ id: l.id, paise: toPaise(Number(l.totalPrice)) }));
  const total = amounts.reduce((sum, a) => sum + a.paise, 0);
  let refund;
  try {
    refund = await gw.refund(payment.razorpayPaymentId, total, lines.length === 1 ? lines[0]!.id : orderId, { orderId, lines: lines.map((l) => l.id).join(',').slice(0, 250) });
  } catch (err) {
    if (err instanceof GatewayError) throw new AppError('BAD_GATEWAY', 'The refund could not be started right now, so nothing was cancelled. Please try again in a few minutes.');
    throw err;
  }
  for (const a of amounts) {
    await repo.insertRefund(tx, { lineId: a.id, razorpayPaymentId: payment.razorpayPaymentId, razorpayRefundId: refund.id, amountPaise: a.paise });
  }
  return amounts.map((a) => a.id);
}

/** Refunds a cancelled paid booking's whole amount, inside the cancel's transaction; false when nothing was paid here. */
export async function refundBooking(db: Db, tx: Tx, booking: { id: string; totalAmount: string }): Promise<boolean> {
  const gw = gatewayOf(db);
  const payment = await repo.findByBooking(tx, booking.id);
  if (!gw || !payment?.razorpayPaymentId) return false;
  const amount = toPaise(Number(booking.totalAmount));
  let refund;
  try {
    refund = await gw.refund(payment.razorpayPaymentId, amount, booking.id, { bookingId: booking.id });
  } catch (err) {
    if (err instanceof GatewayError) throw new AppError('BAD_GATEWAY', 'The refund could not be started right now, so nothing was cancelled. Please try again in a few minutes.');
    throw err;
  }
  await repo.insertRefund(tx, { bookingId: booking.id, razorpayPaymentId: payment.razorpayPaymentId, razorpayRefundId: refund.id, amountPaise: amount });
  return true;
}
