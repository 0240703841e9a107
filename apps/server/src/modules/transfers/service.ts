import type { FastifyBaseLogger } from 'fastify';
import type { Earning, EarningState, Earnings } from '@nirmaan/shared';
import { formatPaise, paiseToDecimal, shareOf, sumPaise } from '@nirmaan/shared/money';
import { OPS_MSG, OPS_TRANSFER_MSG, TRANSFER_HOLD_MAX_DAYS, type OpsTransfer, type OpsTransferList, type OpsTransferStatus, type OpsVendorLedger } from '@nirmaan/shared/ops';
import type { Db, Tx } from '../../db/client.ts';
import * as bookings from '../bookings/service.ts';
import * as orders from '../orders/service.ts';
import * as payments from '../payments/service.ts';
import * as payouts from '../payouts/service.ts';
import * as vendors from '../vendors/service.ts';
import * as whatsapp from '../whatsapp/service.ts';
import { AppError, fieldError, notFound } from '../../lib/errors.ts';
import * as repo from './repository.ts';
import { compareWithGateway, type GatewayComparison } from './gateway-check.ts';
import { routeTransferEventOf, type RouteClient, type WebhookBody } from '../../lib/razorpay/route.ts';
import { TransferWorker } from './worker.ts';

/**
 * Money out (decision record 019): each vendor's share of a paid order or booking is an intent row, transferred to
 * their Route linked account on hold by a worker after the commit; delivery releases the hold; refunds reverse the
 * vendor's share; cash sales make a commission debt netted from the next online transfer. Every movement is a
 * balanced set of rows in the append-only ledger. The hook functions below run inside the transaction that makes
 * their moment true (flows/money-events.ts).
 */

export interface Transfers { db: Db; worker: TransferWorker; client: RouteClient | null }

/** Built once in buildApp beside the payments module: its Route client (or none) and the transfer worker. */
export function createTransfers(db: Db, p: payments.Payments, log: FastifyBaseLogger): Transfers {
  const client = p.route;
  // A reversal that lets a waiting refund go asks for that refund at once (the payment worker's sweep would later).
  return { db, client, worker: new TransferWorker(db, client, log, (freed) => payments.refundSoon(p, freed)) };
}

const acct = {
  payable: (v: string) => `vendor_payable:${v}`,
  held: (v: string) => `vendor_held:${v}`,
  released: (v: string) => `gateway_transfers:${v}`,
  debt: (v: string) => `vendor_debt:${v}`,
};
const leg = (account: string, amountPaise: number, vendorId: string | null = null): repo.Leg => ({ account, amountPaise, vendorId });

interface Share { vendorId: string; grossPaise: number; commissionPaise: number }

/** Sale, commission, netting of cash debt, and the transfer intent of one vendor's share. */
async function recordShare(tx: Tx, s: Share, source: repo.Source, razorpayPaymentId: string) {
  const refs = { ...source };
  const v = s.vendorId;
  await repo.appendMovement(tx, 'sale', [leg('customer_payments', s.grossPaise), leg(acct.payable(v), -s.grossPaise, v)], refs);
  await repo.appendMovement(tx, 'commission', [leg(acct.payable(v), s.commissionPaise, v), leg('platform_revenue', -s.commissionPaise)], refs);
  const net = s.grossPaise - s.commissionPaise;
  const netted = await repo.takeDebt(tx, v, net);
  await repo.appendMovement(tx, 'netting', [leg(acct.payable(v), netted, v), leg(acct.debt(v), -netted, v)], refs);
  const routeAccountId = await payouts.activatedRouteAccount(tx, v);
  await repo.insertTransfer(tx, { vendorId: v, ...source, razorpayPaymentId, routeAccountId, amountPaise: net - netted });
}

/** The platform's own revenue taken with a sale (the delivery fee, the booking's service charge). */
async function recordFee(tx: Tx, feePaise: number, source: repo.Source) {
  await repo.appendMovement(tx, 'sale', [leg('customer_payments', feePaise), leg('platform_revenue', -feePaise)], source);
}

