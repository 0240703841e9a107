import { z } from 'zod';
import { zIsoDate } from './date-schemas.ts';
import { PASSWORD_MAX, ZEmail } from './auth.ts';
import { ZEarnings } from './earnings.ts';
import { PAYOUT_ACCOUNT_STATUSES, ZPayoutKycMasked } from './payouts.ts';
import { ZVendorDocument } from './vendor-documents.ts';

/**
 * The operator console's contract (`/api/ops/...`). Only the console's lazy chunks and the server import this
 * subpath: the index does not re-export it, so nothing of it enters the customer bundle.
 */

export const OPERATOR_ROLES = ['admin', 'support', 'finance'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

/**
 * Who may do what. admin: everything; support: vendors and customers; finance: money (later) and read-only
 * access elsewhere. The server checks these on every call; the console only hides what a role cannot use.
 */
export const OPS_PERMISSIONS = {
  read: ['admin', 'support', 'finance'],
  decideVendors: ['admin', 'support'],
  blockCustomers: ['admin', 'support'],
  moderateReviews: ['admin', 'support'],
  /** Resolving disputes, and cancelling and refunding orders and bookings (support up to SUPPORT_REFUND_LIMIT_PAISE). */
  resolveDisputes: ['admin', 'support'],
  refundOrders: ['admin', 'support'],
  manageOperators: ['admin'],
  /** Editing commission rates; every role may read them. */
  manageCommission: ['admin'],
  /** GST invoices and credit notes of any buyer or vendor, and the tax reports (decision record 022). */
  readInvoices: ['admin', 'finance'],
  /** Releasing, extending and retrying vendor transfers (docs/decisions/025); every role may read the list. */
  manageTransfers: ['admin', 'finance'],
} as const satisfies Record<string, readonly OperatorRole[]>;
export type OpsPermission = keyof typeof OPS_PERMISSIONS;

export const can = (role: OperatorRole, permission: OpsPermission) => (OPS_PERMISSIONS[permission] as readonly OperatorRole[]).includes(role);

/** Idle and absolute limits of an operator's session. */
export const OPS_SESSION_IDLE_MINUTES = 30;
export const OPS_SESSION_MAX_HOURS = 8;

export const ZOpsLoginBody = z.object({ email: ZEmail, password: z.string().min(1, 'Please enter your email and password.').max(PASSWORD_MAX) });
export const ZOpsVerifyBody = z.object({ email: ZEmail, otp: z.string().trim().regex(/^\d{6}$/, 'Please enter the 6-digit code from the email.') });

export const ZOperatorMe = z.object({ id: z.string(), email: z.string(), name: z.string(), role: z.enum(OPERATOR_ROLES) });
export type OperatorMe = z.infer<typeof ZOperatorMe>;
export const ZOpsLoggedIn = z.object({ message: z.string(), operator: ZOperatorMe });

export const VENDOR_STATUSES = ['pending', 'approved', 'rejected', 'suspended'] as const;
export type VendorStatus = (typeof VENDOR_STATUSES)[number];

const ZQueryText = z.string().trim().max(100).optional();
const ZPage = z.coerce.number().int().min(1).max(10_000).optional();

export const ZOpsVendorListQuery = z.object({ status: z.enum(VENDOR_STATUSES).optional(), q: ZQueryText, page: ZPage });

export const ZOpsVendor = z.object({
  id: z.string(),
  kind: z.enum(['seller', 'professional']),
  businessName: z.string(),
  ownerName: z.string(),
  email: z.string(),
  phone: z.string(),
  city: z.string(),
  businessAddress: z.string(),
  category: z.string(),
  subCategories: z.array(z.string()),
  description: z.string(),
  chargeAmount: z.number().nullable(),
  chargeType: z.string().nullable(),
  status: z.enum(VENDOR_STATUSES),
  rejectionReason: z.string().nullable(),
  createdAt: z.string(),
  approvedAt: z.string().nullable(),
  suspendedAt: z.string().nullable(),
  /**
   * The vendor's payout account at the payment gateway (decision record 018): its status and, once made, the Route
   * linked account id. Never the bank account number. Absent when the server does not say.
   */
  payout: z.object({ status: z.enum(PAYOUT_ACCOUNT_STATUSES), routeAccountId: z.string().nullable(), statusReason: z.string().nullable() }).optional(),
  /**
   * The payout account's KYC as the vendor saved it, for the operator checking it against the documents: the PAN and
   * the bank account number masked (decision record 015, amendment "payout KYC"). Absent before the vendor saves one.
   */
  payoutKyc: ZPayoutKycMasked.optional(),
  /** The vendor's uploaded KYC documents; each `file.url` opens for a logged-in operator. */
  documents: z.array(ZVendorDocument).optional(),
});
export type OpsVendor = z.infer<typeof ZOpsVendor>;
export const ZOpsVendorList = z.object({ vendors: z.array(ZOpsVendor), total: z.number(), page: z.number(), pages: z.number() });
export type OpsVendorList = z.infer<typeof ZOpsVendorList>;

export const REASON_MAX = 500;
/** Rejecting, suspending and blocking need a reason: the vendor is mailed it, and the audit log keeps it. */
export const ZOpsReasonBody = z.object({ reason: z.string().trim().min(3, 'Please give a reason (at least 3 characters).').max(REASON_MAX) });
export const ZOpsOptionalReasonBody = z.object({ reason: z.string().trim().max(REASON_MAX).optional() });

export const ZOpsCustomerListQuery = z.object({ q: ZQueryText, page: ZPage });
export const ZOpsCustomer = z.object({
  id: z.string(),
  fullName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  location: z.string(),
  createdAt: z.string(),
  blockedAt: z.string().nullable(),
});
export type OpsCustomer = z.infer<typeof ZOpsCustomer>;
export const ZOpsCustomerList = z.object({ customers: z.array(ZOpsCustomer), total: z.number(), page: z.number(), pages: z.number() });
export type OpsCustomerList = z.infer<typeof ZOpsCustomerList>;

export const ZOpsCustomerDetail = z.object({
  customer: ZOpsCustomer,
  orders: z.array(z.object({
    id: z.string(), createdAt: z.string(), total: z.number(), paymentMethod: z.string(), paymentStatus: z.string(), items: z.number(),
  })),
  bookings: z.array(z.object({
    id: z.string(), createdAt: z.string(), vendorName: z.string(), serviceDate: z.string(), status: z.string(), totalAmount: z.number(),
  })),
  reviews: z.array(z.object({
    kind: z.enum(['product', 'vendor']), subjectId: z.string(), subjectName: z.string(), rating: z.number(), comment: z.string(), createdAt: z.string(),
  })),
});
export type OpsCustomerDetail = z.infer<typeof ZOpsCustomerDetail>;

export const ZOpsAuditQuery = z.object({
  action: z.string().trim().max(60).optional(),
  subjectType: z.enum(['vendor', 'customer', 'operator', 'product_review', 'vendor_review', 'commission_rate', 'dispute', 'order', 'booking', 'transfer', 'rfq']).optional(),
  subjectId: z.string().trim().max(100).optional(),
  actor: z.string().trim().max(200).optional(),
  /** Entries older than this id (the previous page's last). */
  before: z.coerce.number().int().min(1).optional(),
});
export const ZOpsAuditEntry = z.object({
  id: z.number(),
  at: z.string(),
  actor: z.string(),
  action: z.string(),
  subjectType: z.string(),
  subjectId: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  reason: z.string().nullable(),
});
export type OpsAuditEntry = z.infer<typeof ZOpsAuditEntry>;
export const ZOpsAuditPage = z.object({ entries: z.array(ZOpsAuditEntry), nextBefore: z.number().nullable() });
export type OpsAuditPage = z.infer<typeof ZOpsAuditPage>;

const ZFigures = z.object({ orders: z.number(), gmv: z.number(), bookings: z.number() });
export const ZOpsDashboard = z.object({
  today: ZFigures, month: ZFigures, vendorsAwaitingApproval: z.number(),
  /** Disputes open or answered, awaiting support's decision. */
  openDisputes: z.number().optional(),
  /** Vendor transfers made and still held at the gateway: how many and their sum. */
  heldTransfers: z.object({ count: z.number(), sumPaise: z.number() }).optional(),
  /** Vendor transfers whose last attempt failed (the worker retries them; finance may retry at once). */
  failedTransfers: z.number().optional(),
});
export type OpsDashboard = z.infer<typeof ZOpsDashboard>;

export const OPS_REVIEW_KINDS = ['product', 'vendor'] as const;
const ZOpsId = z.uuid({ message: 'That id is malformed.' });
export const ZOpsReviewListQuery = z.object({
  vendorId: ZOpsId.optional(),
  productId: ZOpsId.optional(),
  /** Only reviews customers reported, most recently reported first. */
  reported: z.enum(['true', 'false']).optional(),
  page: ZPage,
});
export const ZOpsReview = z.object({
  kind: z.enum(OPS_REVIEW_KINDS),
  id: z.string(),
  /** The product's or the vendor's id and name. */
  subjectId: z.string(),
  subjectName: z.string(),
  vendorId: z.string(),
  customerId: z.string().nullable(),
  customerName: z.string(),
  rating: z.number(),
  comment: z.string(),
  createdAt: z.string(),
  hiddenAt: z.string().nullable(),
  hiddenReason: z.string().nullable(),
  reportCount: z.number(),
  lastReportedAt: z.string().nullable(),
});
export type OpsReview = z.infer<typeof ZOpsReview>;
export const ZOpsReviewList = z.object({ reviews: z.array(ZOpsReview), total: z.number(), page: z.number(), pages: z.number() });
export type OpsReviewList = z.infer<typeof ZOpsReviewList>;
/** Hiding and showing a review both need a reason (the audit log keeps it); the kind says which table the id is in. */
export const ZOpsReviewModerationBody = ZOpsReasonBody.extend({ kind: z.enum(OPS_REVIEW_KINDS, 'Please say whether this is a product or a vendor review.') });
export type OpsReviewModerationBody = z.input<typeof ZOpsReviewModerationBody>;

export const OPS_MSG = {
  invalidLogin: 'Invalid email or password.',
  codeSent: 'We have emailed you a 6-digit code. Enter it to finish logging in.',
  passwordFirst: 'Please enter your email and password first; the code works only after them.',
  loginRequired: 'Please log in to the operator console.',
  wrongRole: 'Your operator role does not allow this.',
  vendorNotFound: 'No vendor has this id.',
  customerNotFound: 'No customer has this id.',
  alreadyDecided: 'This vendor has already been decided. Reload the queue to see its state.',
  notApproved: 'Only an approved vendor can be suspended.',
  notSuspended: 'This vendor is not suspended.',
  alreadySuspended: 'This vendor is already suspended.',
  alreadyBlocked: 'This customer is already blocked.',
  notBlocked: 'This customer is not blocked.',
  reviewNotFound: 'No review of this kind has this id.',
  alreadyHidden: 'This review is already hidden.',
  notHidden: 'This review is not hidden.',
  orderNotFound: 'No order has this id.',
  bookingNotFound: 'No booking has this id.',
  disputeNotFound: 'No dispute has this id.',
  overSupportLimit: (limitRupees: string) => `Refunds above ${limitRupees} need an admin: your support role may refund up to ${limitRupees}.`,
  operatorNotFound: 'No operator has this id.',
  notYourself: 'You cannot change your own role or disable your own account; another admin can.',
  sameRole: 'The operator already has this role.',
  alreadyDisabled: 'This operator is already disabled.',
  notDisabled: 'This operator is not disabled.',
} as const;

// Operators (admins only, docs/decisions/015). Creating one stays on the command line (`npm run operator:create`),
// which keeps the new password off the network and out of any browser.

export const ZOpsOperator = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(OPERATOR_ROLES),
  disabled: z.boolean(),
  createdAt: z.string(),
});
export type OpsOperator = z.infer<typeof ZOpsOperator>;
export const ZOpsOperatorList = z.object({ operators: z.array(ZOpsOperator) });
export type OpsOperatorList = z.infer<typeof ZOpsOperatorList>;
export const ZOpsOperatorRoleBody = ZOpsReasonBody.extend({ role: z.enum(OPERATOR_ROLES, 'Please choose a role: admin, support or finance.') });
export type OpsOperatorRoleBody = z.input<typeof ZOpsOperatorRoleBody>;

