import { randomInt } from 'node:crypto';
import {
  AWAITING_PAYMENT, AWAITING_PAYMENT_TO_CANCEL, DELIVERY_CODE_TRIES, DELIVERY_MSG, type DeliveryProof, materialTaxClass, paiseToRupees, readyToShip, rupeesToPaise, sumPaise, timesQuantity, type PlacedOrder,
  type QuantityBreak, unitPricePaise, type ProductPaymentMethod, type RazorpayStart, type VendorLineMove, type ZOrderCartBody,
} from '@nirmaan/shared';
import type { z } from 'zod';
import type { Locale } from '@nirmaan/shared/i18n';
import type { Db, Tx } from '../../db/client.ts';
import { AppError, fieldError } from '../../lib/errors.ts';
import { enqueueEmail } from '../../email/outbox.ts';
import { formatPaise } from '@nirmaan/shared/money';
import * as whatsapp from '../whatsapp/service.ts';
import { returnToCart } from '../cart/service.ts';
import { returnStock } from '../catalogue/service.ts';
import { findCustomerContact } from '../auth/service.ts';
import { assertOwned } from '../files/service.ts';
import { payLinkOf } from './checkout.ts';
import { newOrderForVendorEmail, orderCancelledEmail, orderPlacedEmail, orderStatusEmail, payLinkEmail } from './emails.ts';
import * as repo from './repository.ts';
import { owedPaise } from './owed.ts';
import { toWireOrderLine } from './wire.ts';

export { lineChargePaise, owedPaise, platformFeeOf } from './owed.ts';
/** The checkout body's rules that need no database (the place-order flow applies them). */
export { assertWithinQuantityCap, paymentMethodOf, quantitiesByProduct } from './checkout.ts';

type OrderCartBody = z.output<typeof ZOrderCartBody>;
/** The HSN and GST rate a line is sold under (its seller's choice, or its category's default), kept on the line for its invoice. */
function taxSoldUnder(p: { category: string; hsn: string | null; gstRatePercent: number | null }) {
  const t = materialTaxClass(p.category, p.hsn, p.gstRatePercent);
  return { hsn: t.code, gstRatePercent: t.ratePercent };
}
/** The largest order total (what the numeric(12,2) columns held before decision record 030): a larger order gets a clear 400. */
export const MAX_ORDER_TOTAL = 9_999_999_999.99;
const MAX_ORDER_TOTAL_PAISE = rupeesToPaise(MAX_ORDER_TOTAL);
/** A line as the customer's mails list it. */
const mailLineOf = (l: repo.LineRow) => ({ productName: l.productName, quantity: l.quantity, totalPricePaise: l.totalPricePaise });

/**
 * The payment steps the flows (src/flows) run inside this module's transactions: this module knows no gateway.
 */
export interface OrderPayment {
  /**
   * Inside a cancel's transaction, with the order row locked and the lines cancelled: refunds what was paid or
   * re-prices what is still unpaid. Returns the ids of the cancelled lines whose money goes back.
   */
  afterCancel(tx: Tx, order: repo.OrderRow, cancelled: repo.LineRow[]): Promise<string[]>;
  /** Inside a vendor's move's transaction, once a line is Delivered: what follows delivery (payouts, invoices). */
  afterDelivered(tx: Tx, order: repo.OrderRow, line: repo.LineRow): Promise<void>;
}

/** A product as an order prices and records it (the catalogue's product for sale, locked by the flow). */
export interface ProductToOrder {
  id: string; name: string; pricePaise: number; quantityBreaks: QuantityBreak[]; images: string[]; category: string; vendorId: string;
  hsn: string | null; gstRatePercent: number | null;
}

/** A line's delivery as the delivery module planned it: its share of its seller's own fee, the date and window. */
export interface LineDelivery { feePaise: number; date: string | null; window: 'morning' | 'afternoon' | null }
/** The order's delivery: the platform's flat fee (sellers without settings) and each product's line delivery. */
export interface OrderDelivery { platformFeePaise: number; lines: Map<string, LineDelivery> }
const NO_LINE_DELIVERY: LineDelivery = { feePaise: 0, date: null, window: null };

