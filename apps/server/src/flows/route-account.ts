import type { Tx } from '../db/client.ts';
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

export interface RouteWebhookEvent {
  event?: string;
  account_id?: string;
  payload?: { merchant_product?: { entity?: { id?: string; merchant_id?: string; activation_status?: string }; data?: { requirements?: payouts.RouteProductEvent['requirements'] } | unknown[] } };
}

/**
 * `product.route.*` (activated, under_review, needs_clarification…) inside the webhook's transaction: true when it
 * activated an account (the caller runs the hooks' `activated` after its commit).
 */
export async function routeProductEvent(tx: Tx, hooks: payouts.StatusHooks, event: RouteWebhookEvent): Promise<boolean> {
  const product = event.payload?.merchant_product;
  const routeAccountId = product?.entity?.merchant_id ?? event.account_id;
  const activationStatus = product?.entity?.activation_status ?? event.event?.slice('product.route.'.length);
  if (!routeAccountId || !activationStatus) return false;
  const requirements = product?.data && !Array.isArray(product.data) ? product.data.requirements : undefined;
  const change = await payouts.applyRouteProductEvent(tx, { routeAccountId, activationStatus, requirements }, hooks);
  return change?.after === 'activated';
}