/** An online payment was confirmed: one transfer intent per vendor, net of commission and of any cash debt. */
export async function onPaymentConfirmed(tx: Tx, paid: { orderId: string } | { bookingId: string }) {
  const live = await payments.findLive(tx, paid);
  if (!live?.razorpayPaymentId) return;
  if ('bookingId' in paid) {
    const b = (await bookings.findBooking(tx, paid.bookingId))!;
    await recordShare(tx, { vendorId: b.vendorId, grossPaise: b.basePricePaise, commissionPaise: b.commissionPaise ?? 0 }, paid, live.razorpayPaymentId);
    await recordFee(tx, b.serviceChargePaise, paid);
    return;
  }
  const order = (await orders.findOrder(tx, paid.orderId))!;
  const shares = new Map<string, Share>();
  const lines = await orders.linesOfOrder(tx, paid.orderId);
  for (const l of lines) {
    if (l.paymentStatus !== 'Paid') continue;
    const s = shares.get(l.vendorId) ?? { vendorId: l.vendorId, grossPaise: 0, commissionPaise: 0 };
    // A seller's own delivery fee is its revenue, with no commission on it (decision record 034).
    s.grossPaise += orders.lineChargePaise(l);
    s.commissionPaise += l.commissionPaise ?? 0;
    shares.set(l.vendorId, s);
  }
  for (const s of [...shares.values()].sort((a, b) => a.vendorId.localeCompare(b.vendorId))) await recordShare(tx, s, paid, live.razorpayPaymentId);
  await recordFee(tx, orders.platformFeeOf(order, lines), paid);
}

async function owesCommission(tx: Tx, vendorId: string, commissionPaise: number, refs: repo.Refs) {
  if (commissionPaise <= 0) return;
  await repo.addDebt(tx, vendorId, commissionPaise);
  await repo.appendMovement(tx, 'cash commission owed', [leg(acct.debt(vendorId), commissionPaise, vendorId), leg('platform_revenue', -commissionPaise)], refs);
}

const FINAL_LINE = new Set(['Delivered', 'Cancelled']);
const afterDays = (days: number) => new Date(Date.now() + days * 86_400_000);

/**
 * A line was delivered: a cash line's commission becomes the vendor's debt; an online line's transfer is released
 * once every line of that vendor in the order is delivered (or cancelled), else `holdDays` (TRANSFER_HOLD_DAYS) after
 * this delivery.
 */
export async function onLineDelivered(tx: Tx, holdDays: number, order: orders.OrderRow, line: orders.LineRow) {
  if (order.paymentMethod === 'cod') return owesCommission(tx, line.vendorId, line.commissionPaise ?? 0, { orderId: order.id, lineId: line.id });
  const t = await repo.lockTransfer(tx, line.vendorId, { orderId: order.id });
  if (!t) return;
  const lines = (await orders.linesOfOrder(tx, order.id)).filter((l) => l.vendorId === line.vendorId && l.id !== line.id);
  await repo.requestRelease(tx, t.id, lines.every((l) => FINAL_LINE.has(l.status)) ? new Date() : afterDays(holdDays));
}

/** A booking was completed: cash → the commission is owed; online → the vendor's transfer is released. */
export async function onBookingCompleted(tx: Tx, booking: bookings.BookingRow) {
  if (booking.paymentMethod === 'cash') return owesCommission(tx, booking.vendorId, booking.commissionPaise ?? 0, { bookingId: booking.id });
  const t = await repo.lockTransfer(tx, booking.vendorId, { bookingId: booking.id });
  if (t) await repo.requestRelease(tx, t.id, new Date());
}

async function refundedItem(tx: Tx, r: payments.RefundRow) {
  if (r.lineId && r.orderId) {
    const l = (await orders.linesOfOrder(tx, r.orderId)).find((x) => x.id === r.lineId);
    if (!l) return null;
    const gross = orders.lineChargePaise(l);
    return { vendorId: l.vendorId, source: { orderId: r.orderId } as repo.Source, paid: gross, net: gross - (l.commissionPaise ?? 0) };
  }
  if (r.bookingId) {
    const b = await bookings.findBooking(tx, r.bookingId);
    if (!b) return null;
    return { vendorId: b.vendorId, source: { bookingId: b.id } as repo.Source, paid: b.totalAmountPaise, net: b.basePricePaise - (b.commissionPaise ?? 0) };
  }
  return null;
}

