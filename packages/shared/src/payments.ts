import { z } from 'zod';
import { ZId } from './api.ts';

/**
 * What checkout.js needs to pay an order through Razorpay (never the key secret); or, when the gateway could not
 * be reached, `message` says so and the order stays Pending for "Pay now" under My orders.
 */
export const ZRazorpayStart = z.object({
  provider: z.literal('razorpay'),
  keyId: z.string(),
  razorpayOrderId: z.string().nullable(),
  amount: z.number().int(),
  currency: z.literal('INR'),
  message: z.string().optional(),
});
export type RazorpayStart = z.infer<typeof ZRazorpayStart>;

/** Razorpay checkout.js handler's fields, posted as they come. */
export const ZRazorpayVerifyBody = z.object({
  razorpay_order_id: z.string('razorpay_order_id is required.').min(1).max(100),
  razorpay_payment_id: z.string('razorpay_payment_id is required.').min(1).max(100),
  razorpay_signature: z.string('razorpay_signature is required.').min(1).max(200),
});

export const ZPaymentResult = z.object({ message: z.string(), orderId: z.string(), paymentStatus: z.enum(['Pending', 'Paid', 'Refunded']) });
export const ZPayNowParams = z.object({ orderId: ZId });
export const ZWebhookAck = z.object({ received: z.boolean() });
