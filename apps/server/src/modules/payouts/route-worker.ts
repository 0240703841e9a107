import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client.ts';
import { IntentWorker } from '../../lib/intent-worker.ts';
import { GatewayError } from '../../lib/razorpay/call.ts';
import type { RouteClient, RouteProduct } from '../../lib/razorpay/route.ts';
import { payoutContact } from '../vendors/service.ts';
import * as repo from './repository.ts';
import { routeDetails } from './route-details.ts';
import { reasonOf, statusOfActivation } from './route-status.ts';

/** A payout account's status moved because of the gateway (its answer or a webhook). */
export interface StatusChange {
  vendorId: string; routeAccountId: string | null;
  before: repo.PayoutStatus; after: repo.PayoutStatus; reason: string | null; source: 'answer' | 'webhook';
}

/** What the app does around a change: inside its transaction (the audit), and after the commit of an activation. */
export interface StatusHooks {
  changed(tx: Tx, change: StatusChange): Promise<void>;
  activated(): void;
}

/** A vendor saving again while a push runs gets another push right after; never more than this in one go. */
const PUSHES_PER_RUN = 5;

/**
 * Inside the caller's transaction, on a locked account: the Route product's activation status becomes the
 * account's status, unless it is that already (then nothing is written, nothing audited).
 */
export async function applyProductStatus(tx: Tx, account: repo.PayoutAccountRow, product: Pick<RouteProduct, 'activation_status' | 'requirements'>, source: StatusChange['source'], hooks: StatusHooks) {
  const after = statusOfActivation(product.activation_status);
  const reason = reasonOf(after, product.requirements);
  if (account.status === after && account.statusReason === reason) return null;
  await repo.setStatus(tx, account.vendorId, after, reason);
  const change: StatusChange = { vendorId: account.vendorId, routeAccountId: account.routeAccountId, before: account.status, after, reason, source };
  await hooks.changed(tx, change);
  return change;
}

/**
 * Makes the Route calls that saved payout accounts ask for (decision record 018): the linked account, its
 * stakeholder and Route product once per vendor, then the settlement bank account of each saved generation.
 * A save calls it at once after its commit; a timer retries failed calls from the intent rows with backoff. Each
 * push holds a 30 s lease on the vendor's row, so one process calls at a time; every write carries an idempotency
 * key of the vendor, the step and the generation, so a retry after a lost answer makes nothing twice.
 */
export class RouteAccountWorker extends IntentWorker {
  constructor(private readonly db: Db, private readonly route: RouteClient | null, log: FastifyBaseLogger, private readonly hooks: StatusHooks, intervalMs = 5_000) {
    super(log, { name: 'route account worker', enabled: route !== null, intervalMs });
  }

  /** After a save's commit: push this vendor's account now (never throws; the timer retries). */
  pushSoon(vendorId: string): Promise<void> {
    return this.track(this.push(vendorId, false));
  }

  /** One pass over every due vendor. */
  protected async pass() {
    if (!this.route) return;
    for (const { vendorId } of await repo.dueIntents(this.db, 50)) await this.track(this.push(vendorId, true));
  }

  /** Never rejects: a save's request does not wait for it, and the timer retries whatever failed. */
  private async push(vendorId: string, due: boolean) {
    if (!this.route) return;
    try {
      for (let i = 0; i < PUSHES_PER_RUN; i += 1) {
        const intent = await repo.leaseIntent(this.db, vendorId, { due: due && i === 0 });
        if (!intent) return;
        if (!(await this.attempt(this.route, intent))) return;
      }
    } catch (err) {
      this.log.error({ err, vendor: vendorId }, 'route linked account push failed');
    }
  }

  /** One generation to the gateway; false (and a backoff) when a call failed. */
  private async attempt(route: RouteClient, intent: repo.RouteIntentRow) {
    try {
      await this.pushGeneration(route, intent);
      return true;
    } catch (err) {
      // The logger's error serializer keeps SQL parameters out; gateway errors carry a status only, never a body.
      this.log.warn({ err, vendor: intent.vendorId, attempts: intent.attempts }, 'route linked account not updated; will retry');
      await repo.backOffIntent(this.db, intent.vendorId, intent.attempts);
      return false;
    }
  }

  private async pushGeneration(route: RouteClient, intent: repo.RouteIntentRow) {
    const { vendorId, generation } = intent;
    const account = await repo.findAccount(this.db, vendorId);
    const contact = await payoutContact(this.db, vendorId);
    // A save after the lease: its generation is pushed next, with its own fields (keys and bodies always match).
    if ((await repo.findIntent(this.db, vendorId))?.generation !== generation) return this.release(vendorId);
    if (!account || !contact) throw new Error('no payout account');
    const details = routeDetails(vendorId, account, contact);
    let accountId = account.routeAccountId;
    if (!accountId) {
      const request = await repo.keepRequest(this.db, vendorId, 'account', details);
      accountId = (await this.create(vendorId, 'account', () => route.createAccount(request, `nirmaan-account-${vendorId}`))).id;
      await repo.recordRouteAccount(this.db, vendorId, accountId);
    }
    if (!intent.stakeholderId) {
      const request = await repo.keepRequest(this.db, vendorId, 'stakeholder', details);
      const made = await this.create(vendorId, 'stakeholder', () => route.createStakeholder(accountId, request, `nirmaan-stakeholder-${vendorId}`));
      await repo.recordStakeholder(this.db, vendorId, made.id);
    }
    let productId = intent.productId;
    if (!productId) {
      productId = (await route.requestProduct(accountId, `nirmaan-product-${vendorId}`)).id;
      await repo.recordProduct(this.db, vendorId, productId);
    }
    const key = `nirmaan-settlements-${vendorId}-${generation}`;
    const product = await route.updateSettlements(accountId, productId, { accountNumber: account.accountNumber, ifsc: account.ifsc, beneficiaryName: account.beneficiaryName }, key);
    const change = await this.db.transaction(async (tx) => {
      const locked = await repo.lockAccount(tx, { vendorId });
      const current = await repo.findIntent(tx, vendorId);
      await repo.markSynced(tx, vendorId, generation);
      // Only the answer to the latest save, and only over the save's own `pending` (a webhook may have come first).
      if (!locked || current?.generation !== generation || locked.status !== 'pending') return null;
      return applyProductStatus(tx, locked, product, 'answer', this.hooks);
    });
    if (change?.after === 'activated') this.hooks.activated();
  }

  /** A creation call; when the gateway refuses it (4xx: nothing made), its kept details are let go. */
  private async create<T>(vendorId: string, which: 'account' | 'stakeholder', call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (err) {
      if (err instanceof GatewayError && err.status !== null && err.status >= 400 && err.status < 500) await repo.forgetRequest(this.db, vendorId, which);
      throw err;
    }
  }

  private async release(vendorId: string) {
    await repo.backOffIntent(this.db, vendorId, -1);
  }
}
