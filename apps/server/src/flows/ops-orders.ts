import {
  OPS_MSG, type OpsBookingDetail, type OpsOrderDetail, type OpsOrderSummary, type OpsTimelineEvent, type ZOpsBookingListQuery, type ZOpsOrderListQuery,
} from '@nirmaan/shared/ops';
import { sumPaise } from '@nirmaan/shared/money';
import type { z } from 'zod';
import type { Db, Tx } from '../db/client.ts';
import { notFound } from '../lib/errors.ts';
import * as bookings from '../modules/bookings/service.ts';
import * as disputes from '../modules/disputes/service.ts';
import { appendAudit } from '../modules/ops/service.ts';
import * as orders from '../modules/orders/service.ts';
import * as payments from '../modules/payments/service.ts';
import * as transfers from '../modules/transfers/service.ts';
import { findVendorIdsMatching, vendorNames } from '../modules/vendors/service.ts';
import { cancelBooking, cancelOrder } from './cancel-refund.ts';
import { assertWithinRefundLimit, type Decider } from './dispute-refund.ts';

/**
 * Support's view of orders and bookings (decision record 020): search, a detail with its timeline, and cancel with
 * refund through the customer's own cancel flow (flows/cancel-refund.ts), audited in its transaction and held to
 * support's refund limit. Each module's rows are read through its service.
 */

const PAGE_SIZE = 50;
const paging = (total: number, asked: number | undefined) => {
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const page = Math.min(asked ?? 1, pages);
  return { page, pages, offset: (page - 1) * PAGE_SIZE };
};
const iso = (d: Date | string) => new Date(d).toISOString();

type OrderQuery = z.output<typeof ZOpsOrderListQuery>;
type BookingQuery = z.output<typeof ZOpsBookingListQuery>;

export async function listOrders(db: Db, q: OrderQuery) {
  const vendorIds = q.vendor ? await findVendorIdsMatching(db, q.vendor) : undefined;
  const filter: orders.OpsOrderFilter = { q: q.q, customer: q.customer, vendorIds, from: q.from, to: q.to, status: q.status, paymentStatus: q.paymentStatus };
  const total = await orders.countOrdersForOps(db, filter);
  const { page, pages, offset } = paging(total, q.page);
  const rows = await orders.searchOrdersForOps(db, filter, { limit: PAGE_SIZE, offset });
  const names = await vendorNames(db, [...new Set(rows.flatMap((r) => r.vendorIds))]);
  const list: OpsOrderSummary[] = rows.map((r) => ({
    id: r.order.id, createdAt: iso(r.order.createdAt), customerId: r.order.customerId, customerName: r.order.customerName, customerEmail: r.order.email,
    vendors: r.vendorIds.map((v) => names.get(v) ?? v), totalPaise: r.order.totalPaise, paymentMethod: r.order.paymentMethod,
    paymentStatus: r.order.paymentStatus, statuses: r.statuses, lines: Number(r.lines),
  }));
  return { orders: list, total, page, pages };
}

export async function listBookings(db: Db, q: BookingQuery) {
  const vendorIds = q.vendor ? await findVendorIdsMatching(db, q.vendor) : undefined;
  const filter: bookings.OpsBookingFilter = { q: q.q, customer: q.customer, vendorIds, from: q.from, to: q.to, status: q.status, paymentStatus: q.paymentStatus };
  const total = await bookings.countBookingsForOps(db, filter);
  const { page, pages, offset } = paging(total, q.page);
  const rows = await bookings.searchBookingsForOps(db, filter, { limit: PAGE_SIZE, offset });
  const names = await vendorNames(db, [...new Set(rows.map((r) => r.vendorId))]);
  return { bookings: rows.map((b) => bookingSummary(b, names.get(b.vendorId) ?? '')), total, page, pages };
}

function bookingSummary(b: bookings.BookingRow, vendorName: string) {
  const c = b.customer;
  return {
    id: b.id, createdAt: iso(b.createdAt), customerId: b.customerId, customerName: c.fullName ?? '', customerEmail: c.email ?? '', vendorId: b.vendorId, vendorName,
    serviceDate: String(b.serviceDate), serviceTime: b.serviceTime, status: b.status, paymentMethod: b.paymentMethod, paymentStatus: b.paymentStatus, totalPaise: b.totalAmountPaise,
  };
}

