import { MSG, type PlacedOrder, type RazorpayStart, type ZOrderCartBody } from '@nirmaan/shared';
import type { z } from 'zod';
import type { Tx } from '../db/client.ts';
import { AppError } from '../lib/errors.ts';
import { runOnce } from '../lib/idempotency.ts';
import * as auth from '../modules/auth/service.ts';
import * as cart from '../modules/cart/service.ts';
import * as catalogue from '../modules/catalogue/service.ts';
import * as delivery from '../modules/delivery/service.ts';
import { commissionsFor } from '../modules/commission/service.ts';
import * as orders from '../modules/orders/service.ts';
import * as payments from '../modules/payments/service.ts';
import * as vendors from '../modules/vendors/service.ts';
import * as whatsapp from '../modules/whatsapp/service.ts';
import { owedPaise } from './owed.ts';

type OrderCartBody = z.output<typeof ZOrderCartBody>;

/**
 * Place an order (catalogue, cart, commission, orders and the intent to make a gateway order, in the order's one
 * transaction), then, after the commit, make the gateway order. The answer waits a few seconds for it; when the
 * gateway is slow or down, the answer says so (razorpayOrderId null) and "Pay now" or the worker makes it later.
 */
export async function placeOrder(p: payments.Payments, customerId: string, body: OrderCartBody, idempotencyKey: string | undefined, opts: { publicUrl: string }) {
  const placed = await placeInOneTransaction(p, customerId, body, idempotencyKey, opts);
  // A replay answers with the order's gateway order as it is now, like the first answer would be.
  if (placed.body.payment) placed.body = { ...placed.body, payment: await payments.startFor(p, { orderId: placed.body.orderId }) };
  return placed;
}

/**
 * One order with a line per product, in one transaction: the products are locked, their stock taken, prices,
 * totals and the delivery fee computed from the catalogue (client prices and statuses are ignored), the ordered
 * products leave the cart and the confirmation mails are queued (to the account's address, never the body's). With
 * an Idempotency-Key a retry gets the first answer and creates nothing. Payment is Pending for every method until a
 * gateway confirms it; an order the spec's checkout marks "Paid" without a method is online, and its customer is
 * mailed a link to pay. At most QUANTITY_MAX of a product per order, all lines together.
 */
async function placeInOneTransaction(p: payments.Payments, customerId: string, body: OrderCartBody, idempotencyKey: string | undefined, opts: { publicUrl: string }) {
  if (body.orders.some((l) => l.customerId !== customerId)) {
    throw new AppError('FORBIDDEN', 'You can only order for your own account.');
  }
  const { method, payByLink } = orders.paymentMethodOf(body);
  payments.assertMethodAvailable(p, method, 'order');
  const wanted = orders.quantitiesByProduct(body);

  return runOnce<PlacedOrder>(p.db, { customerId, route: 'POST /ordercart', key: idempotencyKey, request: body }, async (tx) => {
    // The WhatsApp box ticked at checkout: stored with the order, before its messages are written (decision 038).
    await whatsapp.giveConsent(tx, { party: 'customer', id: customerId }, body.whatsapp, 'checkout');
    const products = await takeOrderedStock(tx, wanted);
    const priced = orders.priceOrder(wanted, products, await deliveryOf(tx, body, wanted, products));
    // The commission is on the line total only: the platform's flat delivery fee is its own revenue, a seller's own
    // delivery fee is the seller's (decision record 034).
    const commissions = await commissionsFor(tx, 'materials', priced.lines.map((l) => ({ vendorId: l.product.vendorId, category: l.product.category, amountPaise: l.totalPaise })));
    const placed = await orders.insertOrderWithLines(tx, { customerId, body, method }, priced, commissions);
    await cart.removeOrderedProducts(tx, customerId, [...wanted.keys()]);
    // The body's email is contact information for the seller; mail goes only to the account's own address.
    const account = (await auth.findCustomerContact(tx, customerId))!;
    await orders.mailOrderPlaced(tx, account, placed, priced, method);
    await orders.mailVendorsOfOrder(tx, placed.order, placed.lines, await vendors.vendorContacts(tx, orders.vendorIdsOf(placed.lines)));
    const payment = method === 'cod' ? null : await payments.requestGatewayOrder(p, tx, { orderId: placed.order.id }, priced.totalPaise);
    if (payByLink && payment) await orders.mailPayLink(tx, account, placed.order, priced.totalPaise, opts);
    return { status: 201, body: orders.placedOrderAnswer(placed, priced, payment) };
  });
}

/**
 * Inside the order's transaction: the delivery of the ordered products to the shipping address's PIN, under each
 * seller's settings read now (decision record 034); an undeliverable product refuses the order, naming it.
 */
async function deliveryOf(tx: Tx, body: OrderCartBody, wanted: Map<string, number>, products: Map<string, catalogue.ProductForSale>) {
  const pincode = body.orders[0]!.shippingAddress.pincode;
  const lines = [...wanted].map(([id, quantity]) => ({ product: products.get(id)!, quantity }));
  const plan = await delivery.planDelivery(tx, pincode, delivery.findPincode(pincode), lines, body.delivery?.floors ?? 0, new Date());
  return delivery.checkoutDelivery(plan, pincode, body.delivery?.choices);
}

/**
 * Inside the order's transaction: locks the ordered products (until it ends) and takes their stock, refusing a
 * product that is gone or no longer sold, a quantity over the cap, or more than is left. Returns the products by id.
 */
async function takeOrderedStock(tx: Tx, wanted: Map<string, number>) {
  const products = new Map((await catalogue.lockProductsForSale(tx, [...wanted.keys()])).map((p) => [p.id, p]));
  for (const id of wanted.keys()) if (!products.has(id)) throw new AppError('NOT_FOUND', `${MSG.productNotFound} It may have been removed; please check your cart.`);
  for (const p of products.values()) {
    if (!p.onSale) throw new AppError('CONFLICT', `${p.name} is no longer sold by its seller. Please remove it from your cart.`);
  }
  orders.assertWithinQuantityCap(wanted, (id) => products.get(id)!.name);
  for (const [id, quantity] of wanted) {
    const p = products.get(id)!;
    if (!(await catalogue.takeStock(tx, id, quantity))) {
      throw new AppError('CONFLICT', p.stock > 0 ? `Only ${p.stock} left of ${p.name}. Please lower the quantity.` : `${p.name} is out of stock.`);
    }
  }
  return products;
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