// Orders and bookings (support's view)

const ZDay = zIsoDate('A date is YYYY-MM-DD.').optional();
export const OPS_ORDER_LINE_STATUSES = ['Pending', 'Shipped', 'Delivered', 'Cancelled'] as const;
export const OPS_BOOKING_STATUSES = ['Pending', 'Confirmed', 'Completed', 'Cancelled', 'Declined', 'In progress'] as const;
export const OPS_PAYMENT_STATUSES = ['Pending', 'Paid', 'Refunded'] as const;

/** q: an order or booking id (or its start); customer and vendor: a name or email; from/to: India dates, inclusive. */
const listFilters = {
  q: ZQueryText, customer: ZQueryText, vendor: ZQueryText, from: ZDay, to: ZDay,
  paymentStatus: z.enum(OPS_PAYMENT_STATUSES).optional(), page: ZPage,
};
export const ZOpsOrderListQuery = z.object({ ...listFilters, status: z.enum(OPS_ORDER_LINE_STATUSES).optional() });
export const ZOpsBookingListQuery = z.object({ ...listFilters, status: z.enum(OPS_BOOKING_STATUSES).optional() });

export const ZOpsOrderSummary = z.object({
  id: z.string(), createdAt: z.string(), customerId: z.string(), customerName: z.string(), customerEmail: z.string(),
  vendors: z.array(z.string()), totalPaise: z.number(), paymentMethod: z.string(), paymentStatus: z.string(), statuses: z.array(z.string()), lines: z.number(),
});
export type OpsOrderSummary = z.infer<typeof ZOpsOrderSummary>;
export const ZOpsOrderList = z.object({ orders: z.array(ZOpsOrderSummary), total: z.number(), page: z.number(), pages: z.number() });

