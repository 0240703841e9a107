import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZIdParams } from '@nirmaan/shared';
import {
  OPS_PERMISSIONS, ZOpsBookingDetail, ZOpsBookingList, ZOpsBookingListQuery, ZOpsOrderDetail, ZOpsOrderList, ZOpsOrderListQuery, ZOpsReasonBody, type OpsPermission,
} from '@nirmaan/shared/ops';
import { bookingDetail, cancelBookingAsOperator, cancelOrderAsOperator, listBookings, listOrders, orderDetail } from '../flows/ops-orders.ts';
import { opsSecurity, sessionErrorResponses as errors } from '../lib/http-schemas.ts';
import { requireOperator } from '../lib/identity.ts';
import { actorOf } from '../modules/ops/service.ts';

/** The console's orders and bookings (decision record 020): search, detail with timeline, cancel and refund. Never cached. */
export const opsOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  const secured = (permission: OpsPermission) => ({ tags: ['operator console'], security: opsSecurity(OPS_PERMISSIONS[permission]) });
  app.addHook('onSend', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
  });
  const decider = async (req: Parameters<typeof requireOperator>[0]) => {
    const op = await requireOperator(req, 'refundOrders');
    return { actor: actorOf(op), role: op.role, supportLimitPaise: app.config.SUPPORT_REFUND_LIMIT_PAISE };
  };

  app.get('/api/ops/orders', {
    schema: {
      ...secured('read'), summary: 'Orders newest first, 50 a page: by id (or its start), customer or vendor (name or email), India dates from/to, a line status or payment status',
      querystring: ZOpsOrderListQuery, response: { 200: ZOpsOrderList, ...errors },
    },
  }, async (req) => {
    await requireOperator(req, 'read');
    return listOrders(app.db, req.query);
  });

  app.get('/api/ops/orders/:id', {
    schema: { ...secured('read'), summary: 'An order with its lines and timeline (placed, paid, shipped, delivered, cancelled, refunds, disputes, vendor transfers)', params: ZIdParams, response: { 200: ZOpsOrderDetail, ...errors } },
  }, async (req) => {
    await requireOperator(req, 'read');
    return orderDetail(app.db, req.params.id);
  });

  app.post('/api/ops/orders/:id/cancel', {
    schema: {
      ...secured('refundOrders'), summary: "Cancel an order's cancellable lines with a reason, through the customer's cancel flow: paid lines are refunded; support above its refund limit answers 403; audited",
      params: ZIdParams, body: ZOpsReasonBody, response: { 200: ZOpsOrderDetail, ...errors },
    },
  }, async (req) => {
    const result = await cancelOrderAsOperator(app.payments, await decider(req), req.params.id, req.body.reason);
    void app.outbox.poke();
    return result;
  });

  app.get('/api/ops/bookings', {
    schema: {
      ...secured('read'), summary: 'Bookings newest first, 50 a page, with the same filters as orders',
      querystring: ZOpsBookingListQuery, response: { 200: ZOpsBookingList, ...errors },
    },
  }, async (req) => {
    await requireOperator(req, 'read');
    return listBookings(app.db, req.query);
  });

  app.get('/api/ops/bookings/:id', {
    schema: { ...secured('read'), summary: 'A booking with its timeline', params: ZIdParams, response: { 200: ZOpsBookingDetail, ...errors } },
  }, async (req) => {
    await requireOperator(req, 'read');
    return bookingDetail(app.db, req.params.id);
  });

  app.post('/api/ops/bookings/:id/cancel', {
    schema: {
      ...secured('refundOrders'), summary: "Cancel a booking with a reason, through the customer's cancel flow: a paid booking is refunded in full; support above its refund limit answers 403; audited",
      params: ZIdParams, body: ZOpsReasonBody, response: { 200: ZOpsBookingDetail, ...errors },
    },
  }, async (req) => {
    const result = await cancelBookingAsOperator(app.payments, await decider(req), req.params.id, req.body.reason);
    void app.outbox.poke();
    return result;
  });
};
