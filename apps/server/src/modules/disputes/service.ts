import {
  BOOKING_DISPUTE_REASONS, DISPUTE_MSG, LINE_DISPUTE_REASONS,
  type Dispute, type DisputeStatus, type OpsDisputeList, type ZOpenDisputeBody,
} from '@nirmaan/shared/disputes';
import { sumPaise } from '@nirmaan/shared/money';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { enqueueEmail } from '../../email/outbox.ts';
import * as whatsapp from '../whatsapp/service.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { AppError, fieldError, notFound } from '../../lib/errors.ts';
import { findCustomerContact } from '../auth/service.ts';
import * as files from '../files/service.ts';
import * as bookings from '../bookings/service.ts';
import { appendAudit, type Actor } from '../ops/service.ts';
import * as orders from '../orders/service.ts';
import * as payments from '../payments/service.ts';
import { vendorContacts } from '../vendors/service.ts';
import { disputeAnsweredEmails, disputeOpenedEmails, disputeResolvedEmails, type DisputeParties } from './emails.ts';
import * as repo from './repository.ts';

/**
 * Disputes (decision record 020): a customer's problem with an order line or a booking. The customer opens it,
 * the vendor answers, support resolves it; both parties are mailed at each step, in the step's transaction.
 * Refunds are the flow's (flows/dispute-refund.ts): this module records the decision.
 */
export type DisputeRow = repo.DisputeRow;
/** How support paid a refund outside the gateway, and that payment's reference. */
export interface PaidOutside { method: 'upi' | 'bank'; reference: string }
type OpenBody = z.output<typeof ZOpenDisputeBody>;
const LIST_LIMIT = 100;
const PAGE_SIZE = 50;
/** A line can be disputed once it left the seller; a booking once it was confirmed. */
const DISPUTABLE_LINE = ['Shipped', 'Delivered'];
const DISPUTABLE_BOOKING = ['Confirmed', 'Completed'];

/** What was sold: the line (with its order) or the booking a dispute is about. */
export type Target =
  | { kind: 'line'; line: orders.LineRow; order: orders.OrderRow }
  | { kind: 'booking'; booking: bookings.BookingRow };

/** What the customer paid online for the target, in paise (cash and cash on delivery: nothing to refund here). */
export function paidOnlinePaise(t: Target): number {
  if (t.kind === 'line') {
    const paid = t.order.paymentMethod !== 'cod' && ['Paid', 'Refunded'].includes(t.line.paymentStatus);
    return paid ? orders.lineChargePaise(t.line) : 0;
  }
  const paid = t.booking.paymentMethod !== 'cash' && ['Paid', 'Refunded'].includes(t.booking.paymentStatus);
  return paid ? t.booking.totalAmountPaise : 0;
}

/**
 * A cash sale's money (cash on delivery, a cash booking): what the customer paid in cash once it was collected (a
 * delivered line, a completed booking; 0 before), and the vendor's net of it. Null for a sale paid online.
 */
export function cashSale(t: Target): { paidPaise: number; netPaise: number } | null {
  if (t.kind === 'line') {
    if (t.order.paymentMethod !== 'cod') return null;
    const gross = orders.lineChargePaise(t.line);
    return { paidPaise: t.line.status === 'Delivered' ? gross : 0, netPaise: gross - (t.line.commissionPaise ?? 0) };
  }
  if (t.booking.paymentMethod !== 'cash') return null;
  const net = t.booking.basePricePaise - (t.booking.commissionPaise ?? 0);
  return { paidPaise: t.booking.status === 'Completed' ? t.booking.totalAmountPaise : 0, netPaise: net };
}

async function targetOf(db: Db | Tx, row: Pick<DisputeRow, 'lineId' | 'bookingId'>): Promise<Target> {
  if (row.lineId) {
    const found = (await orders.findLineWithOrder(db, row.lineId))!;
    return { kind: 'line', ...found };
  }
  return { kind: 'booking', booking: (await bookings.findBooking(db, row.bookingId!))! };
}

async function partiesOf(db: Db | Tx, row: DisputeRow, t: Target): Promise<DisputeParties> {
  const customer = (await findCustomerContact(db, row.customerId))!;
  const vendor = (await vendorContacts(db, [row.vendorId])).get(row.vendorId)!;
  return {
    customer: { email: customer.email, name: customer.fullName, language: customer.language },
    vendor: { email: vendor.email, name: vendor.businessName, language: vendor.language },
    subject: t.kind === 'line' ? t.line.productName : `your booking with ${vendor.businessName} on ${t.booking.serviceDate}`,
    ...(t.kind === 'booking' ? { booking: { vendor: vendor.businessName, date: t.booking.serviceDate } } : {}),
    reason: row.reason,
  };
}

/** The customer's WhatsApp news of their dispute (with consent), in the transaction that moved it. */
async function whatsappDisputeMoved(tx: Tx, row: DisputeRow, parties: DisputeParties, moved: keyof typeof whatsapp.WORDS.dispute) {
  await whatsapp.notify(tx, { party: 'customer', id: row.customerId }, 'dispute_update', (language) => [parties.customer.name, parties.subject, whatsapp.WORDS.dispute[moved][language]]);
}

