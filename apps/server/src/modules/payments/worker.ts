import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { IntentWorker, sleep } from '../../lib/intent-worker.ts';
import type { Razorpay, RazorpayOrder } from './razorpay.ts';
import * as repo from './repository.ts';

/**
 * Makes the gateway calls that committed rows ask for: gateway orders for `creating` payments and refunds for
 * refund rows without a gateway id. Requests call it at once after their commit (and may wait a little for the
 * answer); a timer retries failed or slow calls from the rows. Each call holds a lease on its row, so one process
 * calls at a time, and a retry after a lost answer first looks the gateway up by our receipt: nothing is made twice.
 * A call cut off by shutdown is retried by the next process after the lease, adopting what the gateway made meanwhile.
 */
export class PaymentWorker extends IntentWorker {
  constructor(private readonly db: Db, private readonly gateway: Razorpay | null, log: FastifyBaseLogger, intervalMs = 5_000) {
    super(log, { name: 'payment worker', enabled: gateway !== null, intervalMs });
  }

  /** One pass over every due row. */
  protected async pass() {
    if (!this.gateway) return;
    for (const { id } of await repo.dueIntents(this.db, 50)) await this.track(this.createOrder(id, true));
    for (const receipt of await repo.dueRefunds(this.db, 50)) await this.track(this.refund(receipt));
  }

  /** The row's gateway order, waiting at most `ms` for it; the call goes on (and is retried) after that. */
  async gatewayOrderWithin(id: string, ms: number) {
    const deadline = Date.now() + ms;
    const attempted = await Promise.race([this.track(this.createOrder(id, false)), sleep(ms).then(() => true)]);
    let row = await repo.findById(this.db, id);
    // Another process holds the row's lease: its answer may come within our wait.
    while (!attempted && row?.status === 'creating' && Date.now() < deadline) {
      await sleep(50);
      row = await repo.findById(this.db, id);
    }
    return row;
  }

  /** Requests these refunds now, waiting at most `ms`; the worker retries any that did not go through. */
  async refundWithin(receipts: string[], ms: number) {
    if (receipts.length === 0) return;
    await Promise.race([Promise.allSettled(receipts.map((r) => this.track(this.refund(r)))), sleep(ms)]);
  }

  /** False when another process holds the row (or it is made already). */
  private async createOrder(id: string, due: boolean): Promise<boolean> {
    const gw = this.gateway;
    if (!gw) return false;
    const row = await repo.leaseIntent(this.db, id, { due });
    if (!row) return false;
    const receipt = row.orderId ?? row.bookingId ?? row.moveId!;
    try {
      let made: RazorpayOrder | undefined;
      // An earlier attempt may have reached the gateway and lost its answer: adopt that order.
      if (row.attempts > 1) made = (await gw.ordersByReceipt(receipt)).find((o) => !Array.isArray(o.notes) && o.notes?.intent === row.id);
      made ??= await gw.createOrder({
        amount: row.amountPaise, receipt,
        notes: { ...(row.orderId ? { orderId: row.orderId } : row.bookingId ? { bookingId: row.bookingId } : { moveId: row.moveId! }), intent: row.id },
      });
      if (made.amount !== row.amountPaise) throw new Error('the gateway order has another amount');
      await repo.openIntent(this.db, row.id, made.id);
    } catch (err) {
      this.log.warn({ err, payment: row.id, attempts: row.attempts }, 'gateway order not made; will retry');
      await repo.backOffIntent(this.db, row.id, row.attempts);
    }
    return true;
  }

  private async refund(receipt: string) {
    const gw = this.gateway;
    if (!gw) return;
    const rows = await repo.leaseRefund(this.db, receipt);
    if (rows.length === 0) return;
    const first = rows[0]!;
    const amount = rows.reduce((sum, r) => sum + r.amountPaise, 0);
    const attempts = Math.max(...rows.map((r) => r.attempts));
    try {
      // Before asking again, look for the refund an earlier attempt may have made: never refund twice.
      const earlier = attempts > 1 ? (await gw.refundsOf(first.razorpayPaymentId)).find((r) => r.receipt === receipt) : undefined;
      const made = earlier ?? await gw.refund(first.razorpayPaymentId, amount, receipt, {
        reason: first.reason, ...(first.orderId ? { orderId: first.orderId } : {}), ...(first.bookingId ? { bookingId: first.bookingId } : {}),
      });
      await repo.recordRefund(this.db, receipt, made.id, made.status === 'processed');
    } catch (err) {
      this.log.warn({ err, receipt, attempts }, 'refund not requested; will retry');
      await repo.backOffRefund(this.db, receipt, attempts);
    }
  }
}