export const ZOpsBookingSummary = z.object({
  id: z.string(), createdAt: z.string(), customerId: z.string(), customerName: z.string(), customerEmail: z.string(), vendorId: z.string(), vendorName: z.string(),
  serviceDate: z.string(), serviceTime: z.string(), status: z.string(), paymentMethod: z.string(), paymentStatus: z.string(), totalPaise: z.number(),
});
export type OpsBookingSummary = z.infer<typeof ZOpsBookingSummary>;
export const ZOpsBookingList = z.object({ bookings: z.array(ZOpsBookingSummary), total: z.number(), page: z.number(), pages: z.number() });

/** One moment of an order's or booking's life, oldest first, vendor transfers included (docs/decisions/025). */
export const ZOpsTimelineEvent = z.object({
  at: z.string(),
  kind: z.enum(['placed', 'paid', 'shipped', 'delivered', 'confirmed', 'completed', 'cancelled', 'declined', 'refund', 'dispute', 'transfer', 'rescheduled']),
  text: z.string(),
  amountPaise: z.number().nullable(),
});
export type OpsTimelineEvent = z.infer<typeof ZOpsTimelineEvent>;

export const ZOpsOrderDetail = z.object({
  order: ZOpsOrderSummary.extend({ deliveryFeePaise: z.number(), shippingAddress: z.unknown() }),
  lines: z.array(z.object({
    id: z.string(), productName: z.string(), vendorId: z.string(), vendorName: z.string(), quantity: z.number(), totalPaise: z.number(),
    status: z.string(), paymentStatus: z.string(), refundedPaise: z.number(),
  })),
  timeline: z.array(ZOpsTimelineEvent),
});
export type OpsOrderDetail = z.infer<typeof ZOpsOrderDetail>;
export const ZOpsBookingDetail = z.object({
  booking: ZOpsBookingSummary.extend({ refundedPaise: z.number() }),
  timeline: z.array(ZOpsTimelineEvent),
});
export type OpsBookingDetail = z.infer<typeof ZOpsBookingDetail>;