const iso = (d: Date | null) => (d === null ? null : d.toISOString());

async function toWire(db: Db | Tx, row: DisputeRow): Promise<Dispute> {
  const t = await targetOf(db, row);
  const parties = await partiesOf(db, row, t);
  const refunds = await payments.refundsFor(db, t.kind === 'line' ? { lineIds: [t.line.id] } : { bookingId: t.booking.id });
  return {
    id: row.id, lineId: row.lineId, bookingId: row.bookingId, orderId: row.orderId,
    subject: t.kind === 'line' ? t.line.productName : parties.vendor.name,
    vendorId: row.vendorId, vendorName: parties.vendor.name, customerName: parties.customer.name,
    reason: row.reason, text: row.text, photoIds: row.photoIds, status: row.status,
    vendorAnswer: row.vendorAnswer, answeredAt: iso(row.answeredAt), resolutionReason: row.resolutionReason, resolvedAt: iso(row.resolvedAt),
    paidPaise: paidOnlinePaise(t), createdAt: row.createdAt.toISOString(),
    ...(row.paidOutsideMethod
      ? { refundedPaise: row.refundedPaise, paidOutside: { method: row.paidOutsideMethod, reference: row.paidOutsideReference ?? '' } }
      : { refundedPaise: sumPaise(refunds.map((r) => r.amountPaise)) }),
  };
}

const wireAll = async (db: Db, rows: DisputeRow[]) => Promise.all(rows.map((r) => toWire(db, r)));

/** The customer's own line or booking, if it can be disputed now; 404 for anything not theirs. */
async function disputableTarget(tx: Tx, customerId: string, body: OpenBody): Promise<Target> {
  if (body.lineId) {
    const found = await orders.findCustomerLine(tx, customerId, body.lineId);
    if (!found) throw notFound(DISPUTE_MSG.notFound);
    if (!LINE_DISPUTE_REASONS.includes(body.reason)) throw new AppError('BAD_REQUEST', DISPUTE_MSG.wrongReason);
    if (!DISPUTABLE_LINE.includes(found.line.status)) throw new AppError('CONFLICT', DISPUTE_MSG.tooEarly);
    return { kind: 'line', ...found };
  }
  const booking = await bookings.findCustomerBooking(tx, customerId, body.bookingId!);
  if (!booking) throw notFound(DISPUTE_MSG.notFound);
  if (!BOOKING_DISPUTE_REASONS.includes(body.reason)) throw new AppError('BAD_REQUEST', DISPUTE_MSG.wrongReason);
  if (!DISPUTABLE_BOOKING.includes(booking.status)) throw new AppError('CONFLICT', DISPUTE_MSG.tooEarly);
  return { kind: 'booking', booking };
}

/**
 * Opens a dispute: one statement against the partial unique index, so of racing opens on one line or booking
 * exactly one is stored (the rest 409). Both parties are mailed in the same transaction.
 */
export async function openDispute(db: Db, customerId: string, body: OpenBody): Promise<Dispute> {
  if ((body.lineId === undefined) === (body.bookingId === undefined)) throw fieldError('lineId', DISPUTE_MSG.oneTarget);
  const photoIds = [...new Set(body.photoIds ?? [])];
  // Every photo is a private file this customer uploaded (400 naming photoIds otherwise).
  await files.assertOwned(db, photoIds, { kind: 'customer', id: customerId }, 'photoIds');
  const row = await db.transaction(async (tx) => {
    const t = await disputableTarget(tx, customerId, body);
    const inserted = await repo.insertDispute(tx, {
      customerId, reason: body.reason, text: body.text, photoIds,
      ...(t.kind === 'line' ? { lineId: t.line.id, orderId: t.order.id, vendorId: t.line.vendorId } : { bookingId: t.booking.id, vendorId: t.booking.vendorId }),
    });
    if (!inserted) throw new AppError('CONFLICT', DISPUTE_MSG.alreadyOpen);
    const parties = await partiesOf(tx, inserted, t);
    for (const email of disputeOpenedEmails(parties, body.text)) await enqueueEmail(tx, email);
    await whatsappDisputeMoved(tx, inserted, parties, 'opened');
    return inserted;
  });
  return toWire(db, row);
}

export async function listOfCustomer(db: Db, customerId: string) {
  return { disputes: await wireAll(db, await repo.listOfCustomer(db, customerId, LIST_LIMIT)) };
}

export async function listOfVendor(db: Db, vendorId: string) {
  return { disputes: await wireAll(db, await repo.listOfVendor(db, vendorId, LIST_LIMIT)) };
}