const event = (at: Date | string, kind: OpsTimelineEvent['kind'], text: string, amountPaise: number | null = null): OpsTimelineEvent => ({ at: iso(at), kind, text, amountPaise });
const byTime = (a: OpsTimelineEvent, b: OpsTimelineEvent) => a.at.localeCompare(b.at);
type OrderOrBooking = { orderId: string } | { bookingId: string };
const MOVE_SAID: Record<string, string> = {
  done: 'Rescheduled', awaiting_fee: 'Reschedule waiting for its fee', expired: 'Reschedule not paid, expired', proposed: 'Professional proposed',
  accepted: 'Proposal accepted', superseded: 'Proposal passed over: the customer chose another time', lapsed: 'Proposal lapsed: booking cancelled',
};
/** A booking's moves (decision record 041): each reschedule and proposal, when it was made. */
const moveEvents = (moves: { status: string; kind: string; from: { serviceDate: string; serviceTime: string }; to: { serviceDate: string; serviceTime: string }; feePaise: number; createdAt: string }[]) =>
  moves.map((m) => event(m.createdAt, 'rescheduled', `${MOVE_SAID[m.status] ?? m.status}: ${m.from.serviceDate} ${m.from.serviceTime} → ${m.to.serviceDate} ${m.to.serviceTime}`, m.feePaise > 0 ? m.feePaise : null));

/**
 * The vendors' transfers of an order or booking (docs/decisions/025): held when made, released, and each reversal
 * the gateway made. Times are the rows' own; a made transfer shows at its row's creation (no time of the gateway's
 * answer is kept), never before the payment.
 */
async function transferEvents(db: Db, target: OrderOrBooking, paidAt: Date | string | null) {
  const { transfers: rows, reversals } = await transfers.transfersOf(db, target);
  // The row is written inside the payment's confirmation: never shown before the payment it follows.
  const made = (t: { createdAt: string }) => (paidAt && iso(paidAt) > t.createdAt ? paidAt : t.createdAt);
  const vendorOf = new Map(rows.map((t) => [t.id, t.vendorName]));
  return [
    ...rows.flatMap((t) => (t.razorpayTransferId && t.sentPaise !== null ? [event(made(t), 'transfer', `Transfer to ${t.vendorName} made, held`, t.sentPaise)] : [])),
    ...rows.flatMap((t) => (t.releasedAt ? [event(t.releasedAt, 'transfer', `Transfer to ${t.vendorName} released`, (t.sentPaise ?? 0) - t.reversedPaise)] : [])),
    ...reversals.flatMap((r) => (r.razorpayReversalId ? [event(r.createdAt, 'transfer', `Transfer to ${vendorOf.get(r.transferId) ?? 'the vendor'} reversed`, Number(r.amountPaise))] : [])),
    ...rows.filter((t) => !t.razorpayTransferId && t.status !== 'cancelled')
      .map((t) => event(made(t), 'transfer', `Transfer to ${t.vendorName}: ${t.status.replace('_', ' ')}`, t.amountPaise)),
  ];
}

/** Moments every order and booking shares: payments, refunds, disputes and the vendors' transfers. */
async function moneyEvents(db: Db, target: OrderOrBooking, refunds: payments.RefundRow[], names: Map<string, string>) {
  const paid = await payments.paidPayments(db, target);
  const found = await disputes.disputesOf(db, target);
  return [
    ...paid.flatMap((p) => (p.paidAt ? [event(p.paidAt, 'paid', 'Paid online', p.amountPaise)] : [])),
    ...refunds.map((r) => event(r.createdAt, 'refund', `Refund (${r.reason}${r.lineId ? `: ${names.get(r.lineId) ?? 'a line'}` : ''})${r.razorpayRefundId ? '' : ', requested'}`, r.amountPaise)),
    ...found.map((d) => event(d.createdAt, 'dispute', `Dispute (${d.reason.replace('_', ' ')}): ${d.status}${d.resolutionReason ? `, ${d.resolutionReason}` : ''}`, d.refundedPaise || null)),
    // After the payment in the list, so a transfer at the payment's own time sorts after it.
    ...await transferEvents(db, target, paid.find((p) => p.paidAt)?.paidAt ?? null),
  ];
}

