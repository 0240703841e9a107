import { useCallback } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ZPaymentResult, ZRazorpayStart, type RazorpayStart } from '@nirmaan/shared/payments';
import { api, ApiError } from './api.ts';
import { clientConfigQuery } from './queries.ts';
import { ordersKey } from './query-keys.ts';

/** The server's payment options (GET /api/config, the same query the sign-in buttons read). */
export function usePaymentOptions() {
  const config = useQuery(clientConfigQuery);
  return { onlinePayment: config.data?.onlinePayment !== false, checkoutUrl: config.data?.razorpayCheckoutUrl ?? null, settled: !config.isPending };
}

/** What the customer sees after the payment step. */
export const PAY_MSG = {
  paid: 'Payment successful. Your order is paid.',
  failed: 'Payment failed. Your order is saved as Pending: you can pay for it under My orders with “Pay now”.',
  dismissed: 'Payment cancelled. Your order is saved as Pending: you can pay for it under My orders with “Pay now”.',
  unavailable: 'The payment window could not be opened. Your order is saved as Pending: please try “Pay now” under My orders.',
} as const;
export type PayOutcome = keyof typeof PAY_MSG;
/** The same outcomes for a booking (paid by card, UPI or netbanking when booking). */
export const BOOKING_PAY_MSG: Record<PayOutcome, string> = {
  paid: 'Payment successful. Your booking is paid.',
  failed: 'Payment failed. Your booking is kept with payment Pending.',
  dismissed: 'Payment cancelled. Your booking is kept with payment Pending.',
  unavailable: 'The payment window could not be opened. Your booking is kept with payment Pending.',
};

interface HandlerFields { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string }
interface RazorpayInstance { open(): void; on(event: 'payment.failed', cb: (response: unknown) => void): void }
type RazorpayCtor = new (options: Record<string, unknown>) => RazorpayInstance;
declare global {
  interface Window { Razorpay?: RazorpayCtor }
}

let loading: Promise<RazorpayCtor> | null = null;

/** Loads checkout.js once, only when a payment starts. */
function loadCheckout(url: string): Promise<RazorpayCtor> {
  if (window.Razorpay) return Promise.resolve(window.Razorpay);
  loading ??= new Promise<RazorpayCtor>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.onload = () => (window.Razorpay ? resolve(window.Razorpay) : reject(new Error('checkout.js did not load')));
    script.onerror = () => {
      script.remove();
      reject(new Error('checkout.js did not load'));
    };
    document.head.appendChild(script);
  }).catch((err: unknown) => {
    loading = null;
    throw err;
  });
  return loading;
}

/** Opens Razorpay's checkout for a started payment and posts the handler's fields to verify. */
export function usePayment() {
  const { checkoutUrl } = usePaymentOptions();
  const client = useQueryClient();
  return useCallback(async (start: RazorpayStart, prefill: { name?: string; email?: string; contact?: string } = {}): Promise<PayOutcome> => {
    if (!checkoutUrl || !start.razorpayOrderId) return 'unavailable';
    let Razorpay: RazorpayCtor;
    try {
      Razorpay = await loadCheckout(checkoutUrl);
    } catch {
      return 'unavailable';
    }
    const outcome = await new Promise<PayOutcome>((resolve) => {
      const checkout = new Razorpay({
        key: start.keyId, order_id: start.razorpayOrderId, amount: start.amount, currency: start.currency,
        name: 'Nirmaan', description: 'Your Nirmaan order', prefill,
        handler: (fields: HandlerFields) => {
          api('/api/payments/razorpay/verify', { method: 'POST', json: fields }, ZPaymentResult)
            .then(() => resolve('paid'), () => resolve('failed'));
        },
        modal: { ondismiss: () => resolve('dismissed') },
      });
      checkout.on('payment.failed', () => resolve('failed'));
      checkout.open();
    });
    await client.invalidateQueries({ queryKey: ordersKey });
    return outcome;
  }, [checkoutUrl, client]);
}

/** "Pay now": the Razorpay order of a Pending online order (created now if the first attempt failed). */
export async function startPayNow(orderId: string): Promise<RazorpayStart> {
  return api(`/api/payments/razorpay/order/${encodeURIComponent(orderId)}`, { method: 'POST' }, ZRazorpayStart);
}

export const payErrorMessage = (err: unknown) => (err instanceof ApiError && (err.status < 500 || err.status === 502) ? err.message : PAY_MSG.unavailable);
