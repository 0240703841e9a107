import { createHash, randomBytes } from 'node:crypto';
import {
  OPS_MSG, OPS_SESSION_IDLE_MINUTES, OPS_SESSION_MAX_HOURS,
  type OperatorMe, type OperatorRole, type OpsAuditPage, type OpsOperator, type OpsOperatorList, type OpsCustomer, type OpsCustomerDetail, type OpsCustomerList, type OpsDashboard,
  type OpsReview, type OpsReviewList, type OpsVendor, type OpsVendorList, type VendorStatus,
} from '@nirmaan/shared/ops';
import { paiseToRupees } from '@nirmaan/shared/money';
import type { Db, Tx } from '../../db/client.ts';
import { enqueueEmail, type Email } from '../../email/outbox.ts';
import * as whatsapp from '../whatsapp/service.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { OperatorIdentity } from '../../lib/identity.ts';
import type { RateLimiter } from '../../lib/rate-limit.ts';
import * as auth from '../auth/service.ts';
import * as catalogue from '../catalogue/service.ts';
import * as payouts from '../payouts/service.ts';
import * as files from '../files/service.ts';
import * as vendors from '../vendors/service.ts';
import { vendorApprovedEmail, vendorRejectedEmail, vendorSuspendedEmail, vendorUnsuspendedEmail } from './emails.ts';
import * as readModel from './read-model.ts';
import * as repo from './repository.ts';

export const OPS_COOKIE = 'nirmaan_ops';
/** How long after the right password the mailed code may finish the login (the code's own lifetime). */
const LOGIN_PENDING_MINUTES = 10;
/** Failure buckets of their own, so an operator's failures never lock a customer account of the same email. */
const opsBucket = (email: string) => `ops:${email.toLowerCase()}`;

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/** Who made a change, for the audit log: an operator, or the command line (operatorId null). */
export interface Actor { operatorId: string | null; label: string }
export const actorOf = (op: OperatorIdentity): Actor => ({ operatorId: op.id, label: op.email });

// Login: a password, then a mailed code, every time.

/**
 * The first step. A right password mails a code and marks the login pending; it opens nothing by itself.
 * Unknown emails cost the same hash work, and both failures answer the same 401, as the customer login does.
 */
export async function startLogin(db: Db, limiter: RateLimiter, email: string, password: string, ip: string) {
  const slots = await auth.takeLoginSlots(limiter, opsBucket(email), ip);
  const op = await repo.findOperatorByEmail(db, email);
  const usable = op && op.disabledAt === null;
  const ok = usable ? await auth.verifyPassword(op.passwordHash, password) : await auth.verifyPasswordOfNobody(password);
  if (!usable || !ok) throw new AppError('UNAUTHENTICATED', OPS_MSG.invalidLogin);
  await limiter.release(slots);
  await auth.mailLoginCode(db, limiter, op.email, ip);
  await repo.markLoginPending(db, op.id, LOGIN_PENDING_MINUTES);
}

/**
 * The second step: the mailed code (the customer codes' rules: 10 minutes, single use, five tries, but a purpose of
 * its own), after a right password for the same operator. Opens a session and returns its token.
 */
export async function finishLogin(db: Db, limiter: RateLimiter, email: string, otp: string): Promise<{ token: string; operator: OperatorMe }> {
  await auth.checkOperatorCode(db, email, otp);
  const token = randomBytes(32).toString('base64url');
  const opened = await db.transaction(async (tx) => {
    await auth.consumeOperatorWindow(tx, email);
    const pending = await repo.takePendingLogin(tx, email);
    if (!pending) throw new AppError('UNAUTHENTICATED', OPS_MSG.passwordFirst);
    await repo.insertOpsSession(tx, pending.id, hashToken(token));
    return repo.findOperatorByEmail(tx, email);
  });
  await auth.clearLoginFailures(limiter, opsBucket(email));
  return { token, operator: toOperatorMe(opened!) };
}

const toOperatorMe = (op: Pick<repo.Operator, 'id' | 'email' | 'name' | 'role'>): OperatorMe => ({ id: op.id, email: op.email, name: op.name, role: op.role });

