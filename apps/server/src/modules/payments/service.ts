import type { FastifyBaseLogger } from 'fastify';
import { type RazorpayStart, type ZRazorpayVerifyBody } from '@nirmaan/shared';
import type { z } from 'zod';
import type { Config } from '../../config/index.ts';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { DEV_CHECKOUT_PATH, DEV_KEYS, devGateway, type DevGateway } from './dev-gateway.ts';
import { GatewayError } from '../../lib/razorpay/call.ts';
import { routeClient, type RouteClient } from '../../lib/razorpay/route.ts';
import { razorpayClient, type Razorpay, type RazorpayPayment } from './razorpay.ts';
import * as repo from './repository.ts';
import { PaymentWorker } from './worker.ts';

/**
 * The gateway module: gateway orders, payment fetch and capture, refunds and webhook signatures, from committed
 * rows. It knows nothing of orders or bookings; the flows (src/flows) compose it with them.
 */
export type { PaymentRow, RefundIntent, RefundRow, Target } from './repository.ts';
/** The development gateway's checkout script and its path (http/payments.ts serves it, behind a dev door). */
export { DEV_CHECKOUT_JS, DEV_CHECKOUT_PATH } from './dev-gateway.ts';
export { claimEvent, findByRazorpayOrder, findLive, findUnhonoured, insertRefunds, lockPayment, markRefundProcessed, paidPayments, recordPaid, refundsFor, voidUnpaid } from './repository.ts';

/** What the customer's browser needs to pay an order online (provider specific), or null when nothing is due now. */
export type PaymentStart = RazorpayStart | null;
type VerifyBody = z.output<typeof ZRazorpayVerifyBody>;

export const GATEWAY_PENDING = 'The payment service is not answering right now. Your order is saved as Pending: you can pay for it from My orders.';
const NOT_VERIFIED = 'The payment could not be verified. Nothing was marked paid; please try again or contact support.';
const GATEWAY_SLOW = 'The payment service is not answering right now. If money was taken, your order will be marked paid shortly.';
/** How long a request waits for the gateway after its commit before answering without it. */
export const GATEWAY_WAIT_MS = 5_000;

/** The app's gateway, built once in buildApp: Razorpay with keys, the built-in test gateway in development, or none. */
export interface Payments {
  db: Db;
  gateway: Razorpay | null;
  production: boolean;
  dev: DevGateway | null;
  worker: PaymentWorker;
  /**
   * The one Razorpay Route client, with the same keys (linked accounts, decision record 018; transfers, 019), for the
   * payouts and transfers modules; null without a gateway. In development without keys it calls the built-in gateway.
   */
  route: RouteClient | null;
}

/**
 * Razorpay with keys; in development without keys, the built-in test gateway (same protocol, a development secret);
 * otherwise none (online and UPI refused in production).
 */
