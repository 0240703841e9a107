import { MSG, type PlacedOrder, type ZOrderCartBody } from '@nirmaan/shared';
import { RFQ_MSG, type ZAcceptBody, type ZSplitAcceptBody } from '@nirmaan/shared/rfqs';
import type { z } from 'zod';
import type { Tx } from '../db/client.ts';
import { AppError, fieldError } from '../lib/errors.ts';
import * as auth from '../modules/auth/service.ts';
import * as catalogue from '../modules/catalogue/service.ts';
import { commissionsFor } from '../modules/commission/service.ts';
import * as delivery from '../modules/delivery/service.ts';
import * as orders from '../modules/orders/service.ts';
import * as payments from '../modules/payments/service.ts';
import * as rfqs from '../modules/rfqs/service.ts';
import * as vendors from '../modules/vendors/service.ts';

type AcceptBody = z.output<typeof ZAcceptBody>;
type SplitAcceptBody = z.output<typeof ZSplitAcceptBody>;
type OrderCartBody = z.output<typeof ZOrderCartBody>;

/**
 * POST /api/rfqs/{id}/quotes/{quoteId}/accept (issue 35, decision record 036): the buyer accepts one quote and it
 * becomes an order at the quoted prices, through today's order path unchanged: the products' stock is taken, the
 * order and its lines are written with commission, tax class and delivery codes, the mails are queued and the
 * gateway order is requested, all in the one transaction that also accepts the quote and closes the others. The
 * request's row lock makes it once only: of 40 racing accepts one places the order, the others get 409.
 * The answer is POST /ordercart's.
 */
export async function acceptQuote(p: payments.Payments, customerId: string, rfqId: string, quoteId: string, body: AcceptBody): Promise<PlacedOrder> {
  return placeAccepted(p, customerId, body, (tx, now) => rfqs.claimQuote(tx, customerId, rfqId, quoteId, body.paymentMethod, now));
}

/**
 * POST /api/rfqs/{id}/accept-split: one quote per item, across sellers, in one order (each seller's lines at its
 * quoted prices, its charges shared over the lines it sells as in its quote), once only as above.
 */
export async function acceptSplit(p: payments.Payments, customerId: string, rfqId: string, body: SplitAcceptBody): Promise<PlacedOrder> {
  const items = body.picks.map((pick) => pick.itemId);
  if (new Set(items).size !== items.length) throw fieldError('picks', RFQ_MSG.pickEachItemOnce);
  const byQuote = new Map<string, string[]>();
  for (const pick of body.picks) byQuote.set(pick.quoteId, [...(byQuote.get(pick.quoteId) ?? []), pick.itemId]);
  const picks = [...byQuote].map(([quoteId, itemIds]) => ({ quoteId, itemIds }));
  return placeAccepted(p, customerId, body, async (tx, now) => {
    const claimed = await rfqs.claimQuotes(tx, customerId, rfqId, picks, body.paymentMethod, now);
    const sellers = claimed.parts.map((part) => part.quote.vendorId);
    if (new Set(sellers).size !== sellers.length) throw fieldError('picks', RFQ_MSG.oneQuotePerSeller);
    return claimed;
  });
}

/**
 * The accepted quotes become one order at the quoted prices, through today's order path unchanged: the products'
 * stock is taken, the order and its lines are written with commission, tax class and delivery codes, the mails are
 * queued and the gateway order is requested, all in the one transaction that also accepts the quotes and closes
 * the others.
 */