/**
 * Whether the money of a made transfer may have left the hold, so that a refund must wait for its reversal: the
 * release was recorded, or a release was attempted and its answer not recorded (a call in flight, or an answer
 * lost), or the gateway settled it to the vendor. A transfer the gateway failed never reached the vendor. A transfer
 * still on hold needs no wait: it cannot be released while a reversal of it is still to make (`releasable`).
 */
const mayBeReleased = (t: repo.TransferRow) => t.gatewayStatus !== 'failed' && (t.releasedAt !== null || t.attempts > 0 || t.settlementId !== null);

/**
 * Refunds of paid lines or bookings were stored: the vendor's share of each (proportional for a partial refund) is
 * taken back: reversed from a made transfer (an intent row, once per refund), or cut from one not made yet. What
 * had been netted against cash debt goes back to the debt. A refund whose share is reversed from money that may have
 * been released to the vendor waits for that reversal (`mayBeReleased`; `recordReversed` lets it go).
 */
export async function onRefundsStored(tx: Tx, refunds: payments.RefundRow[]) {
  for (const r of refunds) {
    const item = await refundedItem(tx, r);
    const refs = { orderId: r.orderId, lineId: r.lineId, bookingId: r.bookingId };
    if (!item) {
      await repo.appendMovement(tx, 'refund', [leg('platform_revenue', r.amountPaise), leg('customer_payments', -r.amountPaise)], refs);
      continue;
    }
    const t = await repo.lockTransfer(tx, item.vendorId, item.source);
    if (!t) continue;
    const v = item.vendorId;
    const share = Math.min(shareOf(r.amountPaise, item.net, item.paid), item.net);
    const cut = Math.min(share, t.amountPaise);
    await repo.reduceTransfer(tx, t.id, cut);
    if (t.razorpayTransferId && cut > 0) {
      await repo.insertReversal(tx, { transferId: t.id, refundId: r.id, amountPaise: cut });
      if (mayBeReleased(t)) await payments.awaitReversal(tx, r.id);
    }
    await repo.appendMovement(tx, 'refund', [leg(acct.payable(v), share, v), leg('platform_revenue', r.amountPaise - share), leg('customer_payments', -r.amountPaise)], { ...refs, transferId: t.id });
    const back = share - cut;
    if (back > 0) {
      await repo.addDebt(tx, v, back);
      await repo.appendMovement(tx, 'netting', [leg(acct.debt(v), back, v), leg(acct.payable(v), -back, v)], { ...refs, transferId: t.id });
    }
  }
}

// ---- gateway webhooks -------------------------------------------------------------------------------------------

/** transfer.processed / transfer.failed / settlement.processed, inside the webhook's transaction (once per event id). */
export async function onRouteWebhook(tx: Tx, event: WebhookBody) {
  const e = routeTransferEventOf(event);
  if (e?.event === 'transfer.processed') {
    await repo.setGatewayStatus(tx, e.transferId, 'processed');
    if (e.settlementId) await repo.setSettled(tx, e.transferId, e.settlementId);
  }
  if (e?.event === 'transfer.failed') await transferFailed(tx, e.transferId);
  if (e?.event === 'settlement.processed') await repo.setSettled(tx, e.transferId, e.settlementId);
}

/**
 * The gateway could not make the transfer: the ledger takes it back and the row is made again by the worker, for
 * what the vendor is owed now plus what was still to be reversed of it (those reversals then apply to the new one).
 * A transfer already released or partly reversed keeps its record and only shows `failed` (an operator's case).
 */
