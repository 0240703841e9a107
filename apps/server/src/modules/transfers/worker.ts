import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { IntentWorker } from '../../lib/intent-worker.ts';
import type { RefundRow } from '../payments/service.ts';
import * as repo from './repository.ts';
import { intentOf, type RouteClient, type RouteTransfer } from '../../lib/razorpay/route.ts';
import { attachActivatedAccounts, recordMade, recordReleased, recordReversed } from './service.ts';

/**
 * Makes the Route calls that committed rows ask for (decision records 014 and 019): a sweep that attaches newly
 * activated accounts to waiting money, then transfers, reversals and hold releases (a hold is not released while a
 * reversal of it is still to make; reversing first lets a release due in the same pass go). Each call holds a lease on its
 * row, and a retry after a lost answer first looks the gateway up by the row id in the notes: nothing twice.
 */
export class TransferWorker extends IntentWorker {
  /**
   * A poke during a pass runs one more pass after it: an activation or a delivery committed during the pass is not
   * missed. `poke()` resolves when the passes are done.
   */
  /** `refundsFreed`: refunds that waited for a reversal just made, asked for now (awaited, within its own bound). */
  constructor(private readonly db: Db, private readonly client: RouteClient | null, log: FastifyBaseLogger,
    private readonly refundsFreed: (rows: RefundRow[]) => Promise<void> = async () => undefined, intervalMs = 5_000) {
    super(log, { name: 'transfer worker', enabled: client !== null, intervalMs, passAgainOnPoke: true });
  }

  /** One pass over every due row. */
  protected async pass() {
    if (!this.client) return;
    await attachActivatedAccounts(this.db);
    for (const { id } of await repo.dueTransfers(this.db, 50)) await this.make(id);
    for (const { id } of await repo.dueReversals(this.db, 50)) await this.reverse(id);
    for (const { id } of await repo.dueReleases(this.db, 50)) await this.release(id);
  }

  private async make(id: string) {
    const row = await repo.leaseTransfer(this.db, id, true);
    if (!row || !this.client) return;
    try {
      let made: RouteTransfer | undefined;
      if (row.attempts > 1) made = (await this.client.transfersOfPayment(row.razorpayPaymentId)).find((t) => intentOf(t) === row.id && t.status !== 'failed');
      // Cut to nothing by a refund after a call whose answer was lost, and the gateway made nothing: done.
      if (!made && row.amountPaise <= 0) return void await repo.settleNothingMade(this.db, row.id);
      made ??= await this.client.transferFromPayment(row.razorpayPaymentId, {
        account: row.routeAccountId!, amount: row.amountPaise,
        notes: { intent: row.id, vendorId: row.vendorId, ...(row.orderId ? { orderId: row.orderId } : { bookingId: row.bookingId! }) },
      });
      await recordMade(this.db, row.id, made);
    } catch (err) {
      this.log.warn({ err, transfer: row.id, attempts: row.attempts }, 'transfer not made; will retry');
      await repo.backOffTransfer(this.db, row.id, row.attempts);
    }
  }

  private async release(id: string) {
    const row = await repo.leaseRelease(this.db, id, true);
    if (!row || !this.client) return;
    try {
      await this.client.releaseHold(row.razorpayTransferId!);
      await recordReleased(this.db, row.id);
    } catch (err) {
      this.log.warn({ err, transfer: row.id, attempts: row.attempts }, 'hold not released; will retry');
      await repo.backOffTransfer(this.db, row.id, row.attempts);
    }
  }

  private async reverse(id: string) {
    const rev = await repo.leaseReversal(this.db, id, true);
    if (!rev || !this.client) return;
    const t = await repo.findTransfer(this.db, rev.transferId);
    try {
      if (!t?.razorpayTransferId) throw new Error('the transfer is not made (yet)');
      const earlier = rev.attempts > 1 ? (await this.client.reversalsOf(t.razorpayTransferId)).find((r) => intentOf(r) === rev.id) : undefined;
      const made = earlier ?? await this.client.reverse(t.razorpayTransferId, rev.amountPaise, { intent: rev.id, ...(rev.refundId ? { refund: rev.refundId } : {}) });
      const freed = await recordReversed(this.db, rev.id, t.id, made.id);
      if (freed.length > 0) await this.refundsFreed(freed);
    } catch (err) {
      this.log.warn({ err, reversal: rev.id, attempts: rev.attempts }, 'reversal not made; will retry');
      await repo.backOffReversal(this.db, rev.id, rev.attempts);
    }
  }
}
