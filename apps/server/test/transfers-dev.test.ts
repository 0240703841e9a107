import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reconcile } from '../src/modules/transfers/service.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { createProduct } from './support/factories.ts';
import { payoutStatus, savePayoutAccount } from './support/payout-accounts.ts';
import type { startRazorpay } from './support/razorpay.ts';
import { transferKit } from './support/transfers.ts';

/**
 * Development without Razorpay keys: the built-in test gateway answers Route's linked-account and transfer calls
 * too, so a payout account saved in Payouts activates by itself and the vendor's Earnings move in the browser as
 * with the gateway (decision records 018 and 019).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ NODE_ENV: 'development' });
});
afterAll(async () => {
  await t?.close();
});
const k = transferKit(() => ({ t, rzp: null as unknown as Awaited<ReturnType<typeof startRazorpay>> }));

describe('the development gateway', () => {
  it('pays, activates the saved account through the test gateway, transfers on hold and releases on delivery', async () => {
    const me = await k.customer();
    const a = await k.vendor();
    const p = await createProduct(t.db, { vendorId: a.id, price: 400 });
    const placed = await k.place(me, [[p.id, 1]]);
    const fields = await k.call(me.headers, 'POST', '/dev/razorpay/pay', { order_id: placed.payment!.razorpayOrderId });
    expect(fields.statusCode, fields.body).toBe(200);
    expect((await k.call(me.headers, 'POST', '/api/payments/razorpay/verify', fields.json())).statusCode).toBe(200);
    await k.retryNow();
    expect((await k.earnings(a)).entries[0]).toMatchObject({ state: 'awaiting_account', netPaise: 38_000 });

    await savePayoutAccount(t.app, a.headers);
    await expect.poll(() => payoutStatus(t.app, a.headers), { timeout: 10_000, interval: 50 }).toBe('activated');
    await k.retryNow();
    expect((await k.earnings(a)).entries[0]).toMatchObject({ state: 'on_hold' });
    await k.deliver(a, placed.lines[0]!.id);
    await k.retryNow();
    expect((await k.earnings(a)).entries[0]).toMatchObject({ state: 'released', grossPaise: 40_000, commissionPaise: 2_000, netPaise: 38_000 });
    expect(await reconcile(t.db, a.id)).toMatchObject({ ok: true, ledger: { payable: 0, held: 0, released: -38_000 } });
  });
});
