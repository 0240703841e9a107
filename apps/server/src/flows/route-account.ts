import type { Tx } from '../db/client.ts';
import { routeProductEventOf, type WebhookBody } from '../lib/razorpay/route.ts';
import { appendAudit, type Actor } from '../modules/ops/service.ts';
import * as payouts from '../modules/payouts/service.ts';
import type * as transfers from '../modules/transfers/service.ts';

/**
 * The vendor's Route linked account across modules (decision record 018): each status the gateway gives an
 * account is audited in the transaction that sets it, and an activation pokes the transfer worker after the
 * commit, so money waiting for this vendor moves at once instead of on the worker's next sweep.
 */

const GATEWAY: Actor = { operatorId: null, label: 'razorpay' };

export function routeStatusHooks(t: transfers.Transfers): payouts.StatusHooks {
  return {
    changed: (tx, change) => appendAudit(tx, GATEWAY, {
      action: 'payout_account.status', subjectType: 'vendor', subjectId: change.vendorId,
      before: { status: change.before }, after: { status: change.after, routeAccountId: change.routeAccountId, via: change.source }, reason: change.reason,
    }),
    activated: () => void t.worker.poke(),
  };
}

/**
 * `product.route.*` (activated, under_review, needs_clarification…) inside the webhook's transaction: true when it
 * activated an account (the caller runs the hooks' `activated` after its commit).
 */
export async function routeProductEvent(tx: Tx, hooks: payouts.StatusHooks, event: WebhookBody): Promise<boolean> {
  const product = routeProductEventOf(event);
  if (!product) return false;
  const change = await payouts.applyRouteProductEvent(tx, product, hooks);
  return change?.after === 'activated';
}
