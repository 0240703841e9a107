import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ledgerEntries, vendorPayoutAccounts, vendorTransfers } from '../src/db/schema/index.ts';
import { reconcile } from '../src/modules/transfers/service.ts';
import type { TestApp } from './support/app.ts';
import { createProduct } from './support/factories.ts';
import { webhookDeliverer } from './support/http.ts';
import { activatePayoutAccount, payoutStatus, savePayoutAccount } from './support/payout-accounts.ts';
import { appWithRazorpay, type RazorpayStandIn } from './support/razorpay-app.ts';
import { transferKit } from './support/transfers.ts';

/**
 * Money out through Razorpay Route (decision record 019), the parts that turn on time and on the gateway's webhooks:
 * a hold released by the worker once its due time passes, and the activation webhook replayed. Against the local
 * stand-in of the protocol.
 */

let t: TestApp;
let rzp: RazorpayStandIn;
appWithRazorpay((started) => ({ t, rzp } = started));
const k = transferKit(() => ({ t, rzp }));
const deliverWebhook = webhookDeliverer(() => t);
const transferRow = async (vendorId: string, orderId: string) =>
  (await t.db.select().from(vendorTransfers).where(and(eq(vendorTransfers.vendorId, vendorId), eq(vendorTransfers.orderId, orderId))))[0]!;
const ledgerOf = (transferId: string, kind: 'hold release' | 'transfer' | 'reversal') =>
  t.db.select().from(ledgerEntries).where(and(eq(ledgerEntries.transferId, transferId), eq(ledgerEntries.kind, kind)));
const patchesOf = (transferId: string) => rzp.calls.filter((c) => c.method === 'PATCH' && c.path === `/v1/transfers/${transferId}`);
async function expectReconciled(vendorId: string) {
  expect(await reconcile(t.db, vendorId)).toMatchObject({ ok: true, problems: [] });
}

describe('a hold not released by delivery', () => {
  it('is released by the worker once its due time (TRANSFER_HOLD_DAYS after the delivery) has passed, exactly once; not before', async () => {
    const me = await k.customer();
    const a = await k.vendor();
    const acc = await activatePayoutAccount(t.db, a.id);
    const [p1, p2] = [await createProduct(t.db, { vendorId: a.id, price: 400 }), await createProduct(t.db, { vendorId: a.id, price: 100 })];
    const order = await k.paidOrder(me, [[p1.id, 1], [p2.id, 1]]);
    await k.retryNow();
    // One of the vendor's two lines delivered: the other is open, so the release is due 7 days (the default) later.
    await k.deliver(a, order.lines[0]!.id);
    const row = await transferRow(a.id, order.orderId);
    const trf = k.transfersTo(acc)[0]!;
    const dueIn = new Date(row.releaseDueAt!).getTime() - Date.now();
    expect(dueIn).toBeGreaterThan(7 * 86_400_000 - 60_000);
    expect(dueIn).toBeLessThanOrEqual(7 * 86_400_000);

    // Not due yet: the worker's passes leave it on hold.
    for (let i = 0; i < 2; i++) await k.retryNow();
    expect(trf.on_hold).toBe(true);
    expect(patchesOf(trf.id)).toEqual([]);
    expect(await ledgerOf(row.id, 'hold release')).toEqual([]);
    expect((await k.earnings(a)).entries.find((e) => e.id === order.lines[0]!.id)).toMatchObject({ state: 'on_hold' });

    // The 7 days pass: the due time is moved into the past, and the worker releases the hold, once.
    await t.db.update(vendorTransfers).set({ releaseDueAt: sql`now() - interval '1 minute'` }).where(eq(vendorTransfers.id, row.id));
    for (let i = 0; i < 3; i++) await k.retryNow();
    expect(trf.on_hold).toBe(false);
    expect(patchesOf(trf.id)).toHaveLength(1);
    expect((await transferRow(a.id, order.orderId)).releasedAt).not.toBeNull();
    // 500.00 less 5% commission moves from held to released at the gateway, in one movement.
    const released = await ledgerOf(row.id, 'hold release');
    expect(released.map((l) => [l.account, l.amountPaise]).sort()).toEqual([[`gateway_transfers:${a.id}`, -47_500], [`vendor_held:${a.id}`, 47_500]]);
    expect((await k.earnings(a)).entries.find((e) => e.id === order.lines[0]!.id)).toMatchObject({ state: 'released' });
    await expectReconciled(a.id);
  });
});

describe('the activation webhook of a vendor who sold before their account was activated', () => {
  it('replayed 5 times, then 5 more at once, moves the money waiting for them once, for the right amount', async () => {
    const me = await k.customer();
    const a = await k.vendor();
    // Saved through Payouts: the linked account is made at the gateway and stays under review.
    await savePayoutAccount(t.app, a.headers);
    await expect.poll(() => payoutStatus(t.app, a.headers), { timeout: 10_000, interval: 50 }).toBe('under_review');
    const accountId = (await t.db.select().from(vendorPayoutAccounts).where(eq(vendorPayoutAccounts.vendorId, a.id)))[0]!.routeAccountId!;
    expect(accountId).toMatch(/^acc_/);

    const [p1, p2] = [await createProduct(t.db, { vendorId: a.id, price: 400 }), await createProduct(t.db, { vendorId: a.id, price: 250 })];
    const order = await k.paidOrder(me, [[p1.id, 1], [p2.id, 2]]);
    await k.retryNow();
    const sourced = () => [...rzp.route.transfers.values()].filter((x) => x.source === order.paymentId);
    expect(sourced()).toEqual([]);
    expect((await transferRow(a.id, order.orderId)).routeAccountId).toBeNull();

    // The real signed product.route.activated event, delivered 5 times (a replay: the same event id)...
    const activated = rzp.webhook(...rzp.routeAccounts.productEvent(accountId, 'activated'));
    for (let i = 0; i < 5; i++) expect((await deliverWebhook(activated)).statusCode).toBe(200);
    // ...and 5 more at once, each its own delivery (its own event id), as Razorpay may send after a timeout.
    const again = await Promise.all(Array.from({ length: 5 }, () => deliverWebhook(rzp.webhook(...rzp.routeAccounts.productEvent(accountId, 'activated')))));
    expect(again.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(await payoutStatus(t.app, a.headers)).toBe('activated');
    for (let i = 0; i < 3; i++) await k.retryNow();

    // 400.00 + 2 × 250.00 less 5% commission, on hold, in one transfer to the activated account.
    expect(sourced()).toEqual([expect.objectContaining({ recipient: accountId, amount: 85_500, on_hold: true })]);
    expect(rzp.calls.filter((c) => c.method === 'POST' && c.path === `/v1/payments/${order.paymentId}/transfers`)).toHaveLength(1);
    const row = await transferRow(a.id, order.orderId);
    expect(row).toMatchObject({ routeAccountId: accountId, razorpayTransferId: sourced()[0]!.id, sentPaise: 85_500 });
    expect(await ledgerOf(row.id, 'transfer')).toHaveLength(2);
    expect((await k.earnings(a)).entries.map((e) => e.state)).toEqual(['on_hold', 'on_hold']);
    await expectReconciled(a.id);
  });
});