/**
 * An order's prices from the catalogue's (client prices are ignored): each line's at the unit price its quantity gets
 * (a quantity price when it reaches one, docs/decisions/035), the subtotal, the delivery fee
 * (the platform's and the sellers' own, decision record 034) and the total, in paise (money.ts), and in the answer's
 * rupees. A total the columns cannot hold is refused.
 */
export function priceOrder(wanted: Map<string, number>, products: Map<string, ProductToOrder>, delivery: OrderDelivery) {
  // In paise (money.ts) as the columns hold them, converted to the answer's rupees at the edge.
  const lines = [...wanted].map(([id, quantity]) => {
    const p = products.get(id)!;
    const unitPaise = unitPricePaise(p.pricePaise, p.quantityBreaks, quantity);
    return { product: p, quantity, unitPaise, totalPaise: timesQuantity(unitPaise, quantity), delivery: delivery.lines.get(id) ?? NO_LINE_DELIVERY };
  });
  const subtotalPaise = sumPaise(lines.map((l) => l.totalPaise));
  const deliveryFeePaise = sumPaise([delivery.platformFeePaise, ...lines.map((l) => l.delivery.feePaise)]);
  const totalPaise = sumPaise([subtotalPaise, deliveryFeePaise]);
  const [subtotal, deliveryFee, total] = [subtotalPaise, deliveryFeePaise, totalPaise].map(paiseToRupees) as [number, number, number];
  if (totalPaise > MAX_ORDER_TOTAL_PAISE) throw new AppError('BAD_REQUEST', 'This order is too large to place at once. Please split it into smaller orders.');
  return { lines, subtotalPaise, deliveryFeePaise, totalPaise, subtotal, deliveryFee, total };
}
export type PricedOrder = ReturnType<typeof priceOrder>;

/**
 * Inside the placing transaction: the order row (payment Pending for every method until a gateway confirms it) and
 * a line per priced product, each with its commission (`commissions[i]` is line i's) and the tax it is sold under.
 */
export async function insertOrderWithLines(
  tx: Tx, o: { customerId: string; body: OrderCartBody; method: ProductPaymentMethod }, priced: PricedOrder, commissions: { rateBps: number; commissionPaise: number }[],
) {
  const first = o.body.orders[0]!;
  const { subtotalPaise, deliveryFeePaise, totalPaise } = priced;
  const order = await repo.insertOrder(tx, {
    customerId: o.customerId, customerName: first.customerName, phone: first.phone, email: first.email,
    shippingAddress: first.shippingAddress, paymentMethod: o.method, paymentStatus: 'Pending',
    subtotalPaise, deliveryFeePaise, totalPaise, billing: o.body.billing ?? null,
  });
  const lines = await repo.insertLines(tx, priced.lines.map((l, i) => ({
    orderId: order.id, productId: l.product.id, vendorId: l.product.vendorId, productName: l.product.name,
    productImage: l.product.images[0] ?? '', quantity: l.quantity, pricePerUnitPaise: l.unitPaise, totalPricePaise: l.totalPaise,
    commissionBps: commissions[i]!.rateBps, commissionPaise: commissions[i]!.commissionPaise, ...taxSoldUnder(l.product),
    deliveryFeePaise: l.delivery.feePaise, deliveryDate: l.delivery.date, deliveryWindow: l.delivery.window,
    deliveryCode: newDeliveryCode(),
  })));
  return { order, lines };
}

/**
 * A line's delivery code (decision 032): 4 digits from the operating system's strong random source, one per line,
 * made when the order is placed. The customer sees it in My orders and in the shipping mail, never before.
 */
export const newDeliveryCode = () => String(randomInt(0, 10_000)).padStart(4, '0');

type Contact = { email: string; fullName: string; language?: Locale | null };

