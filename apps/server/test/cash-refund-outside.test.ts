import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Dispute } from '@nirmaan/shared/disputes';
import { auditLog, ledgerEntries } from '../src/db/schema/index.ts';
import { reconcile } from '../src/modules/transfers/service.ts';
import type { TestApp } from './support/app.ts';
import { createProduct } from './support/factories.ts';
import { operatorSessions, type OperatorSessions } from './support/ops.ts';
import { activatePayoutAccount } from './support/payout-accounts.ts';
import { appWithRazorpay, type RazorpayStandIn } from './support/razorpay-app.ts';
import { transferKit } from './support/transfers.ts';

/**
 * A dispute on a cash-on-delivery line (decision record 028): nothing was paid online, so support records a refund
 * it paid to the customer's UPI or bank account outside the gateway. Audited, held to support's limit, once per
 * line; the vendor, who kept the cash, owes its share, netted from its next transfer; its ledger reconciles.
 */

const LIMIT_PAISE = 150_000; // ₹1,500 for support in this app
let t: TestApp;
let rzp: RazorpayStandIn;
let ops: OperatorSessions;
appWithRazorpay(async (started) => {
  ({ t, rzp } = started);
  ops = await operatorSessions(t.app, t.db, '10.94.0');
}, { SUPPORT_REFUND_LIMIT_PAISE: String(LIMIT_PAISE) });
const k = transferKit(() => ({ t, rzp }));

const resolve = (role: keyof OperatorSessions, id: string, body: object) => k.call(ops[role], 'POST', `/api/ops/disputes/${id}/resolve`, body);
const UPI = { method: 'upi', reference: 'UPI-412345678901' } as const;

/** A cash-on-delivery line of `price` from the vendor, delivered, and the customer's open dispute about it. */
async function disputedCashLine(me: Awaited<ReturnType<typeof k.customer>>, v: Awaited<ReturnType<typeof k.vendor>>, price: number) {
  const product = await createProduct(t.db, { vendorId: v.id, price, stock: 50 });
  const order = await k.place(me, [[product.id, 1]], 'cod');
  const lineId = order.lines[0]!.id;
  await k.deliver(v, lineId);
  const opened = await k.call(me.headers, 'POST', '/api/disputes', { lineId, reason: 'damaged', text: 'Half the tiles arrived cracked in the box.' });
  expect(opened.statusCode, opened.body).toBe(201);
  return { ...order, lineId, disputeId: (opened.json() as Dispute).id };
}

