import { z } from 'zod';
import { ZPrivateFileIds } from './files.ts';
import { formatPaise } from './money.ts';

/**
 * Disputes (decision record 020): a customer reports a problem with an order line or a booking from My orders,
 * the vendor answers in the portal, and support resolves it with a full or partial refund or a rejection.
 * Amounts are integer paise.
 */

export const DISPUTE_REASONS = ['not_delivered', 'damaged', 'wrong_item', 'professional_no_show', 'poor_work'] as const;
export type DisputeReason = (typeof DISPUTE_REASONS)[number];
export const DISPUTE_REASON_LABELS: Record<DisputeReason, string> = {
  not_delivered: 'Not delivered',
  damaged: 'Damaged',
  wrong_item: 'Wrong item',
  professional_no_show: 'Professional did not come',
  poor_work: 'Poor work',
};
/** Which reasons fit an order line and which a booking. */
export const LINE_DISPUTE_REASONS: readonly DisputeReason[] = ['not_delivered', 'damaged', 'wrong_item'];
export const BOOKING_DISPUTE_REASONS: readonly DisputeReason[] = ['professional_no_show', 'poor_work'];

/** open → answered (the vendor replied) → refunded or rejected (support's resolution). */
export const DISPUTE_STATUSES = ['open', 'answered', 'refunded', 'rejected'] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];
export const DISPUTE_TEXT_MAX = 2000;

const ZDisputeId = z.uuid({ message: 'That id is malformed.' });
const ZDisputeText = (what: string) => z.string(`Please describe ${what}.`).trim()
  .min(10, `Please describe ${what} in at least 10 characters.`).max(DISPUTE_TEXT_MAX, `Please keep ${what} under ${DISPUTE_TEXT_MAX} characters.`);

/** Exactly one of lineId (an order line, the `_id` My orders shows) and bookingId (checked after the session, 400 naming lineId). */
export const ZOpenDisputeBody = z.object({
  lineId: ZDisputeId.optional(),
  bookingId: ZDisputeId.optional(),
  reason: z.enum(DISPUTE_REASONS, 'Please choose what went wrong.'),
  text: ZDisputeText('the problem'),
  /** Private files uploaded first with POST /api/files; at most 5, each the customer's own. */
  photoIds: ZPrivateFileIds.optional(),
});
export type OpenDisputeBody = z.input<typeof ZOpenDisputeBody>;

export const ZDisputeAnswerBody = z.object({ text: ZDisputeText('your answer') });

export const ZDispute = z.object({
  id: z.string(),
  lineId: z.string().nullable(),
  bookingId: z.string().nullable(),
  orderId: z.string().nullable(),
  /** The product's name, or the professional's business name for a booking. */
  subject: z.string(),
  vendorId: z.string(),
  vendorName: z.string(),
  customerName: z.string(),
  reason: z.enum(DISPUTE_REASONS),
  text: z.string(),
  photoIds: z.array(z.string()),
  status: z.enum(DISPUTE_STATUSES),
  vendorAnswer: z.string().nullable(),
  answeredAt: z.string().nullable(),
  resolutionReason: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  /** What the customer paid online for the line or booking, and what has been refunded of it. */
  paidPaise: z.number(),
  refundedPaise: z.number(),
  /** A refund support paid outside the gateway (a cash sale), with its UPI or bank reference; absent otherwise. */
  paidOutside: z.object({ method: z.enum(['upi', 'bank']), reference: z.string() }).optional(),
  createdAt: z.string(),
});
export type Dispute = z.infer<typeof ZDispute>;
export const ZDisputeList = z.object({ disputes: z.array(ZDispute) });

// Support's side (/api/ops/disputes)

export const ZOpsDisputeListQuery = z.object({
  status: z.enum(DISPUTE_STATUSES).optional(),
  page: z.coerce.number().int().min(1).max(10_000).optional(),
});
export const ZOpsDisputeList = z.object({ disputes: z.array(ZDispute), total: z.number(), page: z.number(), pages: z.number() });
export type OpsDisputeList = z.infer<typeof ZOpsDisputeList>;