/** The operator of an ops cookie's token, or null when absent, unknown, revoked, idle 30 minutes or 8 hours old. */
export async function findOperatorSession(db: Db, token: string | undefined): Promise<OperatorIdentity | null> {
  if (!token || token.length > 100) return null;
  return (await repo.touchOpsSession(db, hashToken(token), OPS_SESSION_IDLE_MINUTES, OPS_SESSION_MAX_HOURS)) ?? null;
}

export const logout = (db: Db, sessionId: string) => repo.revokeOpsSession(db, sessionId);
export const me = (op: OperatorIdentity): OperatorMe => toOperatorMe(op);

/** For other modules' audited changes (commission rates): one entry, inside the caller's transaction. */
export async function appendAudit(tx: Tx, actor: Actor, entry: Omit<repo.AuditEntry, 'operatorId' | 'actor'>) {
  await repo.appendAudit(tx, { ...entry, operatorId: actor.operatorId, actor: actor.label });
}

// Operators: created on the command line; listed, re-roled, disabled and enabled by admins in the console

export const OPERATOR_PASSWORD_MIN = 12;

/** A new operator with a password; written to the audit log in the same transaction. */
export async function createOperator(db: Db, actor: Actor, values: { email: string; name: string; role: OperatorRole; password: string }) {
  if (values.password.length < OPERATOR_PASSWORD_MIN) throw new AppError('BAD_REQUEST', `Operator passwords need at least ${OPERATOR_PASSWORD_MIN} characters.`);
  auth.assertAcceptablePassword(values.password);
  const passwordHash = await auth.hashPassword(values.password);
  try {
    return await db.transaction(async (tx) => {
      const op = await repo.insertOperator(tx, { email: values.email, name: values.name, role: values.role, passwordHash });
      await repo.appendAudit(tx, {
        operatorId: actor.operatorId, actor: actor.label, action: 'operator.create', subjectType: 'operator', subjectId: op.id,
        before: null, after: { email: op.email, name: op.name, role: op.role }, reason: null,
      });
      return op;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('CONFLICT', `An operator with the email ${values.email} already exists.`);
    throw err;
  }
}

/** An admin's change to another operator: a new role, or disabled (every session ends) or enabled again. */
export type OperatorChange = { role: OperatorRole } | { disabled: boolean };

const toOpsOperator = (op: repo.Operator): OpsOperator => ({
  id: op.id, email: op.email, name: op.name, role: op.role, disabled: op.disabledAt !== null, createdAt: op.createdAt.toISOString(),
});

export async function listOperators(db: Db): Promise<OpsOperatorList> {
  return { operators: (await repo.listOperators(db)).map(toOpsOperator) };
}

function refusal(before: repo.Operator, change: OperatorChange): string | null {
  if ('role' in change) return before.role === change.role ? OPS_MSG.sameRole : null;
  if (change.disabled) return before.disabledAt ? OPS_MSG.alreadyDisabled : null;
  return before.disabledAt ? null : OPS_MSG.notDisabled;
}

/**
 * Changes another operator's role, or disables or enables them, audited in the same transaction. Never oneself,
 * and only while the actor is still an active admin, judged under the lock on every active admin's row and the
 * target's: two admins disabling or demoting each other at once take turns, and the second finds they are no
 * longer admin (403), so Nirmaan always keeps at least one active admin.
 */
export async function changeOperator(db: Db, actor: Actor, id: string, change: OperatorChange, reason: string | null): Promise<OpsOperator> {
  if (actor.operatorId === id) throw new AppError('CONFLICT', OPS_MSG.notYourself);
  return db.transaction(async (tx) => {
    const locked = await repo.lockAdminsAnd(tx, id);
    const admins = locked.filter((o) => o.role === 'admin' && o.disabledAt === null).map((o) => o.id);
    if (!actor.operatorId || !admins.includes(actor.operatorId)) throw new AppError('FORBIDDEN', OPS_MSG.wrongRole);
    const before = locked.find((o) => o.id === id);
    if (!before) throw notFound(OPS_MSG.operatorNotFound);
    const refused = refusal(before, change);
    if (refused) throw new AppError('CONFLICT', refused);
    const after = 'role' in change ? await repo.setOperatorRole(tx, id, change.role) : await repo.setOperatorDisabled(tx, id, change.disabled);
    const action = 'role' in change ? 'operator.role' : change.disabled ? 'operator.disable' : 'operator.enable';
    const summary = (op: repo.Operator) => ({ role: op.role, disabled: op.disabledAt !== null });
    await repo.appendAudit(tx, { operatorId: actor.operatorId, actor: actor.label, action, subjectType: 'operator', subjectId: id, before: summary(before), after: summary(after), reason });
    return toOpsOperator(after);
  });
}

// Vendors

export type VendorAction = 'approve' | 'reject' | 'suspend' | 'unsuspend';

/** Which state each decision starts from: a decided vendor is not decided again, so racing decisions give one. */
const ALLOWED_FROM: Record<VendorAction, { from: VendorStatus; refusal: string }> = {
  approve: { from: 'pending', refusal: OPS_MSG.alreadyDecided },
  reject: { from: 'pending', refusal: OPS_MSG.alreadyDecided },
  suspend: { from: 'approved', refusal: OPS_MSG.notApproved },
  unsuspend: { from: 'suspended', refusal: OPS_MSG.notSuspended },
};

const stateForAudit = (s: vendors.VendorReviewState) => ({
  status: vendors.statusOf(s), approvedAt: s.approvedAt, rejectedAt: s.rejectedAt, rejectionReason: s.rejectionReason, suspendedAt: s.suspendedAt,
});

function mailFor(action: VendorAction, v: vendors.VendorReviewState, reason: string | null): Email {
  switch (action) {
    case 'approve': return vendorApprovedEmail(v);
    case 'reject': return vendorRejectedEmail(v, reason ?? '');
    case 'suspend': return vendorSuspendedEmail(v, reason ?? '');
    case 'unsuspend': return vendorUnsuspendedEmail(v);
  }
}

/**
 * One decision on a vendor: the row is locked, the state checked, changed, audited and the vendor mailed, all
 * in one transaction. A racing second decision waits for the lock, then finds the vendor decided: 409.
 */
export async function decideVendor(db: Db, actor: Actor, target: { id: string } | { email: string }, action: VendorAction, reason: string | null) {
  return db.transaction(async (tx) => {
    const before = await vendors.lockReviewState(tx, target);
    if (!before) throw notFound(OPS_MSG.vendorNotFound);
    const rule = ALLOWED_FROM[action];
    if (vendors.statusOf(before) !== rule.from) throw new AppError('CONFLICT', rule.refusal);
    const change: vendors.ReviewChange = action === 'reject' ? { kind: 'reject', reason: reason ?? '' } : { kind: action };
    const after = await vendors.changeReviewState(tx, before.id, change);
    await repo.appendAudit(tx, {
      operatorId: actor.operatorId, actor: actor.label, action: `vendor.${action}`, subjectType: 'vendor', subjectId: before.id,
      before: stateForAudit(before), after: stateForAudit(after), reason,
    });
    await enqueueEmail(tx, mailFor(action, after, reason));
    const decision = action === 'approve' || action === 'unsuspend' ? 'approved' : action === 'reject' ? 'rejected' : 'suspended';
    await whatsapp.notify(tx, { party: 'vendor', id: after.id }, 'vendor_approval', (language) => [after.ownerName, whatsapp.WORDS.approval[decision][language]]);
    return after;
  });
}

/**
 * The cached public answers that may show a vendor: its own pages, the lists and searches, and each of its
 * product pages. Evicted after a decision commits (with Redis, in every server process).
 */
export async function publicCacheTags(db: Db, vendorId: string) {
  return ['vendors', `vendor:${vendorId}`, 'products', ...(await catalogue.productIdsOfVendor(db, vendorId)).map((id) => `product:${id}`)];
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toOpsVendor(v: readModel.OpsVendorRow): OpsVendor {
  const status = vendors.statusOf(v);
  return {
    id: v.id, kind: v.kind, businessName: v.businessName, ownerName: v.ownerName, email: v.email, phone: v.phone, city: v.city,
    businessAddress: v.businessAddress, category: v.category, subCategories: v.subCategories, description: v.description,
    chargeAmount: v.chargeAmountPaise === null ? null : paiseToRupees(v.chargeAmountPaise), chargeType: v.chargeType, status, rejectionReason: status === 'rejected' ? v.rejectionReason : null,
    createdAt: v.createdAt.toISOString(), approvedAt: iso(v.approvedAt), suspendedAt: iso(v.suspendedAt),
  };
}

export const PAGE_SIZE = 50;

function paging(total: number, asked: number | undefined) {
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const page = Math.min(asked ?? 1, pages);
  return { page, pages, offset: (page - 1) * PAGE_SIZE };
}

export async function listVendors(db: Db, q: { status?: VendorStatus | undefined; q?: string | undefined; page?: number | undefined }): Promise<OpsVendorList> {
  const query = { status: q.status, text: q.q || undefined };
  const total = await readModel.countVendors(db, query);
  const { page, pages, offset } = paging(total, q.page);
  const rows = await readModel.listVendors(db, query, { limit: PAGE_SIZE, offset });
  const accounts = await payouts.accountsForOperators(db, rows.map((r) => r.id));
  return { vendors: await withDocuments(db, rows.map((r) => withPayout(toOpsVendor(r), accounts.get(r.id)))), total, page, pages };
}

/** Each vendor's uploaded KYC documents, as links an operator opens (GET /api/files/{id}). */
async function withDocuments(db: Db, list: OpsVendor[]): Promise<OpsVendor[]> {
  const documents = await files.documentsOfVendors(db, list.map((v) => v.id));
  return list.map((v) => ({ ...v, documents: documents.get(v.id) ?? [] }));
}

export async function getVendor(db: Db, id: string): Promise<OpsVendor> {
  const row = await readModel.findVendor(db, id);
  if (!row) throw notFound(OPS_MSG.vendorNotFound);
  const [vendor] = await withDocuments(db, [withPayout(toOpsVendor(row), (await payouts.accountsForOperators(db, [id])).get(id))]);
  return vendor!;
}

/**
 * The payout account's status at the gateway (decision record 018) and its KYC, masked by the payouts service,
 * when the vendor has saved one.
 */
const withPayout = (v: OpsVendor, account: payouts.AccountForOperators | undefined): OpsVendor => (account ? { ...v, payout: account.status, payoutKyc: account.kyc } : v);

// Customers

type CustomerRow = NonNullable<Awaited<ReturnType<typeof readModel.findCustomer>>>;
const toOpsCustomer = (c: CustomerRow): OpsCustomer => ({
  id: c.id, fullName: c.fullName, email: c.email, phone: c.phone, location: c.location, createdAt: c.createdAt.toISOString(), blockedAt: iso(c.blockedAt),
});

export async function searchCustomers(db: Db, q: { q?: string | undefined; page?: number | undefined }): Promise<OpsCustomerList> {
  const text = q.q || undefined;
  const total = await readModel.countCustomers(db, text);
  const { page, pages, offset } = paging(total, q.page);
  const rows = await readModel.searchCustomers(db, text, { limit: PAGE_SIZE, offset });
  return { customers: rows.map(toOpsCustomer), total, page, pages };
}

export async function getCustomer(db: Db, id: string): Promise<OpsCustomerDetail> {
  const customer = await readModel.findCustomer(db, id);
  if (!customer) throw notFound(OPS_MSG.customerNotFound);
  const [orderRows, bookingRows, reviews] = await Promise.all([readModel.customerOrders(db, id), readModel.customerBookings(db, id), readModel.customerReviews(db, id)]);
  return {
    customer: toOpsCustomer(customer),
    orders: orderRows.map((o) => ({ id: o.id, createdAt: o.createdAt.toISOString(), total: paiseToRupees(o.totalPaise), paymentMethod: o.paymentMethod, paymentStatus: o.paymentStatus, items: Number(o.items) })),
    bookings: bookingRows.map((b) => ({
      id: b.id, createdAt: b.createdAt.toISOString(), vendorName: b.vendorName, serviceDate: String(b.serviceDate), status: b.status, totalAmount: paiseToRupees(b.totalAmountPaise),
    })),
    reviews: [
      ...reviews.ofProducts.map((r) => ({ kind: 'product' as const, ...r, createdAt: r.createdAt.toISOString() })),
      ...reviews.ofVendors.map((r) => ({ kind: 'vendor' as const, ...r, createdAt: r.createdAt.toISOString() })),
    ].sort((a, b) => b.createdAt.localeCompare(a.createdAt)),
  };
}

/** Blocks or unblocks a customer: locked, changed, sessions revoked (on a block) and audited in one transaction. */
export async function setCustomerBlocked(db: Db, actor: Actor, id: string, blocked: boolean, reason: string | null): Promise<OpsCustomer> {
  await db.transaction(async (tx: Tx) => {
    const before = await auth.lockCustomer(tx, id);
    if (!before) throw notFound(OPS_MSG.customerNotFound);
    if ((before.blockedAt !== null) === blocked) throw new AppError('CONFLICT', blocked ? OPS_MSG.alreadyBlocked : OPS_MSG.notBlocked);
    const after = await auth.setCustomerBlocked(tx, id, blocked);
    await repo.appendAudit(tx, {
      operatorId: actor.operatorId, actor: actor.label, action: blocked ? 'customer.block' : 'customer.unblock', subjectType: 'customer', subjectId: id,
      before: { blockedAt: before.blockedAt }, after: { blockedAt: after.blockedAt }, reason,
    });
  });
  return toOpsCustomer((await readModel.findCustomer(db, id))!);
}

// Reviews

export type ReviewKind = 'product' | 'vendor';
const isoOf = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

function toOpsReview(r: readModel.OpsReviewRow): OpsReview {
  return {
    kind: r.kind, id: r.id, subjectId: r.subject_id, subjectName: r.subject_name, vendorId: r.vendor_id, customerId: r.customer_id,
    customerName: r.customer_name, rating: Number(r.rating), comment: r.comment, createdAt: isoOf(r.created_at)!, hiddenAt: isoOf(r.hidden_at),
    hiddenReason: r.hidden_reason, reportCount: Number(r.report_count), lastReportedAt: isoOf(r.last_reported_at),
  };
}

export async function listReviews(db: Db, q: { vendorId?: string | undefined; productId?: string | undefined; reported?: 'true' | 'false' | undefined; page?: number | undefined }): Promise<OpsReviewList> {
  const query = { vendorId: q.vendorId, productId: q.productId, reported: q.reported === 'true' };
  const total = await readModel.countReviews(db, query);
  const { page, pages, offset } = paging(total, q.page);
  const rows = await readModel.listReviews(db, query, { limit: PAGE_SIZE, offset });
  return { reviews: rows.map(toOpsReview), total, page, pages };
}

export async function getReview(db: Db, kind: ReviewKind, id: string): Promise<OpsReview> {
  const row = await readModel.findReview(db, kind, id);
  if (!row) throw notFound(OPS_MSG.reviewNotFound);
  return toOpsReview(row);
}

// The audit log and the dashboard

const AUDIT_PAGE = 100;

export async function listAudit(db: Db, filter: repo.AuditFilter): Promise<OpsAuditPage> {
  const rows = await repo.listAudit(db, filter, AUDIT_PAGE + 1);
  const entries = rows.slice(0, AUDIT_PAGE).map((r) => ({
    id: Number(r.id), at: r.at.toISOString(), actor: r.actor, action: r.action, subjectType: r.subjectType, subjectId: r.subjectId,
    before: r.before, after: r.after, reason: r.reason,
  }));
  return { entries, nextBefore: rows.length > AUDIT_PAGE ? entries[entries.length - 1]!.id : null };
}

export async function dashboard(db: Db): Promise<OpsDashboard> {
  const f = await readModel.dashboardFigures(db);
  return {
    today: { orders: f.ordersToday, gmv: paiseToRupees(f.gmvToday), bookings: f.bookingsToday },
    month: { orders: f.ordersMonth, gmv: paiseToRupees(f.gmvMonth), bookings: f.bookingsMonth },
    vendorsAwaitingApproval: f.pendingVendors,
  };
}
