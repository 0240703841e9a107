import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DISPUTE_MSG } from '@nirmaan/shared/disputes';
import { OPS_MSG, OPS_TRANSFER_MSG, type OpsDashboard, type OpsOrderDetail, type OpsTransfer, type OpsTransferList, type OpsVendorLedger } from '@nirmaan/shared/ops';
import { auditLog, ledgerEntries, orderLines, paymentRefunds, vendorTransfers } from '../src/db/schema/index.ts';
import { queueRetry } from '../src/modules/transfers/repository.ts';
import { routeClient } from '../src/lib/razorpay/route.ts';
import type { TestApp } from './support/app.ts';
import { createProduct } from './support/factories.ts';
import { createOperator, loginOperator, opsCookie } from './support/ops.ts';
import { activatePayoutAccount } from './support/payout-accounts.ts';
import { appWithRazorpay, type RazorpayStandIn } from './support/razorpay-app.ts';
import { transferKit } from './support/transfers.ts';

/**
 * The console's money screens (docs/decisions/025): vendor transfers listed by status and vendor; finance and
 * admins release a hold now, extend it, or retry a failed transfer, each audited and each holding under 40 racing
 * requests; support reads only. The order timeline shows shipping, cancelling and the transfers, and the dashboard
 * counts held and failed transfers. Against the local Razorpay Route stand-in.
 */

let t: TestApp;
let rzp: RazorpayStandIn;
const as: Record<'admin' | 'support' | 'finance', Record<string, string>> = { admin: {}, support: {}, finance: {} };
appWithRazorpay(async (started) => {
  ({ t, rzp } = started);
  for (const [i, role] of (['admin', 'support', 'finance'] as const).entries()) {
    const op = await createOperator(t.db, role);
    as[role] = opsCookie((await loginOperator(t.app, op.email, `10.91.0.${i + 1}`)).token);
  }
});
const k = transferKit(() => ({ t, rzp }));
const ops = (headers: Record<string, string>, method: 'GET' | 'POST', url: string, payload?: object) => k.call(headers, method, url, payload);
const auditOf = (id: string) => t.db.select().from(auditLog).where(and(eq(auditLog.subjectType, 'transfer'), eq(auditLog.subjectId, id)));
const count = (answers: { statusCode: number }[], code: number) => answers.filter((r) => r.statusCode === code).length;
const race = (n: number, call: () => ReturnType<typeof ops>) => Promise.all(Array.from({ length: n }, call));

/** A paid, undelivered order of one vendor with an activated account, its transfer made on hold at the gateway. */
async function heldTransfer(price = 400) {
  const me = await k.customer();
  const v = await k.vendor();
  const account = await activatePayoutAccount(t.db, v.id);
  const p = await createProduct(t.db, { vendorId: v.id, price });
  const order = await k.paidOrder(me, [[p.id, 1]]);
  await k.retryNow();
  const [row] = await t.db.select().from(vendorTransfers).where(eq(vendorTransfers.orderId, order.orderId));
  return { me, v, account, order, id: row!.id };
}