export async function orderDetail(db: Db, id: string): Promise<OpsOrderDetail> {
  const order = await orders.findOrder(db, id);
  if (!order) throw notFound(OPS_MSG.orderNotFound);
  const lines = await orders.linesOfOrder(db, id);
  const refunds = await payments.refundsFor(db, { orderId: id, lineIds: lines.map((l) => l.id) });
  const vendors = await vendorNames(db, [...new Set(lines.map((l) => l.vendorId))]);
  const lineNames = new Map(lines.map((l) => [l.id, l.productName]));
  const refundedOf = (lineId: string) => sumPaise(refunds.filter((r) => r.lineId === lineId).map((r) => r.amountPaise));
  const timeline = [
    event(order.createdAt, 'placed', `Placed: ${lines.length} line${lines.length === 1 ? '' : 's'}, ${order.paymentMethod}`, order.totalPaise),
    ...lines.flatMap((l) => (l.shippedAt ? [event(l.shippedAt, 'shipped', `Shipped: ${l.productName}`)] : [])),
    ...lines.flatMap((l) => (l.deliveredAt ? [event(l.deliveredAt, 'delivered', `Delivered: ${l.productName}`)] : [])),
    ...lines.flatMap((l) => (l.cancelledAt ? [event(l.cancelledAt, 'cancelled', `Cancelled: ${l.productName}`)] : [])),
    ...await moneyEvents(db, { orderId: id }, refunds, lineNames),
  ].sort(byTime);
  return {
    order: {
      id, createdAt: iso(order.createdAt), customerId: order.customerId, customerName: order.customerName, customerEmail: order.email,
      vendors: [...vendors.values()], totalPaise: order.totalPaise, paymentMethod: order.paymentMethod, paymentStatus: order.paymentStatus,
      statuses: [...new Set(lines.map((l) => l.status))], lines: lines.length, deliveryFeePaise: order.deliveryFeePaise, shippingAddress: order.shippingAddress,
    },
    lines: lines.map((l) => ({
      id: l.id, productName: l.productName, vendorId: l.vendorId, vendorName: vendors.get(l.vendorId) ?? '', quantity: l.quantity, totalPaise: l.totalPricePaise,
      status: l.status, paymentStatus: l.paymentStatus, refundedPaise: refundedOf(l.id),
    })),
    timeline,
  };
}

export async function bookingDetail(db: Db, id: string): Promise<OpsBookingDetail> {
  const booking = await bookings.findBooking(db, id);
  if (!booking) throw notFound(OPS_MSG.bookingNotFound);
  const names = await vendorNames(db, [booking.vendorId]);
  const refunds = await payments.refundsFor(db, { bookingId: id });
  const summary = bookingSummary(booking, names.get(booking.vendorId) ?? '');
  const timeline = [
    event(booking.createdAt, 'placed', `Booked for ${summary.serviceDate} ${booking.serviceTime}, ${booking.paymentMethod}`, booking.totalAmountPaise),
    ...await moneyEvents(db, { bookingId: id }, refunds, new Map()),
    ...moveEvents((await bookings.movesByBooking(db, [id])).get(id) ?? []),
  ].sort(byTime);
  return { booking: { ...summary, refundedPaise: sumPaise(refunds.map((r) => r.amountPaise)) }, timeline };
}

/**
 * Inside the cancel's transaction, with the order or booking locked: support's limit is judged on the refunds this
 * cancel stored (what is paid now, not an estimate read before the lock, which a payment confirmed meanwhile would
 * beat), and a refusal rolls everything back: nothing cancelled, nothing refunded. Then the audit row.
 */
const limitAndAudit = (by: Decider, subjectType: 'order' | 'booking', id: string, before: unknown, reason: string) => async (tx: Tx, refunds: payments.RefundRow[]) => {
  const refundedPaise = sumPaise(refunds.map((r) => r.amountPaise));
  assertWithinRefundLimit(by, refundedPaise);
  await appendAudit(tx, by.actor, {
    action: `${subjectType}.cancel`, subjectType, subjectId: id, before, after: { status: 'Cancelled', refundedPaise }, reason,
  });
};

/** Cancels an order's cancellable lines for its customer, refunding what was paid; audited; support's limit applies. */
export async function cancelOrderAsOperator(p: payments.Payments, by: Decider, id: string, reason: string) {
  const order = await orders.findOrder(p.db, id);
  if (!order) throw notFound(OPS_MSG.orderNotFound);
  const lines = await orders.linesOfOrder(p.db, id);
  const before = { statuses: lines.map((l) => ({ lineId: l.id, status: l.status, paymentStatus: l.paymentStatus })) };
  await cancelOrder(p, order.customerId, id, limitAndAudit(by, 'order', id, before, reason));
  return orderDetail(p.db, id);
}

export async function cancelBookingAsOperator(p: payments.Payments, by: Decider, id: string, reason: string) {
  const booking = await bookings.findBooking(p.db, id);
  if (!booking) throw notFound(OPS_MSG.bookingNotFound);
  await cancelBooking(p, booking.customerId, id, 'support', limitAndAudit(by, 'booking', id, { status: booking.status, paymentStatus: booking.paymentStatus }, reason));
  return bookingDetail(p.db, id);
}