export function createPayments(db: Db, config: Config, log: FastifyBaseLogger): Payments {
  const keyed = config.RAZORPAY_KEY_ID && config.RAZORPAY_KEY_SECRET && config.RAZORPAY_WEBHOOK_SECRET;
  const dev = !keyed && config.NODE_ENV === 'development' ? devGateway() : null;
  const keys = keyed
    ? { keyId: config.RAZORPAY_KEY_ID!, keySecret: config.RAZORPAY_KEY_SECRET!, webhookSecret: config.RAZORPAY_WEBHOOK_SECRET!, apiUrl: config.RAZORPAY_API_URL }
    : null;
  const gateway = keys ? razorpayClient(keys) : dev ? razorpayClient(DEV_KEYS, dev.fetch) : null;
  const route = keys ? routeClient(keys) : dev ? routeClient(DEV_KEYS, dev.fetch) : null;
  return { db, gateway, production: config.NODE_ENV === 'production', dev, worker: new PaymentWorker(db, gateway, log), route };
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

export function requireGateway(payments: Payments): Razorpay {
  if (!payments.gateway) throw new AppError('BAD_REQUEST', 'Online payment is not available right now. Please choose cash on delivery.');
  return payments.gateway;
}

/** In production without Razorpay keys, online and UPI are not offered: cash on delivery still works. */
export function assertMethodAvailable(payments: Payments, method: string, of: 'order' | 'booking') {
  if (method === 'cod' || method === 'cash' || payments.gateway || !payments.production) return;
  if (of === 'order') requireGateway(payments);
  throw new AppError('BAD_REQUEST', 'Online payment is not available right now. Please choose Cash and pay at the time of service.');
}


function startOf(gw: Razorpay, row: { razorpayOrderId: string | null; amountPaise: number }): RazorpayStart {
  if (!row.razorpayOrderId) return { provider: 'razorpay', keyId: gw.keyId, razorpayOrderId: null, amount: row.amountPaise, currency: 'INR', message: GATEWAY_PENDING };
  return { provider: 'razorpay', keyId: gw.keyId, razorpayOrderId: row.razorpayOrderId, amount: row.amountPaise, currency: 'INR' };
}

/**
 * Inside the caller's transaction: the intent to make a gateway order of this amount. The answer is a placeholder
 * (no gateway order yet); `startFor` after the commit fills it in.
 */
export async function requestGatewayOrder(payments: Payments, tx: Tx, target: repo.Target, amountPaise: number): Promise<PaymentStart> {
  if (!payments.gateway) return null;
  if (amountPaise < 100) return null;
  await repo.insertIntent(tx, target, amountPaise);
  return startOf(payments.gateway, { razorpayOrderId: null, amountPaise });
}

/**
 * After the commit: the live gateway order of an order or booking for checkout.js, made now if need be (waiting at
 * most `waitMs`; if the gateway is slower or down, a placeholder with a message, and the worker goes on).
 */
export async function startFor(payments: Payments, target: repo.Target, waitMs = GATEWAY_WAIT_MS): Promise<PaymentStart> {
  const gw = payments.gateway;
  if (!gw) return null;
  let row = await repo.findLive(payments.db, target);
  if (!row) return null;
  if (row.status === 'creating') row = (await payments.worker.gatewayOrderWithin(row.id, waitMs)) ?? row;
  return startOf(gw, row);
}

/**
 * Whether checkout.js's handler fields carry the gateway's signature (HMAC with our key secret): only Razorpay can
 * make one, for a payment it took, so a signed verify is never turned away by a rate limit (issue 30).
 */
export function signedByGateway(payments: Payments, body: VerifyBody): boolean {
  return payments.gateway?.checkPaymentSignature(body.razorpay_order_id, body.razorpay_payment_id, body.razorpay_signature) ?? false;
}

/**
 * Checks checkout.js's handler fields with the gateway: a good signature, then the gateway's own record of the
 * payment for this gateway order. An authorized payment is captured first: only captured money pays anything.
 */
export async function capturedPayment(payments: Payments, body: VerifyBody): Promise<RazorpayPayment> {
  const gw = requireGateway(payments);
  if (!gw.checkPaymentSignature(body.razorpay_order_id, body.razorpay_payment_id, body.razorpay_signature)) throw new AppError('BAD_REQUEST', NOT_VERIFIED);
  let p = await gatewayCall(() => gw.fetchPayment(body.razorpay_payment_id));
  if (!p || p.id !== body.razorpay_payment_id || p.order_id !== body.razorpay_order_id || p.currency !== 'INR') throw new AppError('BAD_REQUEST', NOT_VERIFIED);
  if (p.status === 'authorized') {
    const order = await repo.findByRazorpayOrder(payments.db, body.razorpay_order_id);
    // A wrong amount is not captured: uncaptured, it goes back to the customer by itself.
    if (order?.amountPaise !== p.amount) throw new AppError('BAD_REQUEST', NOT_VERIFIED);
    const amount = p.amount;
    p = await gatewayCall(() => gw.capture(body.razorpay_payment_id, amount)) ?? p;
    if (p.status !== 'captured') p = (await gatewayCall(() => gw.fetchPayment(body.razorpay_payment_id))) ?? p;
  }
  if (p.status !== 'captured') throw new AppError('BAD_REQUEST', NOT_VERIFIED);
  return p;
}

/**
 * For the expiry sweep, after no commit and before one: the captured payments the gateway holds for this gateway
 * order (`GET /v1/orders/{id}/payments`), whether or not verify or a webhook told us. An authorized payment of the
 * order's amount is captured first, as verify would (the confirmation then adopts or refunds it). A gateway that
 * cannot be asked throws (GatewayError): the caller must not decide as if nothing was paid.
 */
export async function capturedAtGateway(payments: Payments, row: { razorpayOrderId: string | null; amountPaise: number }): Promise<RazorpayPayment[]> {
  const gw = payments.gateway;
  if (!gw || !row.razorpayOrderId) return [];
  const captured: RazorpayPayment[] = [];
  for (const found of await gw.paymentsOfOrder(row.razorpayOrderId)) {
    if (found.order_id !== row.razorpayOrderId || found.currency !== 'INR') continue;
    let p = found;
    if (p.status === 'authorized' && p.amount === row.amountPaise) p = await gw.capture(p.id, p.amount);
    if (p.status === 'captured') captured.push(p);
  }
  return captured;
}

/** The order's or booking's gateway orders that may hold a payment we were never told of (open or voided, made at the gateway). */
export const unpaidGatewayOrders = (db: Db, target: repo.Target) => repo.unpaidGatewayOrders(db, target);

/** A gateway call: its 4xx answer is null (the gateway says no), no answer or a 5xx is 502. */
async function gatewayCall<T>(fn: () => Promise<T>): Promise<T | null> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof GatewayError && err.status !== null && err.status < 500) return null;
    if (err instanceof GatewayError) throw new AppError('BAD_GATEWAY', GATEWAY_SLOW);
    throw err;
  }
}

