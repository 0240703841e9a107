import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZCartAddBody, ZCartCount, ZCartItem, ZCartItemParams, ZCartList, ZCartQuantityBody, ZCartUserParams, ZCartsParams, ZMessageResponse,
} from '@nirmaan/shared';
import { SESSION_SECURITY, sessionErrorResponses } from '../lib/http-schemas.ts';
import { requireCustomer, requireSelf } from '../lib/identity.ts';
import * as service from '../modules/cart/service.ts';

/** The original client's cart calls (docs/api-contract.md), plus PATCH for a quantity. Every call is the session customer's own cart. */
export const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  const common = { tags: ['cart'], security: SESSION_SECURITY };

  app.post('/api/cart', {
    schema: {
      ...common, summary: 'Add a product (or more of it); name, price, image and seller come from the catalogue',
      body: ZCartAddBody, response: { 201: ZCartItem, ...sessionErrorResponses },
    },
  }, async (req, reply) => {
    const me = await requireSelf(req, req.body.customerid);
    return reply.status(201).send(await service.addToCart(app.db, me.id, req.body.productid, req.body.productQuantity));
  });

  app.get('/carts/:userid', {
    schema: { ...common, summary: 'The customer’s cart', params: ZCartsParams, response: { 200: ZCartList, ...sessionErrorResponses } },
  }, async (req, reply) => {
    const me = await requireSelf(req, req.params.userid);
    reply.header('cache-control', 'no-store');
    return service.listCart(app.db, me.id);
  });

  app.get('/cart/:userId/count', {
    schema: { ...common, summary: 'How many items the customer’s cart holds (the header badge)', params: ZCartUserParams, response: { 200: ZCartCount, ...sessionErrorResponses } },
  }, async (req, reply) => {
    const me = await requireSelf(req, req.params.userId);
    reply.header('cache-control', 'no-store');
    return { count: await service.countCart(app.db, me.id) };
  });

  app.delete('/delete/:cartItemId', {
    schema: { ...common, summary: 'Remove an item from the cart', params: ZCartItemParams, response: { 200: ZMessageResponse, ...sessionErrorResponses } },
  }, async (req) => {
    const me = await requireCustomer(req);
    await service.removeFromCart(app.db, me.id, req.params.cartItemId);
    return { message: 'Item removed from cart.' };
  });

  app.patch('/api/cart/:cartItemId', {
    schema: {
      ...common, summary: 'Set an item’s quantity (1 to 999)', params: ZCartItemParams, body: ZCartQuantityBody,
      response: { 200: ZCartItem, ...sessionErrorResponses },
    },
  }, async (req) => {
    const me = await requireCustomer(req);
    return service.changeQuantity(app.db, me.id, req.params.cartItemId, req.body.quantity);
  });
};
