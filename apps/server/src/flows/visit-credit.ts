import { DISPUTE_MSG } from '@nirmaan/shared/disputes';
import { sumPaise } from '@nirmaan/shared/money';
import type { Db, Tx } from '../db/client.ts';
import { AppError, fieldError } from '../lib/errors.ts';
import * as bookings from '../modules/bookings/service.ts';
import * as disputes from '../modules/disputes/service.ts';
import * as payments from '../modules/payments/service.ts';
import * as quotes from '../modules/quotes/service.ts';

/**
 * A site visit's fee is given back at most once (decision record 051): as a refund of the visit, or as the credit off
 * the job booked from its quote. Both sides read it under the visit's booking row lock, which the acceptance takes
 * after the quote's row and a dispute refund after the dispute's (neither takes the other's first lock), so a refund
 * and an acceptance of one visit take turns.
 */

/**
 * What of the visit's fee the customer still has paid: its base price less all refunded of the visit, online and
 * outside (a refund comes out of the fee first: the service charge is never credited), never below 0.
 */
export async function feeStillPaid(tx: Db | Tx, visit: Pick<bookings.BookingRow, 'id' | 'basePricePaise'>) {
  const online = await payments.refundsFor(tx, { bookingId: visit.id });
  const outside = await disputes.refundedOutsidePaise(tx, visit.id);
  return Math.max(0, visit.basePricePaise - sumPaise(online.map((r) => r.amountPaise)) - outside);
}

/**
 * The visit fee credited against a live job: the job booked from the visit's Accepted quote, unless it ended (a job
 * that ends reopens its quote and is refunded in full, decision record 048, so its credit is free again). 0 if none.
 */
export async function creditedToLiveJob(tx: Tx, visitId: string) {
  const jobId = await quotes.acceptedJobOf(tx, visitId);
  const job = jobId ? await bookings.findBooking(tx, jobId) : undefined;
  if (!job || job.status === 'Cancelled' || job.status === 'Declined') return 0;
  return job.visitCreditPaise;
}

/**
 * Inside a dispute refund of a booking, under its row lock: at most what of a site visit's fee is not credited
 * against a live job may go back. Refused (409) when all of it is; over a part, the field error says how much may.
 */
export async function capVisitRefund(tx: Tx, booking: bookings.BookingRow, amountPaise: number) {
  if (booking.kind !== 'visit') return;
  const credited = await creditedToLiveJob(tx, booking.id);
  if (credited === 0) return;
  const refundable = (await feeStillPaid(tx, booking)) - credited;
  if (amountPaise <= refundable) return;
  if (refundable <= 0) throw new AppError('CONFLICT', DISPUTE_MSG.visitFeeCredited);
  throw fieldError('amountPaise', DISPUTE_MSG.visitFeePartlyCredited(refundable));
}