/** How a WhatsApp message names an order and a line: the order's number as the mails write it, the item and quantity. */
const orderNumber = (orderId: string) => orderId.slice(0, 8).toUpperCase();
const itemOf = (l: repo.LineRow) => `${l.productName} × ${l.quantity}`;

/** The customer's confirmation of a placed order, queued in its transaction (to the account's address, never the body's). */
export async function mailOrderPlaced(tx: Tx, account: Contact, placed: { order: repo.OrderRow; lines: repo.LineRow[] }, priced: PricedOrder, method: ProductPaymentMethod) {
  await enqueueEmail(tx, orderPlacedEmail(account.email, {
    lang: account.language, name: account.fullName, orderId: placed.order.id, deliveryFeePaise: priced.deliveryFeePaise, totalPaise: priced.totalPaise, paymentMethod: method,
    lines: placed.lines.map(mailLineOf),
  }));
  await whatsapp.notify(tx, { party: 'customer', id: placed.order.customerId }, 'order_placed', [account.fullName, orderNumber(placed.order.id), formatPaise(priced.totalPaise)]);
}

/** The link to pay an order the spec's checkout said was "Paid" without opening a checkout, queued in its transaction. */
export async function mailPayLink(tx: Tx, account: Contact, order: repo.OrderRow, totalPaise: number, opts: { publicUrl: string }) {
  await enqueueEmail(tx, payLinkEmail(account.email, { lang: account.language, name: account.fullName, orderId: order.id, totalPaise, link: payLinkOf(opts.publicUrl, order.id), minutes: UNPAID_ORDER_TTL_MS / 60_000 }));
  await whatsapp.notify(tx, { party: 'customer', id: order.customerId }, 'order_pay_link', [account.fullName, formatPaise(totalPaise), payLinkOf(opts.publicUrl, order.id), String(UNPAID_ORDER_TTL_MS / 60_000)]);
}

/** The answer to placing an order. */
export function placedOrderAnswer(placed: { order: repo.OrderRow; lines: repo.LineRow[] }, priced: PricedOrder, payment: RazorpayStart | null): PlacedOrder {
  const { subtotal, deliveryFee, total } = priced;
  return {
    message: 'Order placed successfully!', orderId: placed.order.id, orders: placed.lines.map((l) => toWireOrderLine(l, placed.order)),
    subtotal, deliveryFee, total, payment,
  };
}

/** The vendors with a line in the order. */
export const vendorIdsOf = (lines: repo.LineRow[]) => [...new Set(lines.map((l) => l.vendorId))];

/** One mail to each vendor of a new order, listing that vendor's lines: queued in the order's transaction. */
export async function mailVendorsOfOrder(tx: Tx, order: repo.OrderRow, lines: repo.LineRow[], contacts: Map<string, { email: string; ownerName: string; language?: Locale | null }>) {
  const byVendor = new Map<string, repo.LineRow[]>();
  for (const l of lines) byVendor.set(l.vendorId, [...(byVendor.get(l.vendorId) ?? []), l]);
  const a = order.shippingAddress;
  const address = [a.fullAddress, a.city, a.state, a.pincode].filter(Boolean).join(', ');
  for (const [vendorId, own] of byVendor) {
    const vendor = contacts.get(vendorId);
    if (!vendor) continue;
    await enqueueEmail(tx, newOrderForVendorEmail(vendor.email, {
      lang: vendor.language, owner: vendor.ownerName, orderId: order.id, customerName: order.customerName, address,
      lines: own.map(mailLineOf),
    }));
    await whatsapp.notify(tx, { party: 'vendor', id: vendorId }, 'vendor_new_order', [vendor.ownerName, orderNumber(order.id), own.map(itemOf).join(', ').slice(0, 500)]);
  }
}

/** The vendor portal's orders: this vendor's lines with the customer's contact and address, to ship them. */
export const VENDOR_ORDER_LINES_LIMIT = 500;
export async function listVendorOrderLines(db: Db, vendorId: string) {
  return (await repo.listLinesOfVendor(db, vendorId, VENDOR_ORDER_LINES_LIMIT)).map(({ line, order }) => toWireOrderLine(line, order));
}