export interface WebhookEvent {
  event?: string;
  payload?: {
    payment?: { entity?: { id?: string; order_id?: string | null; amount?: number; status?: string; currency?: string } };
    refund?: { entity?: { id?: string } };
  };
}

/** Razorpay's webhook body, once its X-Razorpay-Signature over the raw body is good (400 otherwise). */
export function checkedWebhook(payments: Payments, rawBody: string, signature: string | undefined): WebhookEvent {
  const gw = requireGateway(payments);
  if (!signature || !gw.checkWebhookSignature(rawBody, signature)) throw new AppError('BAD_REQUEST', 'Bad webhook signature.');
  try {
    return JSON.parse(rawBody) as WebhookEvent;
  } catch {
    throw new AppError('BAD_REQUEST', 'The webhook body is not JSON.');
  }
}

/**
 * Inside the caller's transaction: the refund of these amounts of one captured payment, as one gateway refund
 * named by their `receipt`. Returns the rows stored (a line, fee or payment refunded before is skipped by its
 * unique key).
 */
export async function requestRefund(tx: Tx, rows: repo.RefundIntent[]): Promise<repo.RefundRow[]> {
  return repo.insertRefunds(tx, rows.filter((r) => r.amountPaise > 0));
}

/**
 * Inside the caller's transaction, for another module that must act before money goes back (decision record 019:
 * the vendor's share already released is reversed first): `awaitReversal` keeps a stored refund, and every refund
 * of its receipt, from being requested; `refundsMayGo` lets it go and returns the rows freed, for `refundSoon` after
 * the commit. This module does not know why a refund waits.
 */
export { awaitReversal, refundsMayGo } from './repository.ts';

/** After the commit: request the stored refunds now (waiting at most `waitMs`); the worker retries the rest. */
export async function refundSoon(payments: Payments, stored: repo.RefundRow[], waitMs = GATEWAY_WAIT_MS) {
  await payments.worker.refundWithin([...new Set(stored.map((r) => r.receipt))], waitMs);
}
