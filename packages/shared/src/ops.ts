import { z } from 'zod';
import { PASSWORD_MAX, ZEmail } from './auth.ts';

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
  manageOperators: ['admin'],
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
  subjectType: z.enum(['vendor', 'customer', 'operator', 'product_review', 'vendor_review', 'commission_rate']).optional(),
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
export const ZOpsDashboard = z.object({ today: ZFigures, month: ZFigures, vendorsAwaitingApproval: z.number() });
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
} as const;