export const DISPUTE_OUTCOMES = ['full_refund', 'partial_refund', 'reject'] as const;
export const ZResolveDisputeBody = z.object({
  outcome: z.enum(DISPUTE_OUTCOMES, 'The outcome is full_refund, partial_refund or reject.'),
  /** Only for partial_refund, and needed there (checked after the session, 400 naming amountPaise): paise, at least ₹1, at most what was paid for the line or booking less what was refunded. */
  amountPaise: z.number('The amount is a whole number of paise.').int('The amount is a whole number of paise.')
    .min(100, 'A partial refund is at least ₹1 (100 paise).').max(1e12, 'That amount is too large.').optional(),
  reason: z.string('Please give a reason.').trim().min(3, 'Please give a reason (at least 3 characters).').max(500),
  /**
   * Only for a refund of a cash sale (cash on delivery, a cash booking): support paid it to the customer's UPI or
   * bank account outside the gateway, with that payment's reference. Recorded, audited, held to support's limit,
   * and taken from the vendor's next transfers.
   */
  paidOutside: z.object({
    method: z.enum(['upi', 'bank'], 'The method is upi or bank.'),
    reference: z.string('Please give the payment reference.').trim().min(4, 'The payment reference (UPI transaction id or bank UTR) is at least 4 characters.')
      .max(64, 'The payment reference is at most 64 characters.'),
  }).optional(),
});
export type ResolveDisputeBody = z.input<typeof ZResolveDisputeBody>;

export const DISPUTE_MSG = {
  notFound: 'Order line or booking not found.',
  oneTarget: 'Please name either an order line (lineId) or a booking (bookingId).',
  partialNeedsAmount: 'A partial refund needs amountPaise.',
  disputeNotFound: 'Dispute not found.',
  alreadyOpen: 'A problem with this is already reported and open. You can follow it in My orders.',
  tooEarly: 'You can report a problem once it is paid, shipped or delivered (for a booking: once it is confirmed or completed).',
  wrongReason: 'That reason does not fit: choose one for an order (not delivered, damaged, wrong item) or a booking (professional did not come, poor work).',
  alreadyResolved: 'This dispute is already resolved.',
  alreadyAnswered: 'You have already answered this dispute.',
  nothingPaidOnline: 'Nothing was paid online for this, so there is nothing to refund through Nirmaan. Reject it with a reason, or settle it outside.',
  overRefundable: (refundablePaise: number) => `A refund can be at most ${formatPaise(refundablePaise)}: what was paid less what is already refunded.`,
  alreadyRefunded: 'This line or booking has already been refunded.',
  /** paidOutside on a rejection, or on something paid online (that is refunded through the gateway). */
  outsideNeedsRefund: 'A refund paid outside is recorded with full_refund or partial_refund.',
  paidOnlineRefundHere: 'This was paid online: refund it through Nirmaan (without paidOutside), not outside.',
  notCollected: 'No cash was collected for this yet (it is not delivered or completed), so there is nothing to refund.',
  /** A cancel that would refund again what a dispute refunded in part: refused, nothing changes. */
  /** A refund of a site visit whose fee is credited against a live job booked from its quote (decision record 051). */
  visitFeeCredited: 'This site visit’s fee is already credited against the job booked from its quote, so it cannot be refunded as well. Refund the job instead, or cancel it: its quote opens again and the visit can then be refunded.',
  visitFeePartlyCredited: (maxPaise: number) => `A refund of this site visit can be at most ${formatPaise(maxPaise)}: the rest of its fee is credited against the job booked from its quote. Refund the job instead.`,
  refundedOnce: 'This has already been refunded in part after a dispute, and a line or booking is refunded only once, so it cannot be cancelled for a second refund.',
} as const;