async function transferFailed(tx: Tx, razorpayTransferId: string) {
  const t = await repo.lockTransferByGatewayId(tx, razorpayTransferId);
  if (!t?.sentPaise) return;
  // The money never reached the vendor: refunds waiting for reversals of this transfer may go (the reversals stay).
  await payments.refundsMayGo(tx, await repo.refundsOfPendingReversals(tx, t.id));
  if (t.releasedAt || await repo.reversedOf(tx, t.id) > 0) {
    await repo.setGatewayStatus(tx, razorpayTransferId, 'failed');
    return;
  }
  const v = t.vendorId;
  await repo.appendMovement(tx, 'transfer', [leg(acct.held(v), t.sentPaise, v), leg(acct.payable(v), -t.sentPaise, v)], { transferId: t.id, orderId: t.orderId, bookingId: t.bookingId });
  await repo.resetFailed(tx, t.id, await repo.pendingReversalsOf(tx, t.id));
}

// ---- the worker's records ---------------------------------------------------------------------------------------

/** The gateway made the transfer: recorded with its ledger movement; a cut made meanwhile becomes a reversal. */
export async function recordMade(db: Db, id: string, made: { id: string; amount: number; status: string }) {
  await db.transaction(async (tx) => {
    const t = await repo.lockTransferById(tx, id);
    if (!t || t.razorpayTransferId) return;
    await repo.setMade(tx, id, made.id, made.amount, made.status);
    const v = t.vendorId;
    await repo.appendMovement(tx, 'transfer', [leg(acct.payable(v), made.amount, v), leg(acct.held(v), -made.amount, v)], { transferId: id, orderId: t.orderId, bookingId: t.bookingId });
    if (made.amount > t.amountPaise) await repo.insertReversal(tx, { transferId: id, refundId: null, amountPaise: made.amount - t.amountPaise });
  });
}

export async function recordReleased(db: Db, id: string) {
  await db.transaction(async (tx) => {
    const t = await repo.lockTransferById(tx, id);
    if (!t || t.releasedAt || !t.sentPaise) return;
    await repo.setReleased(tx, id);
    const held = t.sentPaise - await repo.reversedOf(tx, id);
    const v = t.vendorId;
    await repo.appendMovement(tx, 'hold release', [leg(acct.held(v), held, v), leg(acct.released(v), -held, v)], { transferId: id, orderId: t.orderId, bookingId: t.bookingId });
    const owner = (await vendors.vendorContacts(tx, [v])).get(v)?.ownerName ?? '';
    if (held > 0) await whatsapp.notify(tx, { party: 'vendor', id: v }, 'vendor_transfer_released', [owner, formatPaise(held)]);
  });
}

/** The gateway made the reversal: recorded with its ledger movement; the refund waiting for it (if any) may go. */
export async function recordReversed(db: Db, reversalId: string, transferId: string, razorpayReversalId: string): Promise<payments.RefundRow[]> {
  return db.transaction(async (tx) => {
    const t = (await repo.lockTransferById(tx, transferId))!;
    const r = await repo.setReversed(tx, reversalId, razorpayReversalId);
    if (!r) return [];
    const v = t.vendorId;
    await repo.appendMovement(tx, 'reversal', [leg(t.releasedAt ? acct.released(v) : acct.held(v), r.amountPaise, v), leg(acct.payable(v), -r.amountPaise, v)],
      { transferId, orderId: t.orderId, bookingId: t.bookingId });
    return r.refundId ? payments.refundsMayGo(tx, [r.refundId]) : [];
  });
}

/** Waiting money of vendors whose account activated meanwhile becomes transferable (a replay finds nothing). */
export async function attachActivatedAccounts(db: Db) {
  let attached = 0;
  for (const vendorId of await repo.vendorsAwaitingAccount(db, 200)) {
    const account = await payouts.activatedRouteAccount(db, vendorId);
    if (account) attached += (await repo.attachAccount(db, vendorId, account)).length;
  }
  return attached;
}

// ---- reconciliation ---------------------------------------------------------------------------------------------

export interface Reconciliation {
  vendorId: string; ok: boolean; problems: string[];
  ledger: { payable: number; held: number; released: number; debt: number };
  gateway: { transferredPaise: number; reversedPaise: number };
}

/**
 * The vendor's ledger against what the gateway was asked to do (the intent rows): every movement balanced; what
 * is payable equals what is not transferred yet (plus reversals still to be made); held plus released equals what
 * was transferred less what was reversed; the debt account equals the debt row.
 */
