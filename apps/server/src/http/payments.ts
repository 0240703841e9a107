import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZErrorBody, ZPaymentResult, ZPayNowParams, ZRazorpayStart, ZRazorpayVerifyBody, ZWebhookAck } from '@nirmaan/shared';
import { z } from 'zod';
import { errorResponses, SESSION_SECURITY, sessionErrorResponses } from '../lib/http-schemas.ts';
import { AppError } from '../lib/errors.ts';
import { requireCustomer } from '../lib/identity.ts';
import { verify, webhook } from '../flows/confirm-payment.ts';
import { payNow } from '../flows/place-order.ts';
import { DEV_CHECKOUT_JS, DEV_CHECKOUT_PATH, signedByGateway } from '../modules/payments/service.ts';
import { openDevDoor } from '../lib/dev-doors.ts';

/**
 * Each Pay now calls the gateway: a customer gets this many in ten minutes. Verify takes from the same bucket only
 * when its signature is bad: a correctly signed verify records money already taken and is never refused by it.
 */
const GATEWAY_CALLS = { limit: 30, minutes: 10, message: (wait: string) => `Too many payment attempts. Please try again in ${wait}.` };

/** Razorpay payment of online and UPI orders (Pay now, verify, webhook); the flows in src/flows do the work. */
export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const dev = app.payments.dev;
  const common = { tags: ['payments'] };
  const withGateway = { ...sessionErrorResponses, 502: ZErrorBody };

  app.post('/api/payments/razorpay/order/:orderId', {
    schema: {
      ...common, security: SESSION_SECURITY, params: ZPayNowParams,
      summary: 'Pay now: the Razorpay order of the customer’s Pending online order, for checkout.js (created now if the first attempt failed)',
      response: { 200: ZRazorpayStart, ...withGateway },
    },
  }, async (req) => {
    const me = await requireCustomer(req);
    await app.limiter.take(`payments:${me.id}`, GATEWAY_CALLS);
    return payNow(app.payments, me.id, req.params.orderId);
  });

  app.post('/api/payments/razorpay/verify', {
    schema: {
      ...common, security: SESSION_SECURITY, body: ZRazorpayVerifyBody,
      summary: 'checkout.js handler fields: signature, then the gateway’s payment (order and amount), then the order is Paid',
      response: { 200: ZPaymentResult, ...withGateway },
    },
  }, async (req) => {
    const me = await requireCustomer(req);
    if (!signedByGateway(app.payments, req.body)) await app.limiter.take(`payments:${me.id}`, GATEWAY_CALLS);
    return verify(app.payments, me.id, req.body);
  });

  // The webhook's signature covers the raw body, so this route keeps it as text.
  await app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));
    raw.post('/api/payments/razorpay/webhook', {
      schema: {
        ...common, body: z.string(),
        summary: 'Razorpay webhook (X-Razorpay-Signature over the raw body; each X-Razorpay-Event-Id once): payment.captured, payment.failed, refund.processed, product.route.* (a vendor linked account)',
        response: { 200: ZWebhookAck, ...errorResponses, 502: ZErrorBody },
      },
    }, async (req) => {
      const header = (name: string) => {
        const v = req.headers[name];
        return Array.isArray(v) ? v[0] : v;
      };
      return webhook(app.payments, app.transfers, req.body as string, header('x-razorpay-signature'), header('x-razorpay-event-id')?.slice(0, 200));
    });
  });

  if (dev) {
    // Development without keys: the test gateway's checkout.js and its Pay button, on our own origin.
    const onRequest = openDevDoor(app.log, { name: 'test payment gateway', paths: [DEV_CHECKOUT_PATH, '/dev/razorpay/pay'], because: 'no Razorpay keys' });
    app.get(DEV_CHECKOUT_PATH, { onRequest, schema: { hide: true } }, async (_req, reply) => reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-store').send(DEV_CHECKOUT_JS));
    app.post('/dev/razorpay/pay', {
      onRequest,
      schema: {
        tags: ['development'], security: SESSION_SECURITY, body: z.object({ order_id: z.string().min(1).max(100) }),
        summary: 'The development test gateway’s Pay button: a captured payment and its signed handler fields (development only)',
        response: { 200: ZRazorpayVerifyBody, ...sessionErrorResponses },
      },
    }, async (req) => {
      await requireCustomer(req);
      const fields = dev.pay(req.body.order_id);
      if (!fields) throw new AppError('NOT_FOUND', 'No such test payment order.');
      return fields;
    });
  }
};