/** The vendor answers an open dispute on their own line or booking, once; another vendor's dispute is unknown (404). */
export async function answerAsVendor(db: Db, vendorId: string, id: string, text: string): Promise<Dispute> {
  const row = await db.transaction(async (tx) => {
    const answered = await repo.answer(tx, vendorId, id, text);
    if (!answered) {
      const found = await repo.findDispute(tx, id);
      if (!found || found.vendorId !== vendorId) throw notFound(DISPUTE_MSG.disputeNotFound);
      throw new AppError('CONFLICT', found.status === 'answered' ? DISPUTE_MSG.alreadyAnswered : DISPUTE_MSG.alreadyResolved);
    }
    const parties = await partiesOf(tx, answered, await targetOf(tx, answered));
    for (const email of disputeAnsweredEmails(parties, text)) await enqueueEmail(tx, email);
    await whatsappDisputeMoved(tx, answered, parties, 'answered');
    return answered;
  });
  return toWire(db, row);
}

// Support's side

export async function listForOps(db: Db, q: { status?: DisputeStatus | undefined; page?: number | undefined }): Promise<OpsDisputeList> {
  const total = await repo.countForOps(db, q.status);
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const page = Math.min(q.page ?? 1, pages);
  const rows = await repo.listForOps(db, q.status, { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
  return { disputes: await wireAll(db, rows), total, page, pages };
}

export async function getForOps(db: Db, id: string): Promise<Dispute> {
  const row = await repo.findDispute(db, id);
  if (!row) throw notFound(DISPUTE_MSG.disputeNotFound);
  return toWire(db, row);
}

/** For the refund flow: the dispute locked, still unresolved (404 unknown, 409 resolved), with what it is about. */
export async function lockUnresolved(tx: Tx, id: string): Promise<{ row: DisputeRow; target: Target }> {
  const row = await repo.lockDispute(tx, id);
  if (!row) throw notFound(DISPUTE_MSG.disputeNotFound);
  if (row.status === 'refunded' || row.status === 'rejected') throw new AppError('CONFLICT', DISPUTE_MSG.alreadyResolved);
  return { row, target: await targetOf(tx, row) };
}

/** Records support's decision on a locked dispute: the row, the audit entry and both parties' mail, in the caller's transaction. */
export async function recordResolution(
  tx: Tx, actor: Actor, locked: { row: DisputeRow; target: Target },
  decision: { refundedPaise: number; reason: string; outcome: string; paidOutside?: PaidOutside | undefined },
) {
  const status = decision.refundedPaise > 0 ? 'refunded' as const : 'rejected' as const;
  let after;
  try {
    after = await repo.resolve(tx, locked.row.id, { status, reason: decision.reason, refundedPaise: decision.refundedPaise, by: actor.label, paidOutside: decision.paidOutside });
  } catch (err) {
    // A refund paid outside is recorded once per line or booking (unique indexes): another dispute already did.
    if (isUniqueViolation(err)) throw new AppError('CONFLICT', DISPUTE_MSG.alreadyRefunded);
    throw err;
  }
  if (!after) throw new AppError('CONFLICT', DISPUTE_MSG.alreadyResolved);
  await appendAudit(tx, actor, {
    action: `dispute.${decision.outcome}`, subjectType: 'dispute', subjectId: locked.row.id,
    before: { status: locked.row.status },
    after: { status, refundedPaise: decision.refundedPaise, ...(decision.paidOutside ? { paidOutside: decision.paidOutside } : {}) },
    reason: decision.reason,
  });
  const parties = await partiesOf(tx, after, locked.target);
  for (const email of disputeResolvedEmails(parties, decision)) await enqueueEmail(tx, email);
  await whatsappDisputeMoved(tx, after, parties, 'resolved');
  return after;
}

/** Disputes of an order or booking, for the console's timeline. */
export const disputesOf = (db: Db, of: { orderId?: string; bookingId?: string }) => repo.disputesOf(db, of);
/** What support refunded of a booking outside the gateway (a cash sale, decision record 028), in paise. */
export async function refundedOutsidePaise(db: Db | Tx, bookingId: string) {
  const rows = await repo.disputesOf(db, { bookingId });
  return sumPaise(rows.filter((r) => r.paidOutsideMethod !== null).map((r) => r.refundedPaise));
}
export const countUnresolved = (db: Db) => repo.countUnresolved(db);
/** For the private files' access rule: the vendor may see the photos of a dispute against it. */
export const isPhotoOfDisputeAgainst = (db: Db, vendorId: string, fileId: string) => repo.isPhotoOfDisputeAgainst(db, vendorId, fileId);

/**
 * Refunds were stored another way than through a dispute (a cancel, support's refund of a line or booking): an
 * unresolved dispute of a refunded line or booking is closed as refunded, in the refund's transaction, with a note
 * its timeline shows (the cancel or refund mails the customer already). The dispute's own refund (reason "dispute") is resolved by its flow.
 */
export async function closeDisputesOfRefunds(tx: Tx, refunds: readonly payments.RefundRow[]) {
  for (const r of refunds) {
    if (r.reason === 'dispute' || (!r.lineId && !r.bookingId)) continue;
    const of = r.lineId ? { lineId: r.lineId } : { bookingId: r.bookingId! };
    const note = `Closed: refunded outside the dispute (${r.reason})`;
    await repo.closeRefundedElsewhere(tx, of, r.amountPaise, note);
  }
}