/** The dashboard's order figures: lines to ship, revenue delivered since `since`, and the newest lines. */
export async function vendorOrderSummary(db: Db, vendorId: string, opts: { since: Date; latest: number }) {
  const [figures, latest] = await Promise.all([repo.vendorLineFigures(db, vendorId, opts.since), repo.listLinesOfVendor(db, vendorId, opts.latest)]);
  return { newOrders: figures.pending, revenue: figures.revenue, latest: latest.map(({ line, order }) => toWireOrderLine(line, order)) };
}

const LINE_MOVES = { Shipped: ['Pending'], Cancelled: ['Pending'] } as const;

/** A vendor's move of a line: to Shipped or Cancelled as it is, to Delivered with its proof (decision 032). */
export interface VendorMove { to: VendorLineMove; proof?: DeliveryProof | undefined }

/**
 * A vendor moves one of its lines forward (Pending → Shipped → Delivered), or cancels a Pending line it cannot
 * fulfil: the stock goes back and a paid line is refunded in the same transaction (a refused refund cancels
 * nothing). Delivered needs the customer's delivery code, or a photo and the receiver's name (decision 032); a
 * wrong code's try is committed, then refused. The customer's My orders shows it and the customer gets a mail
 * (the shipping mail carries the code). Another vendor's line is unknown here (404); a move that is not next, or
 * shipping or cancelling an online line before it is paid (the customer pays the whole order's gateway amount; an
 * unpaid order expires by itself), is refused (409).
 */
export async function moveLineAsVendor(db: Db, vendorId: string, lineId: string, move: VendorMove, pay: Pick<OrderPayment, 'afterCancel' | 'afterDelivered'>) {
  const { to } = move;
  const outcome = await db.transaction(async (tx) => {
    // A cancel or a delivery changes what is owed: the order row first, like a payment's confirmation, so they take
    // turns (two vendors delivering an order's last cash lines at once: the second sees the first's line paid).
    if (to === 'Cancelled' || to === 'Delivered') {
      const current = await repo.findVendorLine(tx, vendorId, lineId);
      if (current) await repo.lockOrder(tx, current.orderId);
    }
    const moved = to === 'Delivered' ? await deliverLine(tx, vendorId, lineId, move.proof) : { line: await repo.moveVendorLine(tx, vendorId, lineId, [...LINE_MOVES[to]], to) };
    if ('refused' in moved) return moved;
    if (!moved.line) throw await whyNotMoved(tx, vendorId, lineId, to);
    return { answer: await afterMove(tx, to, moved.line, pay) };
  });
  // Thrown after the commit, so the wrong try stays counted.
  if ('refused' in outcome) throw outcome.refused;
  return outcome.answer;
}

/**
 * Delivers a Shipped line against its proof: the code (one statement counts a wrong try or delivers), or a photo
 * this vendor uploaded and the receiver's name. `refused`: a wrong code, its try counted. No line: not delivered.
 */
async function deliverLine(tx: Tx, vendorId: string, lineId: string, proof: DeliveryProof | undefined): Promise<{ line: repo.LineRow | undefined } | { refused: AppError }> {
  // The body's schema asks for the proof first; this guards any other caller.
  if (!proof) throw fieldError('deliveryCode', DELIVERY_MSG.needProof);
  if ('photo' in proof) {
    await assertOwned(tx, [proof.photo], { kind: 'vendor', id: vendorId }, 'photo');
    return { line: await repo.deliverWithPhoto(tx, vendorId, lineId, { photoId: proof.photo, receivedBy: proof.receivedBy }) };
  }
  const line = await repo.deliverWithCode(tx, vendorId, lineId, proof.code, DELIVERY_CODE_TRIES);
  if (line?.status === 'Shipped') return { refused: fieldError('deliveryCode', DELIVERY_MSG.wrongCode(DELIVERY_CODE_TRIES - line.deliveryCodeTries)) };
  return { line };
}

