import { addDays, todayInIndia } from '@nirmaan/shared/dates';
import { JOB_MSG, labourLinePaise, type JobEnding, type Quote, type QuoteStatus, type ZQuoteBody } from '@nirmaan/shared/jobs';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { AppError } from '../../lib/errors.ts';
import * as repo from './repository.ts';

/**
 * Quotes after a site visit (issue 34; decision record 042): a professional's itemised quote for a visit they made,
 * in versions; the customer accepts the latest open one once (the flow makes the job), declines it, or asks for a
 * revision. The only door into this module.
 */

export type QuoteRow = repo.QuoteRow;
type QuoteBody = z.output<typeof ZQuoteBody>;

/** A quote as the customer and the professional see it. */
export function toWire(row: QuoteRow, vendorName: string, dayStart: string, now = new Date()): Quote {
  return {
    id: row.id, visitBookingId: row.visitBookingId, vendorId: row.vendorId, vendorName, version: row.version, status: row.status,
    labour: row.labour, materials: row.materials, days: row.days, validUntil: row.validUntil,
    expired: row.validUntil < todayInIndia(now) && (row.status === 'Sent' || row.status === 'RevisionAsked'),
    labourPaise: row.labourPaise, materialsPaise: row.materialsPaise, visitCreditPaise: row.visitCreditPaise,
    note: row.note, revisionNote: row.revisionNote, jobBookingId: row.jobBookingId, dayStart, createdAt: row.createdAt.toISOString(),
    ...(row.endedJobBookingId && row.jobEndedBy ? { endedJob: { bookingId: row.endedJobBookingId, by: row.jobEndedBy } } : {}),
  };
}

/**
 * Inside the sending transaction: a new version for the visit (the open ones before it superseded). Refused when
 * the labour does not come to more than the visit fee, or a quote of the visit was already accepted.
 */
export async function sendVersion(tx: Tx, visit: { id: string; vendorId: string; customerId: string; creditPaise: number }, body: QuoteBody, now = new Date()) {
  const labour = body.labour.map((l) => ({
    kind: l.kind, description: l.description, days: l.kind === 'days' ? l.days : null, ratePaise: l.kind === 'days' ? l.ratePaise : null, amountPaise: labourLinePaise(l),
  }));
  const labourPaise = labour.reduce((s, l) => s + l.amountPaise, 0);
  if (labourPaise <= visit.creditPaise) throw new AppError('BAD_REQUEST', JOB_MSG.quoteTooSmall);
  if (await repo.hasAccepted(tx, visit.id)) throw new AppError('CONFLICT', JOB_MSG.quoteTaken);
  try {
    return await repo.insertVersion(tx, {
      visitBookingId: visit.id, vendorId: visit.vendorId, customerId: visit.customerId, labour, materials: body.materials,
      days: body.days, validUntil: addDays(todayInIndia(now), body.validDays), labourPaise, materialsPaise: body.materials.reduce((s, m) => s + m.amountPaise, 0),
      visitCreditPaise: visit.creditPaise, note: body.note,
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('CONFLICT', JOB_MSG.versionRace);
    throw err;
  }
}

/** Why an open quote cannot be answered now: taken, closed, replaced by a newer version, or expired. */
function assertOpen(row: QuoteRow, now: Date) {
  if (row.status === 'Accepted') throw new AppError('CONFLICT', JOB_MSG.quoteTaken);
  if (row.status === 'Superseded') throw new AppError('CONFLICT', JOB_MSG.quoteReplaced);
  if (row.status !== 'Sent') throw new AppError('CONFLICT', JOB_MSG.quoteClosed);
  if (row.validUntil < todayInIndia(now)) throw new AppError('CONFLICT', JOB_MSG.quoteExpired);
}

/**
 * Inside the acceptance's transaction: the customer's quote, its row locked first, so racing acceptances take turns
 * and the later ones find it Accepted (409). Refused unless it is the open, unexpired latest version.
 */
export async function lockForAccept(tx: Tx, customerId: string, id: string, now = new Date()) {
  const row = await repo.findForCustomer(tx, customerId, id, { lock: true });
  if (!row) throw new AppError('NOT_FOUND', JOB_MSG.quoteNotFound);
  assertOpen(row, now);
  return row;
}

/**
 * Inside the acceptance's transaction, once the job is held: the quote Accepted with its job (a job that ended before
 * is no longer its story) and the visit fee the job was given (less than sent if the visit was refunded since,
 * decision record 051). Another version of the visit already Accepted (sent while this one was being accepted)
 * is refused by the one-accepted index: the visit fee is taken off one live job only.
 */
export async function markAccepted(tx: Tx, id: string, jobBookingId: string, visitCreditPaise: number) {
  try {
    const row = await repo.answer(tx, id, ['Sent'], 'Accepted', { jobBookingId, endedJobBookingId: null, jobEndedBy: null, visitCreditPaise });
    if (!row) throw new AppError('CONFLICT', JOB_MSG.quoteTaken);
    return row;
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('CONFLICT', JOB_MSG.quoteTaken);
    throw err;
  }
}

/** The customer declines an open quote, or asks for a revision (the professional then sends a new version). */
export async function answerQuote(db: Db, customerId: string, id: string, to: Extract<QuoteStatus, 'Declined' | 'RevisionAsked'>, revisionNote?: string, now = new Date()) {
  return db.transaction(async (tx) => {
    const row = await repo.findForCustomer(tx, customerId, id, { lock: true });
    if (!row) throw new AppError('NOT_FOUND', JOB_MSG.quoteNotFound);
    // An expired quote may still be declined or sent back for a revision.
    if (row.status !== 'Sent') assertOpen(row, now);
    const updated = await repo.answer(tx, id, ['Sent'], to, revisionNote ? { revisionNote } : {});
    if (!updated) throw new AppError('CONFLICT', JOB_MSG.quoteClosed);
    return updated;
  });
}

/**
 * Inside the transaction that ends a job before it is done (its booking row locked and Cancelled or Declined): the
 * quote that made it is Sent again without it, saying which job ended and how (decision records 044 and 048). Its
 * customer may accept it again for new dates while it is valid, the visit fee taken off the new job as it was off
 * the ended one (whose money goes back in full); past its validity it shows as expired, and the customer asks for a
 * revision. A job booked without a quote has none: nothing changes.
 */
export const reopenForEndedJob = async (tx: Tx, jobBookingId: string, by: JobEnding, now = new Date()) => {
  await repo.reopenAccepted(tx, jobBookingId, by, now);
};

/** The job booked from the visit's accepted quote (the one live job its fee is credited to), or undefined. */
export const acceptedJobOf = (db: Db | Tx, visitBookingId: string) => repo.acceptedJobOf(db, visitBookingId);

/** The customer's quote, or undefined (someone else's is unknown). */
export const findCustomerQuote = (db: Db, customerId: string, id: string) => repo.findForCustomer(db, customerId, id);

const LIST_LIMIT = 200;
export const customerQuotes = (db: Db, customerId: string) => repo.listForCustomer(db, customerId, LIST_LIMIT);
export const vendorQuotes = (db: Db, vendorId: string) => repo.listForVendor(db, vendorId, LIST_LIMIT);