async function listed(query: string) {
  const res = await ops(as.support, 'GET', `/api/ops/transfers?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as OpsTransferList;
}

describe('the transfers list', () => {
  it('filters by status and vendor, for every role', async () => {
    const h = await heldTransfer();
    expect((await listed(`vendorId=${h.v.id}`)).transfers).toEqual([expect.objectContaining({ id: h.id, status: 'held', orderId: h.order.orderId, amountPaise: 38_000, sentPaise: 38_000 })]);
    expect((await listed(`vendorId=${h.v.id}&status=released`)).transfers).toEqual([]);
    expect((await listed('status=held')).transfers.map((x) => x.id)).toContain(h.id);
    const bad = await ops(as.finance, 'GET', '/api/ops/transfers?status=lost');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Please choose a transfer status from the list.');
  });
});

describe('releasing a hold now', () => {
  it('finance releases it through the worker: released at the gateway, audited with before, after and reason; again → 409', async () => {
    const h = await heldTransfer();
    const res = await ops(as.finance, 'POST', `/api/ops/transfers/${h.id}/release`, { reason: 'Customer confirmed receipt by phone' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: h.id, status: 'released' });
    expect(k.transfersTo(h.account)[0]!.on_hold).toBe(false);
    const [entry] = await auditOf(h.id);
    expect(entry).toMatchObject({ action: 'transfer.release', reason: 'Customer confirmed receipt by phone', before: expect.objectContaining({ status: 'held', releaseDueAt: null }) });
    expect((entry!.after as { releaseDueAt: string | null }).releaseDueAt).not.toBeNull();

    const again = await ops(as.admin, 'POST', `/api/ops/transfers/${h.id}/release`, { reason: 'Once more' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(OPS_TRANSFER_MSG.alreadyReleased);
  });

  it('40 racing releases give one 200, thirty-nine 409s and one audit row; support 403; a reason is needed', async () => {
    const h = await heldTransfer();
    expect((await ops(as.support, 'POST', `/api/ops/transfers/${h.id}/release`, { reason: 'Please release' })).statusCode).toBe(403);
    expect((await ops(as.finance, 'POST', `/api/ops/transfers/${h.id}/release`, {})).statusCode).toBe(400);
    rzp.route.state.down = true; // the worker cannot release at once: every racer sees the same held row
    const answers = await race(40, () => ops(as.finance, 'POST', `/api/ops/transfers/${h.id}/release`, { reason: 'Delivered, per courier' }));
    rzp.route.state.down = false;
    expect(count(answers, 200)).toBe(1);
    expect(count(answers, 409)).toBe(39);
    expect(answers.find((r) => r.statusCode === 409)!.json().message).toMatch(/already due for release|already been released/);
    expect(await auditOf(h.id)).toHaveLength(1);
    await k.retryNow();
    expect(k.transfersTo(h.account)[0]!.on_hold).toBe(false);
  });

  it('refuses a transfer not made yet (409) and an unknown id (404)', async () => {
    rzp.route.state.down = true;
    const h = await heldTransfer();
    rzp.route.state.down = false;
    const res = await ops(as.finance, 'POST', `/api/ops/transfers/${h.id}/release`, { reason: 'Release it' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(OPS_TRANSFER_MSG.notMade);
    const none = await ops(as.finance, 'POST', '/api/ops/transfers/00000000-0000-4000-8000-000000000000/release', { reason: 'Release it' });
    expect(none.statusCode).toBe(404);
  });
});

describe('extending a hold', () => {
  it('keeps the hold through delivery until the extension ends; bounded per call and in total, under 40 racing extensions', async () => {
    const h = await heldTransfer();
    const res = await ops(as.finance, 'POST', `/api/ops/transfers/${h.id}/extend`, { days: 5, reason: 'Quality complaint under review' });
    expect(res.statusCode, res.body).toBe(200);
    const extended = res.json() as OpsTransfer;
    expect(Date.parse(extended.heldUntil!)).toBeGreaterThan(Date.now() + 4.9 * 86_400_000);
    await k.deliver(h.v, h.order.lines[0]!.id);
    await k.retryNow();
    expect(k.transfersTo(h.account)[0]!.on_hold).toBe(true);
    expect((await listed(`vendorId=${h.v.id}`)).transfers[0]).toMatchObject({ status: 'held', heldUntil: extended.heldUntil });
    // The vendor's Earnings show the extended date, not the delivery's.
    expect((await k.earnings(h.v)).entries[0]).toMatchObject({ state: 'on_hold', holdUntil: extended.heldUntil });

    const tooMany = await ops(as.finance, 'POST', `/api/ops/transfers/${h.id}/extend`, { days: 31, reason: 'Longer' });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.body).toContain('A hold is extended by 1 to 30 days.');
    // 5 days held already: of 40 racing 30-day extensions two fit under 90 days from now, the rest are refused.
    const answers = await race(40, () => ops(as.admin, 'POST', `/api/ops/transfers/${h.id}/extend`, { days: 30, reason: 'Still reviewing' }));
    expect(count(answers, 200)).toBe(2);
    expect(count(answers, 400)).toBe(38);
    expect(answers.find((r) => r.statusCode === 400)!.body).toContain(OPS_TRANSFER_MSG.holdTooLong);
    const [row] = await t.db.select().from(vendorTransfers).where(eq(vendorTransfers.id, h.id));
    expect(row!.heldUntil!.getTime()).toBeLessThanOrEqual(Date.now() + 90 * 86_400_000);
    expect(await auditOf(h.id)).toHaveLength(3);

    // Release now lifts the extension: the worker releases at once.
    const released = await ops(as.finance, 'POST', `/api/ops/transfers/${h.id}/release`, { reason: 'Review closed in the vendor’s favour' });
    expect(released.json()).toMatchObject({ status: 'released', heldUntil: null });
    const late = await ops(as.finance, 'POST', `/api/ops/transfers/${h.id}/extend`, { days: 2, reason: 'Too late' });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(OPS_TRANSFER_MSG.alreadyReleased);
  });
});

describe('retrying a failed transfer', () => {
  it('only a failed one; 40 racing retries queue it once, and the worker makes it after the commit', async () => {
    const held = await heldTransfer();
    const notFailed = await ops(as.finance, 'POST', `/api/ops/transfers/${held.id}/retry`, { reason: 'Try again' });
    expect(notFailed.statusCode).toBe(409);
    expect(notFailed.json().message).toBe(OPS_TRANSFER_MSG.notFailed);

    const before = (await ops(as.finance, 'GET', '/api/ops/dashboard')).json() as OpsDashboard;
    rzp.route.state.down = true;
    const h = await heldTransfer(300);
    rzp.route.state.down = false;
    // The worker backed off after the failure; a long back-off, so the retry is what moves it.
    await t.db.update(vendorTransfers).set({ nextAttemptAt: new Date(Date.now() + 3_600_000) }).where(eq(vendorTransfers.id, h.id));
    expect((await listed(`vendorId=${h.v.id}&status=failed`)).transfers).toHaveLength(1);
    const during = (await ops(as.finance, 'GET', '/api/ops/dashboard')).json() as OpsDashboard;
    expect(during.failedTransfers).toBe((before.failedTransfers ?? 0) + 1);
    expect(k.transfersTo(h.account)).toEqual([]);

    const answers = await race(40, () => ops(as.finance, 'POST', `/api/ops/transfers/${h.id}/retry`, { reason: 'Gateway back up' }));
    expect(count(answers, 200)).toBe(1);
    expect(count(answers, 409)).toBe(39);
    expect(answers.find((r) => r.statusCode === 409)!.json().message).toMatch(/already queued|did not fail/);
    expect(await auditOf(h.id)).toEqual([expect.objectContaining({ action: 'transfer.retry', before: expect.objectContaining({ status: 'failed' }) })]);
    await k.retryNow();
    expect(k.transfersTo(h.account)).toEqual([expect.objectContaining({ amount: 28_500, on_hold: true })]);
    expect((await listed(`vendorId=${h.v.id}`)).transfers[0]!.status).toBe('held');
  });

  // CI caught two of 40 succeeding on PostgreSQL: a retry whose transaction began before the winner's, and then
  // waited for its row lock, compared the winner's "queued at" with its own older `now()`. Made deterministic here.
  it.skipIf(!process.env.DATABASE_URL)('a retry whose transaction began before the winner’s still finds it queued', async () => {
    rzp.route.state.down = true;
    const h = await heldTransfer(300);
    rzp.route.state.down = false;
    await t.db.update(vendorTransfers).set({ nextAttemptAt: new Date(Date.now() + 3_600_000) }).where(eq(vendorTransfers.id, h.id));
    const late = await t.db.transaction(async (tx) => {
      await tx.execute(sql`select now()`);
      await new Promise((r) => setTimeout(r, 20));
      // The winner, in a transaction that began later (straight to the repository, so no worker makes it meanwhile).
      expect(await t.db.transaction((winner) => queueRetry(winner, h.id))).toBeDefined();
      return queueRetry(tx, h.id);
    });
    expect(late).toBeUndefined();
    await k.retryNow();
    expect(k.transfersTo(h.account)).toEqual([expect.objectContaining({ amount: 28_500, on_hold: true })]);
  });
});

describe('a vendor’s ledger', () => {
  const ledgerOf = async (headers: Record<string, string>, vendorId: string) => {
    const res = await ops(headers, 'GET', `/api/ops/vendors/${vendorId}/ledger`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as OpsVendorLedger;
  };

  it('shows what is held, released and owed, what the gateway moved, and that it reconciles, to every role', async () => {
    const h = await heldTransfer();
    expect(await ledgerOf(as.support, h.v.id)).toMatchObject({
      vendorId: h.v.id, vendorName: h.v.businessName, payablePaise: 0, heldPaise: 38_000, releasedPaise: 0, cashCommissionOwedPaise: 0,
      transferredPaise: 38_000, reversedPaise: 0, reconciled: true, problems: [],
      earnings: { entries: [expect.objectContaining({ state: 'on_hold', grossPaise: 40_000, commissionPaise: 2_000, netPaise: 38_000 })] },
    });

    // A delivered cash sale: the vendor owes its commission. The online line delivered: its hold is released.
    const cash = await createProduct(t.db, { vendorId: h.v.id, price: 100 });
    const cod = await k.place(h.me, [[cash.id, 1]], 'cod');
    await k.deliver(h.v, cod.lines[0]!.id);
    await k.deliver(h.v, h.order.lines[0]!.id);
    await k.retryNow();
    const after = await ledgerOf(as.finance, h.v.id);
    expect(after).toMatchObject({ payablePaise: 0, heldPaise: 0, releasedPaise: 38_000, cashCommissionOwedPaise: 500, transferredPaise: 38_000, reconciled: true });
    expect(after.earnings.entries.map((e) => e.state).sort()).toEqual(['owed', 'released']);
    expect(await ledgerOf(as.admin, h.v.id)).toEqual(after);
  });

  it('says when the ledger does not reconcile, and answers 404 for an unknown vendor', async () => {
    const h = await heldTransfer();
    // A leg written outside the service (the table only refuses changes and deletions): one unbalanced movement.
    await t.db.insert(ledgerEntries).values({ movementId: randomUUID(), kind: 'transfer', account: `vendor_held:${h.v.id}`, vendorId: h.v.id, amountPaise: -1_000 });
    const ledger = await ledgerOf(as.finance, h.v.id);
    expect(ledger.reconciled).toBe(false);
    expect(ledger.heldPaise).toBe(39_000);
    expect(ledger.problems).toEqual(expect.arrayContaining(['1 unbalanced movements', expect.stringMatching(/^held in ledger 39000 ≠ gateway 38000/)]));

    const unknown = await ops(as.finance, 'GET', `/api/ops/vendors/${randomUUID()}/ledger`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(OPS_MSG.vendorNotFound);
  });

  it("compares with the gateway's own report: money the gateway moved to the vendor that our rows do not know is a difference (issue 30)", async () => {
    const h = await heldTransfer();
    expect((await ledgerOf(as.finance, h.v.id)).gateway).toEqual({
      transferredPaise: 38_000, reversedPaise: 0, heldPaise: 38_000, differencePaise: 0, paymentsChecked: 1, paymentsTotal: 1,
    });
    // A ₹10 transfer of the same payment to the vendor's account that no row of ours made (by hand, or an answer lost).
    await routeClient({ keyId: rzp.keys.keyId, keySecret: rzp.keys.keySecret, apiUrl: rzp.url })
      .transferFromPayment(h.order.paymentId, { account: h.account, amount: 1_000, notes: {} });
    const ledger = await ledgerOf(as.support, h.v.id);
    // Our own rows still agree with each other; the gateway does not.
    expect(ledger).toMatchObject({ heldPaise: 38_000, transferredPaise: 38_000, reconciled: false });
    expect(ledger.gateway).toMatchObject({ transferredPaise: 39_000, heldPaise: 39_000, differencePaise: 1_000 });
    expect(ledger.problems).toEqual([expect.stringMatching(/gateway's net transfers to the vendor differ from ours by 1000/)]);

    rzp.route.state.down = true;
    try {
      const blind = await ledgerOf(as.finance, h.v.id);
      expect(blind.gateway).toBeUndefined();
      expect(blind).toMatchObject({ reconciled: false, problems: [expect.stringMatching(/gateway could not be asked/)] });
    } finally {
      rzp.route.state.down = false;
    }
  });
});

describe('the dashboard and the order timeline', () => {
  it('counts held transfers with their sum, and shows shipped, delivered, cancelled and the transfers with times and amounts', async () => {
    const before = (await ops(as.support, 'GET', '/api/ops/dashboard')).json() as OpsDashboard;
    const me = await k.customer();
    const v = await k.vendor();
    await activatePayoutAccount(t.db, v.id);
    const [p1, p2] = [await createProduct(t.db, { vendorId: v.id, price: 400 }), await createProduct(t.db, { vendorId: v.id, price: 100 })];
    const order = await k.paidOrder(me, [[p1.id, 1], [p2.id, 1]]);
    await k.retryNow();
    const after = (await ops(as.support, 'GET', '/api/ops/dashboard')).json() as OpsDashboard;
    expect(after.heldTransfers!.count).toBe(before.heldTransfers!.count + 1);
    expect(after.heldTransfers!.sumPaise).toBe(before.heldTransfers!.sumPaise + 47_500);

    const [l1, l2] = [order.lines.find((l) => l.productId === p1.id)!, order.lines.find((l) => l.productId === p2.id)!];
    expect((await k.call(me.headers, 'PUT', `/api/cancel/${l2.id}`)).statusCode).toBe(200);
    await k.deliver(v, l1.id);
    await k.retryNow();
    const detail = (await ops(as.support, 'GET', `/api/ops/orders/${order.orderId}`)).json() as OpsOrderDetail;
    const kinds = detail.timeline.map((e) => `${e.kind}:${e.text}:${e.amountPaise}`);
    expect(kinds).toEqual(expect.arrayContaining([
      `shipped:Shipped: ${l1.productName}:null`, `delivered:Delivered: ${l1.productName}:null`, `cancelled:Cancelled: ${l2.productName}:null`,
      `transfer:Transfer to ${v.businessName} made, held:47500`, `transfer:Transfer to ${v.businessName} reversed:9500`, `transfer:Transfer to ${v.businessName} released:38000`,
    ]));
    const at = (kind: string) => Date.parse(detail.timeline.find((e) => e.kind === kind)!.at);
    expect(at('shipped')).toBeLessThanOrEqual(at('delivered'));
    expect(detail.timeline.map((e) => e.at)).toEqual([...detail.timeline.map((e) => e.at)].sort());
  });
});

describe('a line is refunded once, whatever the reason', () => {
  it('after a dispute refunded part of a shipped line, 40 racing operator cancels and the customer\'s cancel are refused (409) and change nothing', async () => {
    const me = await k.customer();
    const v = await k.vendor();
    await activatePayoutAccount(t.db, v.id);
    const p = await createProduct(t.db, { vendorId: v.id, price: 1000 });
    const order = await k.paidOrder(me, [[p.id, 1]]);
    const lineId = order.lines[0]!.id;
    expect((await k.call(v.headers, 'PATCH', `/api/vendor/orders/${lineId}`, { status: 'Shipped' })).statusCode).toBe(200);
    const opened = await k.call(me.headers, 'POST', '/api/disputes', { lineId, reason: 'damaged', text: 'Two of the bags arrived torn open.' });
    expect(opened.statusCode, opened.body).toBe(201);
    const half = await ops(as.admin, 'POST', `/api/ops/disputes/${opened.json().id}/resolve`, { outcome: 'partial_refund', amountPaise: 40_000, reason: 'Two bags damaged' });
    expect(half.statusCode, half.body).toBe(200);

    const answers = await race(40, () => ops(as.admin, 'POST', `/api/ops/orders/${order.orderId}/cancel`, { reason: 'Customer asked to cancel the rest' }));
    expect(count(answers, 409)).toBe(40);
    expect(answers[0]!.json().message).toBe(DISPUTE_MSG.refundedOnce);
    const mine = await k.call(me.headers, 'PUT', `/api/cancel/${lineId}`);
    expect(mine.statusCode).toBe(409);
    expect(mine.json().message).toBe(DISPUTE_MSG.refundedOnce);

    expect(await t.db.select({ amountPaise: paymentRefunds.amountPaise, reason: paymentRefunds.reason }).from(paymentRefunds).where(eq(paymentRefunds.lineId, lineId)))
      .toEqual([{ amountPaise: 40_000, reason: 'dispute' }]);
    const [line] = await t.db.select().from(orderLines).where(eq(orderLines.id, lineId));
    expect(line).toMatchObject({ status: 'Shipped', paymentStatus: 'Paid', cancelledAt: null });
    expect(await t.db.select().from(auditLog).where(and(eq(auditLog.subjectType, 'order'), eq(auditLog.subjectId, order.orderId)))).toEqual([]);
  });
});
