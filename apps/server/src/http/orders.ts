import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZCancelParams, ZCancelResponse, ZErrorBody, ZCartsParams, ZOrderCartBody, ZOrderLine, ZOrderLineList, ZPlacedOrder, ZVendorLineParams, ZVendorLineStatusBody,
  type DeliveryProof, type VendorLineStatusBody,
} from '@nirmaan/shared';
import { SESSION_SECURITY, VENDOR_SESSION_SECURITY, sessionErrorResponses } from '../lib/http-schemas.ts';
import { idempotencyKeyOf } from '../lib/idempotency.ts';
import { requireCustomer, requireSelf, requireVendor } from '../lib/identity.ts';
import { cancelOrder, moveLineAsVendor } from '../flows/cancel-refund.ts';
import { placeOrder } from '../flows/place-order.ts';
import * as service from '../modules/orders/service.ts';

/** A Delivered move's proof from the body (its schema already asked for exactly one kind). */
function deliveryProofOf(body: VendorLineStatusBody): DeliveryProof | undefined {
  if (body.deliveryCode !== undefined) return { code: body.deliveryCode };
  if (body.photo !== undefined && body.receivedBy !== undefined) return { photo: body.photo, receivedBy: body.receivedBy };
  return undefined;
}

/** The original client's order calls (docs/api-contract.md): place, list and cancel product orders. */
export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const common = { tags: ['orders'], security: SESSION_SECURITY };

  app.post('/ordercart', {
    schema: {
      ...common,
      summary: 'Place an order: one line per product; prices, totals and the delivery fee from the server; honours Idempotency-Key',
      body: ZOrderCartBody,
      response: { 201: ZPlacedOrder, ...sessionErrorResponses, 422: ZErrorBody },
    },
  }, async (req, reply) => {
    const me = await requireCustomer(req);
    // Never the request's Host header: a link in a mail must point at us.
    const publicUrl = app.config.PUBLIC_URL ?? `http://localhost:${app.config.PORT}`;
    const placed = await placeOrder(app.payments, me.id, req.body, idempotencyKeyOf(req), { publicUrl });
    void app.outbox.poke();
    if (placed.replayed) reply.header('idempotent-replayed', 'true');
    return reply.status(placed.status as 201).send(placed.body);
  });

  app.get('/orderdetails/:userid', {
    schema: { ...common, summary: 'The customer’s order lines, newest first', params: ZCartsParams, response: { 200: ZOrderLineList, ...sessionErrorResponses } },
  }, async (req, reply) => {
    const me = await requireSelf(req, req.params.userid);
    reply.header('cache-control', 'no-store');
    return service.listOrderLines(app.db, me.id);
  });

  app.get('/api/vendor/orders', {
    schema: {
      tags: ['vendor portal'], security: VENDOR_SESSION_SECURITY,
      summary: "The logged-in vendor's order lines (newest 500), with each customer's contact and address",
      response: { 200: ZOrderLineList, ...sessionErrorResponses },
    },
  }, async (req, reply) => {
    const me = await requireVendor(req);
    reply.header('cache-control', 'no-store');
    return service.listVendorOrderLines(app.db, me.id);
  });

  app.patch('/api/vendor/orders/:lineId', {
    schema: {
      tags: ['vendor portal'], security: VENDOR_SESSION_SECURITY,
      summary: "Move one of the vendor's order lines forward (Pending → Shipped → Delivered, never back; online and UPI lines ship once paid) or cancel a Pending one (stock back, paid refunded); the customer is mailed. "
        + 'Delivered needs the customer’s `deliveryCode` (5 wrong tries per line, then 409), or a `photo` (a private file of the vendor) and `receivedBy` when the customer is away',
      params: ZVendorLineParams, body: ZVendorLineStatusBody,
      response: { 200: ZOrderLine, ...sessionErrorResponses },
    },
  }, async (req) => {
    const me = await requireVendor(req);
    const moved = await moveLineAsVendor(app.payments, app.money, me.id, req.params.lineId, { to: req.body.status, proof: deliveryProofOf(req.body) });
    void app.outbox.poke();
    // A delivered line makes its customer's review of the product a verified purchase (and of a seller's store).
    if (moved.orderStatus === 'Delivered') await app.responseCache.evict([`product:${moved.productId}`, `vendor:${me.id}`]);
    return moved;
  });

  app.put('/api/cancel/:orderId', {
    schema: {
      ...common,
      summary: 'Cancel an order line (its _id) or a whole order (its orderId) while neither Delivered nor Cancelled',
      params: ZCancelParams,
      response: { 200: ZCancelResponse, ...sessionErrorResponses },
    },
  }, async (req) => {
    const me = await requireCustomer(req);
    const result = await cancelOrder(app.payments, me.id, req.params.orderId);
    void app.outbox.poke();
    return result;
  });
};