// Commission rates (the Money screen)

export const ZOpsCommissionRate = z.object({
  /** `default:materials`, `default:services`, `category:<name>` or `vendor:<id>`. */
  scopeKey: z.string(), label: z.string(), rateBps: z.number(), updatedAt: z.string().nullable(),
});
export type OpsCommissionRate = z.infer<typeof ZOpsCommissionRate>;
export const ZOpsCommissionRates = z.object({ rates: z.array(ZOpsCommissionRate) });
export const ZOpsSetCommissionBody = z.object({
  scope: z.enum(['default', 'category', 'vendor'], 'The scope is default, category or vendor.'),
  /** default: materials or services; category: its name; vendor: the vendor's email. */
  value: z.string().trim().min(1, 'Please name the kind, category or vendor email.').max(200),
  rateBps: z.number('The rate is a whole number of basis points (100 = 1%).').int('The rate is a whole number of basis points (100 = 1%).')
    .min(0, 'A commission rate is between 0% and 100%.').max(10_000, 'A commission rate is between 0% and 100%.'),
  reason: z.string().trim().max(REASON_MAX).optional(),
});
export type OpsSetCommissionBody = z.input<typeof ZOpsSetCommissionBody>;

// Vendor transfers (the Money screen, docs/decisions/025)

/**
 * Where a vendor's transfer stands: awaiting_account (no activated payout account yet), due (queued for the
 * worker), failed (its last attempt failed, or the gateway said so), held (made, on hold at the gateway), released
 * (the hold lifted), reversed (all of it reversed by refunds), cancelled (nothing left to transfer).
 */