export async function reconcile(db: Db | Tx, vendorId: string): Promise<Reconciliation> {
  const b = await repo.balancesOf(db, vendorId);
  const get = (a: string) => b.get(a) ?? 0;
  const ledger = { payable: get(acct.payable(vendorId)), held: get(acct.held(vendorId)), released: get(acct.released(vendorId)), debt: get(acct.debt(vendorId)) };
  const asked = await repo.gatewayAsked(db, vendorId);
  const problems: string[] = [];
  const unbalanced = await repo.unbalancedMovements(db, vendorId);
  if (unbalanced > 0) problems.push(`${unbalanced} unbalanced movements`);
  if (ledger.payable !== -asked.unmade + asked.pendingReversals) problems.push(`payable ${ledger.payable} ≠ −${asked.unmade} not yet transferred + ${asked.pendingReversals} to reverse`);
  if (-(ledger.held + ledger.released) !== asked.sent - asked.reversed) problems.push(`transferred in ledger ${-(ledger.held + ledger.released)} ≠ gateway ${asked.sent - asked.reversed}`);
  if (-ledger.held !== asked.sentHeld - asked.reversedHeld) problems.push(`held in ledger ${-ledger.held} ≠ gateway ${asked.sentHeld - asked.reversedHeld}`);
  const debt = await repo.debtOf(db, vendorId);
  if (ledger.debt !== debt) problems.push(`debt in ledger ${ledger.debt} ≠ ${debt}`);
  return { vendorId, ok: problems.length === 0, problems, ledger, gateway: { transferredPaise: asked.sent, reversedPaise: asked.reversed } };
}

// ---- earnings ---------------------------------------------------------------------------------------------------

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** One order line or booking of the report, as its module gives it, with its transfer's state (if any). */
interface EarningRow {
  kind: 'line' | 'booking'; id: string; orderId: string | null; title: string; at: Date | string; atMicros: bigint;
  paymentMethod: string; paymentStatus: string; grossPaise: number | string; commissionPaise: number | string | null;
  transfer: repo.EarningTransferRow | undefined;
}

function stateOf(r: EarningRow): EarningState {
  if (r.paymentMethod === 'cod' || r.paymentMethod === 'cash') return 'owed';
  if (r.paymentStatus === 'Refunded') return 'reversed';
  const t = r.transfer;
  if (!t?.razorpayTransferId) return t?.routeAccountId ? 'payable' : 'awaiting_account';
  if (t.settlementId) return 'transferred';
  return t.releasedAt ? 'released' : 'on_hold';
}

function toEarning(r: EarningRow): Earning {
  const gross = Number(r.grossPaise);
  const commission = Number(r.commissionPaise ?? 0);
  const state = stateOf(r);
  return {
    kind: r.kind, id: r.id, orderId: r.orderId, title: r.title, date: iso(r.at)!, paymentMethod: r.paymentMethod,
    grossPaise: gross, commissionPaise: commission, netPaise: gross - commission, state,
    holdUntil: state === 'on_hold' ? iso(r.transfer?.releaseDueAt ?? null) : null,
  };
}