/** Why a vendor's move changed nothing: not its line (404), the tries spent, awaiting payment, or not next (409). */
async function whyNotMoved(tx: Tx, vendorId: string, lineId: string, to: VendorLineMove) {
  const current = await repo.findVendorLine(tx, vendorId, lineId);
  if (!current) return new AppError('NOT_FOUND', 'Order not found.');
  if (to === 'Delivered' && current.status === 'Shipped' && current.deliveryCodeTries >= DELIVERY_CODE_TRIES) return new AppError('CONFLICT', DELIVERY_MSG.noTriesLeft);
  const order = (await repo.findOrder(tx, current.orderId))!;
  if (to !== 'Delivered' && current.status === 'Pending' && !readyToShip({ paymentMethod: order.paymentMethod, paymentStatus: current.paymentStatus })) {
    return new AppError('CONFLICT', to === 'Shipped' ? AWAITING_PAYMENT : AWAITING_PAYMENT_TO_CANCEL);
  }
  return new AppError('CONFLICT', `This item is ${current.status}: it cannot be marked ${to}.`);
}

/** What follows a vendor's move, in its transaction: cash collected, stock back and refunds, payouts and invoices, the mail. */
async function afterMove(tx: Tx, to: VendorLineMove, moved: repo.LineRow, pay: Pick<OrderPayment, 'afterCancel' | 'afterDelivered'>) {
  let line = moved;
  let order = (await repo.findOrder(tx, line.orderId))!;
  if (to === 'Delivered' && order.paymentMethod === 'cod') ({ line, order } = await collectCash(tx, order, line));
  const account = (await findCustomerContact(tx, order.customerId))!;
  const mailLine = mailLineOf(line);
  if (to === 'Cancelled') {
    await returnStock(tx, line.productId, line.quantity);
    const refunded = (await pay.afterCancel(tx, order, [line])).includes(line.id);
    if (refunded) {
      await repo.markRefunded(tx, [line.id]);
      line.paymentStatus = 'Refunded';
    }
    order = (await repo.settleCashOrder(tx, order.id)) ?? order;
    await enqueueEmail(tx, orderCancelledEmail(account.email, { lang: account.language, name: account.fullName, lines: [mailLine], bySeller: true, refunded }));
    await whatsapp.notify(tx, { party: 'customer', id: order.customerId }, 'order_cancelled', [account.fullName, itemOf(line)]);
    if (refunded) await whatsapp.notify(tx, { party: 'customer', id: order.customerId }, 'order_refunded', [account.fullName, formatPaise(line.totalPricePaise)]);
  } else {
    if (to === 'Delivered') await pay.afterDelivered(tx, order, line);
    await enqueueEmail(tx, orderStatusEmail(account.email, {
      lang: account.language,
      name: account.fullName, status: to, line: mailLine, deliveryCode: line.deliveryCode, receivedBy: line.deliveryReceivedBy,
    }));
    const customer = { party: 'customer', id: order.customerId } as const;
    if (to === 'Shipped' && line.deliveryCode) await whatsapp.notify(tx, customer, 'order_shipped', [account.fullName, itemOf(line), line.deliveryCode]);
    if (to === 'Delivered') await whatsapp.notify(tx, customer, 'order_delivered', [account.fullName, itemOf(line)]);
  }
  return toWireOrderLine(line, order);
}

/**
 * A cash-on-delivery line was delivered, so its cash was collected: the line is Paid, and the order too once no
 * live line is still to be paid (decision record 028). In the delivery's transaction, the order row locked.
 */
async function collectCash(tx: Tx, order: repo.OrderRow, line: repo.LineRow) {
  const paid = (await repo.markCashCollected(tx, line.id)) ?? line;
  return { line: paid, order: (await repo.settleCashOrder(tx, order.id)) ?? order };
}

