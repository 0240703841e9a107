import type { OpsVendorLedger } from '@nirmaan/shared/ops';
import type { Db } from '../../db/client.ts';
import * as repo from './repository.ts';
import type { RouteClient } from '../../lib/razorpay/route.ts';

/** The newest payments of a vendor whose transfers the console's ledger compares with the gateway, and how many at once. */
const CHECKED_PAYMENTS = 100;
const AT_ONCE = 5;

export type GatewayComparison = NonNullable<OpsVendorLedger['gateway']>;

/**
 * The ledger against what the gateway itself reports (issue 30): our rows only say what we recorded, so a transfer
 * the gateway made while its answer was lost would never show in them. For the vendor's newest transfer rows, the
 * gateway's transfers of each payment (`GET /v1/payments/{id}/transfers`) to the vendor's linked accounts, not
 * failed, are summed: transferred, reversed, still on hold; the difference is the gateway's net less ours on the same
 * rows. Read after the caller's snapshot and outside any transaction: a call the worker is making right then shows
 * as a difference until its answer is recorded. Throws when the gateway cannot be asked.
 */
export async function compareWithGateway(db: Db, client: RouteClient, vendorId: string): Promise<GatewayComparison> {
  const ours = await repo.gatewaySideOf(db, vendorId, CHECKED_PAYMENTS);
  const accounts = new Set(ours.rows.map((r) => r.account));
  const paymentIds = [...new Set(ours.rows.map((r) => r.paymentId))];
  const seen = new Map<string, { amount: number; reversed: number; onHold: boolean }>();
  for (let i = 0; i < paymentIds.length; i += AT_ONCE) {
    const lists = await Promise.all(paymentIds.slice(i, i + AT_ONCE).map((id) => client.transfersOfPayment(id)));
    for (const t of lists.flat()) {
      if (t.status === 'failed' || !accounts.has(t.recipient)) continue;
      seen.set(t.id, { amount: t.amount, reversed: t.amount_reversed ?? 0, onHold: t.on_hold });
    }
  }
  const gw = [...seen.values()];
  const transferredPaise = gw.reduce((s, t) => s + t.amount, 0);
  const reversedPaise = gw.reduce((s, t) => s + t.reversed, 0);
  const heldPaise = gw.filter((t) => t.onHold).reduce((s, t) => s + t.amount - t.reversed, 0);
  const ourNet = ours.rows.reduce((s, r) => s + r.sent - r.reversed, 0);
  return {
    transferredPaise, reversedPaise, heldPaise, differencePaise: transferredPaise - reversedPaise - ourNet,
    paymentsChecked: paymentIds.length, paymentsTotal: ours.total,
  };
}