/** Newest first, then by id: the order the report always had (to the microsecond, as the database orders them). */
function newestFirst(a: EarningRow, b: EarningRow): number {
  if (a.atMicros !== b.atMicros) return a.atMicros > b.atMicros ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * The vendor's newest `limit` sales that carry money, each module reading its own tables (decision record 031): the
 * orders module's lines, the bookings module's bookings (each at most `limit`, so their merge is bounded), merged
 * newest first; then this module's transfer rows of the ones kept.
 */
async function earningRows(tx: Tx, vendorId: string, limit: number): Promise<EarningRow[]> {
  const lines = (await orders.vendorEarningLines(tx, vendorId, limit))
    .map((l) => ({ ...l, kind: 'line' as const, atMicros: BigInt(l.atMicros), transfer: undefined }));
  const booked = (await bookings.vendorEarningBookings(tx, vendorId, limit))
    .map((b) => ({ ...b, kind: 'booking' as const, orderId: null, atMicros: BigInt(b.atMicros), transfer: undefined }));
  const kept: EarningRow[] = [...lines, ...booked].sort(newestFirst).slice(0, limit);
  const orderIds = [...new Set(kept.flatMap((r) => (r.orderId ? [r.orderId] : [])))];
  const bookingIds = kept.filter((r) => r.kind === 'booking').map((r) => r.id);
  const transfers = await repo.earningTransfers(tx, vendorId, orderIds, bookingIds);
  const ofOrder = new Map(transfers.flatMap((t) => (t.orderId ? [[t.orderId, t] as const] : [])));
  const ofBooking = new Map(transfers.flatMap((t) => (t.bookingId ? [[t.bookingId, t] as const] : [])));
  return kept.map((r) => ({ ...r, transfer: r.orderId ? ofOrder.get(r.orderId) : ofBooking.get(r.id) }));
}

const monthOf = (d: Date | string) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit' }).format(new Date(d));
export const EARNINGS_LIMIT = 1000;

/**
 * The vendor's earnings report (decision record 019). Read from one snapshot (repeatable read): its lines, bookings
 * and transfers are separate reads, and a payment or transfer between two of them would otherwise mismatch.
 */
export async function earnings(db: Db, vendorId: string, now = new Date()): Promise<Earnings> {
  return db.transaction((tx) => earningsIn(tx, vendorId, now), { isolationLevel: 'repeatable read', accessMode: 'read only' });
}

/** The report inside a transaction the caller holds (the operator console's ledger snapshot). */
async function earningsIn(tx: Tx, vendorId: string, now = new Date()): Promise<Earnings> {
  const entries = (await earningRows(tx, vendorId, EARNINGS_LIMIT)).map(toEarning);
  const thisMonth = entries.filter((e) => e.state !== 'reversed' && monthOf(e.date) === monthOf(now));
  const sum = (k: 'grossPaise' | 'commissionPaise' | 'netPaise') => sumPaise(thisMonth.map((e) => e[k]));
  return {
    entries,
    month: { label: new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', month: 'long', year: 'numeric' }).format(now), grossPaise: sum('grossPaise'), commissionPaise: sum('commissionPaise'), netPaise: sum('netPaise') },
    cashCommissionOwedPaise: await repo.debtOf(tx, vendorId),
  };
}

const csvCell = (s: string) => (/[",\n]/.test(s) || /^[=+\-@]/.test(s) ? `"${s.replace(/^([=+\-@])/, "'$1").replace(/"/g, '""')}"` : s);

/** The same entries as CSV (rupees with two decimals; a cell that a spreadsheet would run as a formula is quoted). */
export function earningsCsv(e: Earnings): string {
  const head = 'date,kind,id,order,item,payment,gross,commission,net,state,hold_until';
  const rows = e.entries.map((x) => [x.date, x.kind, x.id, x.orderId ?? '', x.title, x.paymentMethod, paiseToDecimal(x.grossPaise), paiseToDecimal(x.commissionPaise), paiseToDecimal(x.netPaise), x.state, x.holdUntil ?? '']
    .map((c) => csvCell(String(c))).join(','));
  return [head, ...rows].join('\n') + '\n';
}

// ---- the operator console (docs/decisions/025) --------------------------------------------------------------------

/**
 * A vendor's ledger for the console: the ledger accounts' balances turned into positive amounts (the ledger keeps
 * debits positive, so what is owed to the vendor is a negative balance), what the gateway was asked to transfer and
 * reverse, the reconciliation between the two, and the earnings the vendor sees (404 for an unknown vendor). All
 * read from one snapshot (repeatable read): a transfer recorded between two of the reads would otherwise show as a
 * difference. Then, after that transaction, the gateway's own totals for the vendor (`compareWithGateway`): a
 * difference, or a gateway that cannot be asked, is a problem and the ledger does not reconcile.
 */
export async function ledgerForOps(t: Pick<Transfers, 'db' | 'client'>, vendorId: string): Promise<OpsVendorLedger> {
  const ledger = await ledgerSnapshot(t.db, vendorId);
  if (!t.client) return ledger;
  let gateway: GatewayComparison;
  try {
    gateway = await compareWithGateway(t.db, t.client, vendorId);
  } catch {
    return { ...ledger, reconciled: false, problems: [...ledger.problems, 'the gateway could not be asked for its transfers; compare again later'] };
  }
  const problems = gateway.differencePaise === 0 ? ledger.problems
    : [...ledger.problems, `the gateway's net transfers to the vendor differ from ours by ${gateway.differencePaise} (gateway ${gateway.transferredPaise - gateway.reversedPaise})`];
  return { ...ledger, gateway, problems, reconciled: problems.length === 0 };
}

async function ledgerSnapshot(db: Db, vendorId: string): Promise<OpsVendorLedger> {
  return db.transaction(async (tx) => {
    const vendorName = (await vendors.vendorNames(tx, [vendorId])).get(vendorId);
    if (vendorName === undefined) throw notFound(OPS_MSG.vendorNotFound);
    const r = await reconcile(tx, vendorId);
    return {
      vendorId, vendorName,
      // 0 − x, not −x: an empty account is 0, never −0.
      payablePaise: 0 - r.ledger.payable, heldPaise: 0 - r.ledger.held, releasedPaise: 0 - r.ledger.released, cashCommissionOwedPaise: r.ledger.debt,
      transferredPaise: r.gateway.transferredPaise, reversedPaise: r.gateway.reversedPaise,
      reconciled: r.ok, problems: r.problems,
      earnings: await earningsIn(tx, vendorId),
    };
  }, { isolationLevel: 'repeatable read', accessMode: 'read only' });
}

const OPS_PAGE = 50;
const isoOrNull = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

function toOpsTransfer(r: repo.OpsTransferRow, vendorName: string): OpsTransfer {
  return {
    id: r.id, vendorId: r.vendorId, vendorName, orderId: r.orderId, bookingId: r.bookingId, status: r.status as OpsTransferStatus,
    amountPaise: Number(r.amountPaise), sentPaise: r.sentPaise === null ? null : Number(r.sentPaise), reversedPaise: Number(r.reversedPaise),
    razorpayTransferId: r.razorpayTransferId, gatewayStatus: r.gatewayStatus, releaseDueAt: isoOrNull(r.releaseDueAt), heldUntil: isoOrNull(r.heldUntil),
    releasedAt: isoOrNull(r.releasedAt), attempts: r.attempts, nextAttemptAt: new Date(r.nextAttemptAt).toISOString(), createdAt: new Date(r.createdAt).toISOString(),
  };
}

async function named(db: Db | Tx, rows: repo.OpsTransferRow[]) {
  const names = await vendors.vendorNames(db, [...new Set(rows.map((r) => r.vendorId))]);
  return rows.map((r) => toOpsTransfer(r, names.get(r.vendorId) ?? ''));
}

/** The console's list: newest first, 50 a page, by status and vendor. */
export async function listForOps(db: Db, q: { status?: OpsTransferStatus | undefined; vendorId?: string | undefined; page?: number | undefined }): Promise<OpsTransferList> {
  const filter = { status: q.status, vendorId: q.vendorId };
  const total = await repo.countOpsTransfers(db, filter);
  const pages = Math.max(1, Math.ceil(total / OPS_PAGE));
  const page = Math.min(q.page ?? 1, pages);
  const rows = await repo.opsTransfers(db, filter, { limit: OPS_PAGE, offset: (page - 1) * OPS_PAGE });
  return { transfers: await named(db, rows), total, page, pages };
}

export async function getForOps(db: Db | Tx, id: string): Promise<OpsTransfer> {
  const [row] = await named(db, await repo.opsTransfers(db, { id }, { limit: 1, offset: 0 }));
  if (!row) throw notFound(OPS_TRANSFER_MSG.notFound);
  return row;
}

/** The transfers of one order or booking with their reversals, for the console's timeline. */
export async function transfersOf(db: Db, target: { orderId: string } | { bookingId: string }) {
  const rows = await named(db, await repo.opsTransfers(db, target, { limit: 100, offset: 0 }));
  const reversals = await repo.reversalsOfTransfers(db, rows.map((r) => r.id));
  return { transfers: rows, reversals };
}

export const dashboardFigures = (db: Db) => repo.transferFigures(db);

export type OpsTransferAction = 'release' | 'extend' | 'retry';
/** Written inside the action's transaction (the audit row), with the transfer before and after. */
export type OnTransferChanged = (tx: Tx, before: OpsTransfer, after: OpsTransfer) => Promise<void>;

const conflict = (message: string) => new AppError('CONFLICT', message);
const isDue = (t: OpsTransfer) => t.releaseDueAt !== null && Date.parse(t.releaseDueAt) <= Date.now() && (t.heldUntil === null || Date.parse(t.heldUntil) <= Date.now());

/** Why the action cannot start from this state, or null when it can. */
function refusal(action: OpsTransferAction, t: OpsTransfer): string | null {
  if (action === 'release') {
    if (t.status === 'released') return OPS_TRANSFER_MSG.alreadyReleased;
    if (t.razorpayTransferId === null) return OPS_TRANSFER_MSG.notMade;
    if (t.status !== 'held') return OPS_TRANSFER_MSG.notHoldable;
    return isDue(t) ? OPS_TRANSFER_MSG.releaseDue : null;
  }
  if (action === 'extend') {
    if (t.status === 'released') return OPS_TRANSFER_MSG.alreadyReleased;
    return ['reversed', 'cancelled'].includes(t.status) || (t.status === 'failed' && t.razorpayTransferId !== null) ? OPS_TRANSFER_MSG.notHoldable : null;
  }
  if (t.status !== 'failed') return OPS_TRANSFER_MSG.notFailed;
  return t.razorpayTransferId !== null ? OPS_TRANSFER_MSG.failedAfterMade : null;
}

/**
 * An operator's release now, extension by `days`, or retry of a failed transfer, in one transaction: the row is
 * locked (racing requests take turns, and the later ones find the state changed: 409), the state checked, the row
 * changed, and `onChanged` (the audit row) written. The gateway is called by the worker after the commit.
 */
export async function actAsOperator(db: Db, id: string, action: OpsTransferAction, onChanged: OnTransferChanged, days = 0) {
  return db.transaction(async (tx) => {
    if (!(await repo.lockTransferById(tx, id))) throw notFound(OPS_TRANSFER_MSG.notFound);
    const before = await getForOps(tx, id);
    const refused = refusal(action, before);
    if (refused) throw conflict(refused);
    if (action === 'release') await repo.releaseNow(tx, id);
    if (action === 'retry' && !(await repo.queueRetry(tx, id))) throw conflict(OPS_TRANSFER_MSG.retryQueued);
    if (action === 'extend' && !(await repo.extendHold(tx, id, days, TRANSFER_HOLD_MAX_DAYS))) throw fieldError('days', OPS_TRANSFER_MSG.holdTooLong);
    const after = await getForOps(tx, id);
    await onChanged(tx, before, after);
    return after;
  });
}

// ---- refunds paid outside the gateway (decision record 028) ------------------------------------------------------

/** A refund support paid to the customer's UPI or bank account for a cash sale, and what the vendor kept of the sale. */
export interface RefundPaidOutside {
  vendorId: string; amountPaise: number; paidPaise: number; netPaise: number;
  orderId?: string | undefined; lineId?: string | undefined; bookingId?: string | undefined;
}

/**
 * Support refunded a cash sale outside the gateway, in the resolution's transaction: the platform's money went to
 * the customer, while the vendor kept the cash. The vendor's share (refund × net ÷ paid, as an online refund cuts
 * a transfer) becomes its debt, netted from its next transfers like cash commission; the rest is the commission on
 * the refunded part, which the platform gives up.
 */
export async function onRefundPaidOutside(tx: Tx, r: RefundPaidOutside) {
  const v = r.vendorId;
  const share = Math.min(shareOf(r.amountPaise, r.netPaise, r.paidPaise), r.netPaise);
  await repo.addDebt(tx, v, share);
  await repo.appendMovement(tx, 'refund paid outside', [leg(acct.debt(v), share, v), leg('platform_revenue', r.amountPaise - share), leg('refunds_paid_outside', -r.amountPaise)],
    { orderId: r.orderId, lineId: r.lineId, bookingId: r.bookingId });
}