/** The customer's My orders: every line of their orders, each with what its order still owes (`amountDue`). */
export async function listOrderLines(db: Db, customerId: string) {
  const rows = await repo.listLines(db, customerId);
  const linesOf = new Map<string, repo.LineRow[]>();
  for (const { line } of rows) linesOf.set(line.orderId, [...(linesOf.get(line.orderId) ?? []), line]);
  return rows.map(({ line, order }) => ({
    ...toWireOrderLine(line, order), amountDue: paiseToRupees(owedPaise(order, linesOf.get(order.id)!)), ...customersDeliveryCode(line),
  }));
}

/** The delivery code, for the line's own customer only, once it is Shipped (decision 032): never before, never to anyone else. */
function customersDeliveryCode(line: repo.LineRow): { deliveryCode?: string } {
  const shipped = line.status === 'Shipped' || line.status === 'Delivered';
  return shipped && line.deliveryCode ? { deliveryCode: line.deliveryCode } : {};
}

/**
 * Cancels a line (the spec's clients send a line's `_id`) or every cancellable line of an order, while it is
 * neither Delivered nor Cancelled; stock goes back and the customer gets a mail. Another customer's ids are
 * unknown here (404).
 */
export async function cancel(db: Db, customerId: string, id: string, pay: Pick<OrderPayment, 'afterCancel'>) {
  return db.transaction(async (tx) => {
    // A cancel changes what is owed: the order row first, like a payment's confirmation, so they take turns.
    const orderId = await repo.orderIdOf(tx, customerId, id);
    if (orderId) await repo.lockOrder(tx, orderId);
    const cancelled = await repo.cancelLines(tx, customerId, id);
    if (cancelled.length === 0) {
      if (await repo.ownsLineOrOrder(tx, customerId, id)) throw new AppError('CONFLICT', 'This order can no longer be cancelled: it is delivered or already cancelled.');
      throw new AppError('NOT_FOUND', 'Order not found.');
    }
    for (const line of cancelled) await returnStock(tx, line.productId, line.quantity);
    const order = (await repo.findOrder(tx, cancelled[0]!.orderId))!;
    // A paid line's money goes back: its refund is stored here and requested from the gateway after the commit.
    const refunded = new Set(await pay.afterCancel(tx, order, cancelled));
    await repo.markRefunded(tx, [...refunded]);
    for (const l of cancelled) if (refunded.has(l.id)) l.paymentStatus = 'Refunded';
    // A cash order whose other lines were delivered is now paid in full.
    const settled = await repo.settleCashOrder(tx, order.id);
    const account = (await findCustomerContact(tx, customerId))!;
    await enqueueEmail(tx, orderCancelledEmail(account.email, {
      lang: account.language,
      name: account.fullName,
      lines: cancelled.map(mailLineOf),
    }));
    await whatsapp.notify(tx, { party: 'customer', id: customerId }, 'order_cancelled', [account.fullName, cancelled.map(itemOf).join(', ').slice(0, 500)]);
    const back = cancelled.filter((l) => refunded.has(l.id)).reduce((sum, l) => sum + l.totalPricePaise, 0);
    if (back > 0) await whatsapp.notify(tx, { party: 'customer', id: customerId }, 'order_refunded', [account.fullName, formatPaise(back)]);
    return { message: 'Order cancelled successfully.', orders: cancelled.map((l) => toWireOrderLine(l, settled ?? order)) };
  });
}

/** The payments module's confirmation: the order (locked) becomes Paid, with its lines that are not cancelled. */
export async function markOrderPaid(tx: Tx, orderId: string) {
  return repo.markPaid(tx, orderId);
}

export const lockOrder = (tx: Tx, orderId: string) => repo.lockOrder(tx, orderId);
export const findOrder = (db: Db | Tx, orderId: string) => repo.findOrder(db, orderId);
/** An order's lines (the payment flows price what is still owed from them). */
export const linesOfOrder = (db: Db | Tx, orderId: string) => repo.linesOfOrder(db, orderId);
export type { OrderRow, LineRow } from './repository.ts';

export const UNPAID_ORDER_TTL_MS = 30 * 60 * 1000;