async function placeAccepted(p: payments.Payments, customerId: string, body: AcceptBody, claim: (tx: Tx, now: Date) => Promise<rfqs.Claimed>): Promise<PlacedOrder> {
  const method = body.paymentMethod;
  payments.assertMethodAvailable(p, method, 'order');
  const now = new Date();
  const answer = await p.db.transaction(async (tx) => {
    const claimed = await claim(tx, now);
    const { rfq } = claimed;
    const parts = claimed.parts.map((part) => ({ quote: part.quote, picked: rfqs.partLines(part).picked }));
    const lines = parts.flatMap((part) => part.picked.map(({ line }) => line));
    const products = await takeQuotedStock(tx, lines);
    const wanted = new Map(lines.map((i) => [i.productId, i.quantity]));
    // The quoted unit prices and tax classes replace the catalogue's, and its quantity prices do not apply: the
    // quote is the price for this quantity. Freight, unloading and part-load are each seller's own delivery fee,
    // each line carrying its share as the quote shared them by line totals.
    const quoted = (i: (typeof lines)[number]) => ({ ...products.get(i.productId)!, pricePaise: i.unitPricePaise, quantityBreaks: [], hsn: i.hsn, gstRatePercent: i.gstRatePercent });
    const delivery = new Map(parts.flatMap(({ quote, picked }) => picked.map(({ line, feePaise }) => [line.productId, {
      feePaise, date: quote.earliestDate, window: quote.earliestDate ? 'morning' as const : null,
    }] as const)));
    const priced = orders.priceOrder(wanted, new Map(lines.map((i) => [i.productId, quoted(i)])), { platformFeePaise: 0, lines: delivery });
    const commissions = await commissionsFor(tx, 'materials', priced.lines.map((l) => ({ vendorId: l.product.vendorId, category: l.product.category, amountPaise: l.totalPaise })));
    const account = (await auth.findCustomerContact(tx, customerId))!;
    const orderBody = orderBodyOf(rfq.pincode, customerId, account, body, lines);
    const placed = await orders.insertOrderWithLines(tx, { customerId, body: orderBody, method }, priced, commissions);
    await orders.mailOrderPlaced(tx, account, placed, priced, method);
    await orders.mailVendorsOfOrder(tx, placed.order, placed.lines, await vendors.vendorContacts(tx, orders.vendorIdsOf(placed.lines)));
    const payment = method === 'cod' ? null : await payments.requestGatewayOrder(p, tx, { orderId: placed.order.id }, priced.totalPaise);
    await rfqs.afterAccepted(tx, claimed, placed.order.id);
    return orders.placedOrderAnswer(placed, priced, payment);
  });
  // As POST /ordercart answers: the gateway order as it is now (made after the commit, waited for a few seconds).
  return answer.payment ? { ...answer, payment: await payments.startFor(p, { orderId: answer.orderId }) } : answer;
}

/** Locks the quoted products and takes their stock; a product gone, withdrawn or short refuses the acceptance. */
async function takeQuotedStock(tx: Tx, items: { productId: string; quantity: number; productName: string }[]) {
  const products = new Map((await catalogue.lockProductsForSale(tx, items.map((i) => i.productId))).map((p) => [p.id, p]));
  for (const item of items) {
    const p = products.get(item.productId);
    if (!p) throw new AppError('CONFLICT', `${MSG.productNotFound} The seller removed ${item.productName}; please accept another quote.`);
    if (!p.onSale) throw new AppError('CONFLICT', `${p.name} is no longer sold by its seller. Please accept another quote.`);
    if (!(await catalogue.takeStock(tx, p.id, item.quantity))) throw new AppError('CONFLICT', `The seller has only ${p.stock} of ${p.name} left. Please ask for a revised quote or accept another.`);
  }
  return products;
}

/**
 * The order's buyer lines as POST /ordercart's body would carry them: the account's name and email, the body's phone
 * (or the account's) and the site's address (or the request's PIN with its district and state).
 */
function orderBodyOf(pincode: string, customerId: string, account: { fullName: string; email: string; phone: string | null }, body: AcceptBody, items: { productId: string; quantity: number }[]): OrderCartBody {
  const pin = delivery.pincodeInfo(pincode);
  const shippingAddress = body.shippingAddress ?? { fullAddress: `Site at PIN ${pincode}`, city: pin.district, state: pin.state, pincode, coordinates: null };
  if (shippingAddress.pincode !== pincode) throw fieldError('shippingAddress.pincode', `The site's pincode is ${pincode}, as the quotes were for it.`);
  const phone = body.phone ?? account.phone;
  if (!phone) throw fieldError('phone', 'Please give a phone number the seller can call on delivery.');
  return {
    paymentMethod: body.paymentMethod,
    orders: items.map((i) => ({ productId: i.productId, quantity: i.quantity, customerId, customerName: account.fullName, phone, email: account.email, shippingAddress })),
  } as OrderCartBody;
}
