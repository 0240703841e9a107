import { createHmac, timingSafeEqual } from 'node:crypto';
import { gatewayCaller, type Fetch } from '../../lib/razorpay/call.ts';

/**
 * The few Razorpay API calls the payments module makes (Orders, Payments fetch and capture, Refunds), with basic auth
 * key_id:key_secret through lib/razorpay/call.ts; Route's calls are lib/razorpay/route.ts.
 */
export interface RazorpayKeys { keyId: string; keySecret: string; webhookSecret: string; apiUrl: string }

export interface RazorpayOrder { id: string; amount: number; currency: string; receipt?: string; status: string; notes?: Record<string, string> | unknown[] }
export interface RazorpayPayment { id: string; order_id: string | null; amount: number; currency: string; status: string }
export interface RazorpayRefund { id: string; payment_id: string; amount: number; status: string; receipt?: string | null }
interface Collection<T> { items: T[] }

export function razorpayClient(keys: RazorpayKeys, fetchImpl: Fetch = fetch) {
  const call = gatewayCaller(keys, fetchImpl);
  return {
    keyId: keys.keyId,
    createOrder: (o: { amount: number; receipt: string; notes: Record<string, string> }) =>
      call<RazorpayOrder>('POST', '/v1/orders', { amount: o.amount, currency: 'INR', receipt: o.receipt, notes: o.notes }),
    /** The orders made with our receipt: a retry after a lost answer finds the order it already made. */
    ordersByReceipt: async (receipt: string) =>
      (await call<Collection<RazorpayOrder>>('GET', `/v1/orders?receipt=${encodeURIComponent(receipt)}&count=100`)).items,
    fetchPayment: (id: string) => call<RazorpayPayment>('GET', `/v1/payments/${encodeURIComponent(id)}`),
    /** Every payment made for a gateway order (authorized, captured or failed): the expiry sweep's question. */
    paymentsOfOrder: async (orderId: string) =>
      (await call<Collection<RazorpayPayment>>('GET', `/v1/orders/${encodeURIComponent(orderId)}/payments`)).items,
    /** Captures an authorized payment (only a captured payment is money we hold). */
    capture: (id: string, amount: number) =>
      call<RazorpayPayment>('POST', `/v1/payments/${encodeURIComponent(id)}/capture`, { amount, currency: 'INR' }),
    /** A payment's refunds: a retry after a lost answer finds the refund it already made, by receipt. */
    refundsOf: async (paymentId: string) =>
      (await call<Collection<RazorpayRefund>>('GET', `/v1/payments/${encodeURIComponent(paymentId)}/refunds?count=100`)).items,
    /** A partial or full refund in paise; `receipt` (our refund's key) names it, and finds it again after a crash. */
    refund: (paymentId: string, amount: number, receipt: string, notes: Record<string, string>) =>
      call<RazorpayRefund>('POST', `/v1/payments/${encodeURIComponent(paymentId)}/refund`, { amount, receipt, notes }),
    /** checkout.js's handler signature: HMAC-SHA256 of "order_id|payment_id" with the key secret. */
    checkPaymentSignature: (orderId: string, paymentId: string, signature: string) =>
      sameHex(hmac(keys.keySecret, `${orderId}|${paymentId}`), signature),
    /** X-Razorpay-Signature: HMAC-SHA256 of the raw body with the webhook secret. */
    checkWebhookSignature: (rawBody: string, signature: string) => sameHex(hmac(keys.webhookSecret, rawBody), signature),
  };
}

export type Razorpay = ReturnType<typeof razorpayClient>;

export const hmac = (secret: string, data: string) => createHmac('sha256', secret).update(data).digest('hex');

/** Constant-time comparison of two hex digests (a length mismatch is refused without comparing). */
function sameHex(expected: string, given: string): boolean {
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(given, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}