describe('a refund paid outside the gateway', () => {
  it('is recorded and audited; the vendor owes its share, netted from its next transfer, and its ledger reconciles', async () => {
    const me = await k.customer();
    const v = await k.vendor();
    const acc = await activatePayoutAccount(t.db, v.id);
    const sale = await disputedCashLine(me, v, 400);

    // Without paidOutside, as before: nothing was paid online.
    expect((await resolve('support', sale.disputeId, { outcome: 'full_refund', reason: 'Cracked tiles' })).statusCode).toBe(409);
    const rejectOutside = await resolve('support', sale.disputeId, { outcome: 'reject', reason: 'Not our fault', paidOutside: UPI });
    expect(rejectOutside.statusCode).toBe(400);
    expect(rejectOutside.json()).toMatchObject({ message: 'A refund paid outside is recorded with full_refund or partial_refund.' });
    expect((await resolve('support', sale.disputeId, { outcome: 'full_refund', reason: 'x y z', paidOutside: { method: 'cash', reference: 'abcd' } })).statusCode).toBe(400);

    const done = await resolve('support', sale.disputeId, { outcome: 'full_refund', reason: 'Cracked tiles, refunded by UPI', paidOutside: UPI });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ status: 'refunded', refundedPaise: 40_000, paidOutside: UPI });
    expect((await k.call(me.headers, 'GET', '/api/disputes')).json().disputes[0]).toMatchObject({ status: 'refunded', refundedPaise: 40_000, paidOutside: UPI });
    const mine = (await k.call(me.headers, 'GET', `/orderdetails/${me.id}`)).json() as { _id: string; paymentStatus: string }[];
    expect(mine.find((l) => l._id === sale.lineId)!.paymentStatus).toBe('Refunded');
    const audit = await t.db.select().from(auditLog).where(and(eq(auditLog.subjectType, 'dispute'), eq(auditLog.subjectId, sale.disputeId)));
    expect(audit).toEqual([expect.objectContaining({ action: 'dispute.full_refund', after: { status: 'refunded', refundedPaise: 40_000, paidOutside: UPI } })]);

    // The vendor kept ₹400 in cash: it owes the ₹20 commission and the ₹380 share of the refund.
    expect((await k.earnings(v)).cashCommissionOwedPaise).toBe(40_000);
    const moved = await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.kind, 'refund paid outside'));
    expect(moved.filter((e) => e.lineId === sale.lineId).map((e) => [e.account, e.amountPaise]).sort()).toEqual([
      ['platform_revenue', 2_000], ['refunds_paid_outside', -40_000], [`vendor_debt:${v.id}`, 38_000],
    ]);
    expect(await reconcile(t.db, v.id)).toMatchObject({ ok: true, problems: [], ledger: { debt: 40_000 } });

    // Its next online sale (₹1,000, ₹950 net) pays ₹400 of it back.
    await k.paidLine(me, v, 1000);
    await k.retryNow();
    expect(k.transfersTo(acc)).toEqual([expect.objectContaining({ amount: 55_000 })]);
    expect((await k.earnings(v)).cashCommissionOwedPaise).toBe(0);
    expect(await reconcile(t.db, v.id)).toMatchObject({ ok: true, problems: [] });
  });

  it('is held to support’s limit, refused on something paid online, and recorded once per line', async () => {
    const me = await k.customer();
    const v = await k.vendor();
    const big = await disputedCashLine(me, v, 2_000);
    const over = await resolve('support', big.disputeId, { outcome: 'full_refund', reason: 'Wrong tiles', paidOutside: UPI });
    expect(over.statusCode).toBe(403);
    expect((await resolve('support', big.disputeId, { outcome: 'partial_refund', amountPaise: 200_001, reason: 'Too much', paidOutside: UPI })).statusCode).toBe(400);
    const half = await resolve('support', big.disputeId, { outcome: 'partial_refund', amountPaise: 100_000, reason: 'Half were wrong', paidOutside: { method: 'bank', reference: 'UTR SBIN626012345' } });
    expect(half.statusCode, half.body).toBe(200);
    // ₹2,000 sale, ₹100 commission: half of the ₹1,900 net is the vendor's share of a ₹1,000 refund.
    expect((await k.earnings(v)).cashCommissionOwedPaise).toBe(10_000 + 95_000);

    const again = await k.call(me.headers, 'POST', '/api/disputes', { lineId: big.lineId, reason: 'damaged', text: 'And the rest cracked later as well.' });
    expect(again.statusCode, again.body).toBe(201);
    const twice = await resolve('admin', (again.json() as Dispute).id, { outcome: 'partial_refund', amountPaise: 50_000, reason: 'Rest', paidOutside: UPI });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ message: 'This line or booking has already been refunded.' });
    expect((await k.earnings(v)).cashCommissionOwedPaise).toBe(105_000);
    expect(await reconcile(t.db, v.id)).toMatchObject({ ok: true, problems: [] });

    const online = await k.deliveredLine(me, v, 300);
    const opened = await k.call(me.headers, 'POST', '/api/disputes', { lineId: online.lineId, reason: 'damaged', text: 'The bag arrived torn and wet inside.' });
    const refused = await resolve('support', (opened.json() as Dispute).id, { outcome: 'full_refund', reason: 'Torn', paidOutside: UPI });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/paid online/);
  });
});