/** The online and UPI orders `expireUnpaidOrders` would cancel now (the expiry sweep asks the gateway about them first). */
export async function unpaidOnlineOrderIds(db: Db, now = new Date()) {
  return (await repo.unpaidOnlineOrders(db, new Date(now.getTime() - UNPAID_ORDER_TTL_MS))).map((r) => r.id);
}

/**
 * Cancels online and UPI orders still unpaid 30 minutes after they were placed: stock goes back and the products
 * return to the cart. Each order is locked first, so a payment confirmed at the same moment either wins (the order
 * is Paid and stays) or finds it expired. Orders in `keep` stay for a later sweep. Returns the ids of the orders it cancelled.
 */
export async function expireUnpaidOrders(db: Db, now = new Date(), keep: ReadonlySet<string> = new Set()) {
  const before = new Date(now.getTime() - UNPAID_ORDER_TTL_MS);
  const expired: string[] = [];
  for (const { id } of await repo.unpaidOnlineOrders(db, before)) {
    if (keep.has(id)) continue;
    await db.transaction(async (tx) => {
      const order = await repo.lockOrder(tx, id);
      if (!order || order.paymentStatus !== 'Pending' || order.createdAt >= before) return;
      const lines = await repo.cancelUnpaidLines(tx, id);
      if (lines.length === 0) return;
      for (const line of lines) await returnStock(tx, line.productId, line.quantity);
      await returnToCart(tx, order.customerId, lines.map((l) => ({ productId: l.productId, quantity: l.quantity })));
      const account = (await findCustomerContact(tx, order.customerId))!;
      await enqueueEmail(tx, orderCancelledEmail(account.email, {
      lang: account.language,
        name: account.fullName,
        lines: lines.map(mailLineOf),
      }));
      expired.push(id);
    });
  }
  return expired;
}

/** Whether the file is the delivery photo of one of the customer's lines: the customer may open it (decision 032). */
export const isDeliveryPhotoOfCustomer = (db: Db, customerId: string, fileId: string) => repo.isDeliveryPhotoOfCustomer(db, customerId, fileId);

/** Whether the customer has ordered from the vendor: chat lets a vendor write first to such a customer. */
export const hasOrderedFrom = (db: Db, customerId: string, vendorId: string) => repo.hasOrderedFrom(db, customerId, vendorId);

/** Of the given customers, those with a Delivered line of the product: their reviews are a verified purchase. */
export const customersWhoReceivedProduct = (db: Db, productId: string, customerIds: readonly string[]) =>
  repo.customersWithDelivered(db, { productId }, customerIds);

/** Of the given customers, those with a Delivered line from the vendor (a seller's verified purchases). */
export const customersWhoReceivedFromVendor = (db: Db, vendorId: string, customerIds: readonly string[]) =>
  repo.customersWithDelivered(db, { vendorId }, customerIds);

// For disputes and the operator console (decision record 020)

export const findCustomerLine = (db: Db | Tx, customerId: string, lineId: string) => repo.findCustomerLine(db, customerId, lineId);
export const findLineWithOrder = (db: Db | Tx, lineId: string) => repo.findLineWithOrder(db, lineId);
/** Marks lines refunded in full (a dispute's full refund), inside the refunding transaction. */
export const markLinesRefunded = (tx: Tx, lineIds: string[]) => repo.markRefunded(tx, lineIds);
export type OpsOrderFilter = repo.OpsOrderFilter;
export const countOrdersForOps = (db: Db, f: OpsOrderFilter) => repo.countOrdersForOps(db, f);
export const searchOrdersForOps = (db: Db, f: OpsOrderFilter, page: { limit: number; offset: number }) => repo.searchOrdersForOps(db, f, page);

/** The vendor's newest `limit` lines that carry money, for their earnings report (the transfers module's). */
export async function vendorEarningLines(db: Db | Tx, vendorId: string, limit: number): Promise<repo.EarningLineRow[]> {
  return repo.vendorEarningLines(db, vendorId, limit);
}