export const OPS_TRANSFER_STATUSES = ['awaiting_account', 'due', 'failed', 'held', 'released', 'reversed', 'cancelled'] as const;
export type OpsTransferStatus = (typeof OPS_TRANSFER_STATUSES)[number];
export const ZOpsTransferListQuery = z.object({
  status: z.enum(OPS_TRANSFER_STATUSES, 'Please choose a transfer status from the list.').optional(),
  vendorId: ZOpsId.optional(),
  page: ZPage,
});
export const ZOpsTransfer = z.object({
  id: z.string(),
  vendorId: z.string(),
  vendorName: z.string(),
  orderId: z.string().nullable(),
  bookingId: z.string().nullable(),
  status: z.enum(OPS_TRANSFER_STATUSES),
  /** What the vendor should end with now (after refunds); sentPaise: what the gateway transferred. */
  amountPaise: z.number(),
  sentPaise: z.number().nullable(),
  reversedPaise: z.number(),
  razorpayTransferId: z.string().nullable(),
  gatewayStatus: z.string().nullable(),
  releaseDueAt: z.string().nullable(),
  /** An operator's extension: the hold is not released before this. */
  heldUntil: z.string().nullable(),
  releasedAt: z.string().nullable(),
  attempts: z.number(),
  nextAttemptAt: z.string(),
  createdAt: z.string(),
});
export type OpsTransfer = z.infer<typeof ZOpsTransfer>;
export const ZOpsTransferList = z.object({ transfers: z.array(ZOpsTransfer), total: z.number(), page: z.number(), pages: z.number() });
export type OpsTransferList = z.infer<typeof ZOpsTransferList>;

/**
 * A vendor's ledger for finance (`GET /api/ops/vendors/{id}/ledger`): the balances of the vendor's ledger accounts
 * as positive amounts, what the gateway was asked to transfer and reverse, whether the two reconcile (and, when not,
 * how they differ), and the vendor's earnings as the vendor sees them.
 */
export const ZOpsVendorLedger = z.object({
  vendorId: z.string(),
  vendorName: z.string(),
  /** Owed to the vendor and not transferred yet (awaiting an account, or being transferred). */
  payablePaise: z.number().int(),
  /** Transferred and on hold at the gateway. */
  heldPaise: z.number().int(),
  /** Transferred and released to the vendor. */
  releasedPaise: z.number().int(),
  /** Commission on cash sales the vendor still owes. */
  cashCommissionOwedPaise: z.number().int(),
  transferredPaise: z.number().int(),
  reversedPaise: z.number().int(),
  reconciled: z.boolean(),
  problems: z.array(z.string()),
  earnings: ZEarnings,
  /**
   * What the gateway itself reports for the vendor's linked accounts on the payments of the vendor's transfers (the
   * newest `paymentsChecked` of `paymentsTotal`), and how its net (transferred less reversed) differs from our rows'
   * on those payments: positive when the gateway moved money our rows do not know. Absent without a gateway or when
   * it could not be asked (then a problem says so).
   */
  gateway: z.object({
    transferredPaise: z.number().int(),
    reversedPaise: z.number().int(),
    heldPaise: z.number().int(),
    differencePaise: z.number().int(),
    paymentsChecked: z.number().int(),
    paymentsTotal: z.number().int(),
  }).optional(),
});
export type OpsVendorLedger = z.infer<typeof ZOpsVendorLedger>;

export const TRANSFER_EXTEND_MAX_DAYS = 30;
/** A hold is never extended beyond this many days from now, however many extensions. */
export const TRANSFER_HOLD_MAX_DAYS = 90;
export const ZOpsExtendHoldBody = ZOpsReasonBody.extend({
  days: z.number('Please give the number of days to extend the hold by.').int('Please give a whole number of days.')
    .min(1, `A hold is extended by 1 to ${TRANSFER_EXTEND_MAX_DAYS} days.`).max(TRANSFER_EXTEND_MAX_DAYS, `A hold is extended by 1 to ${TRANSFER_EXTEND_MAX_DAYS} days.`),
});
export type OpsExtendHoldBody = z.input<typeof ZOpsExtendHoldBody>;

export const OPS_TRANSFER_MSG = {
  notFound: 'No transfer has this id.',
  notMade: 'This transfer has not been made yet, so there is no hold at the gateway to release. Its hold starts once it is made.',
  alreadyReleased: 'This transfer has already been released.',
  releaseDue: 'This hold is already due for release; the transfer worker is releasing it.',
  notHoldable: 'This transfer can no longer be held: it has been released, reversed or has nothing to transfer.',
  holdTooLong: `A hold may not reach more than ${TRANSFER_HOLD_MAX_DAYS} days from now.`,
  notFailed: 'Only a failed transfer can be retried; this one did not fail.',
  retryQueued: 'This transfer is already queued for the transfer worker\'s next pass.',
  failedAfterMade: 'This transfer failed at the gateway after it was released or partly reversed, so it cannot be made again from here. Please settle it with the vendor and the gateway.',
} as const;
