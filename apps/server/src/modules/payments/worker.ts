import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Razorpay, RazorpayOrder } from './razorpay.ts';
import * as repo from './repository.ts';

/** How long shutdown waits for gateway calls in flight (the server forces its exit after 10 s). */
const STOP_WAIT_MS = 3_000;
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

/**
 * Makes the gateway calls that committed rows ask for: gateway orders for `creating` payments and refunds for
 * refund rows without a gateway id. Requests call it at once after their commit (and may wait a little for the
 * answer); a timer retries failed or slow calls from the rows. Each call holds a lease on its row, so one process
 * calls at a time, and a retry after a lost answer first looks the gateway up by our receipt: nothing is made twice.
 */
export class PaymentWorker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private readonly inFlight = new Set<Promise<unknown>>();

  constructor(private readonly db: Db, private readonly gateway: Razorpay | null, private readonly log: FastifyBaseLogger, private readonly intervalMs = 5_000) {}

  start() {
    if (!this.gateway) return;
    this.timer = setInterval(() => void this.poke(), this.intervalMs);
    this.timer.unref();
  }

  /**
   * Waits a little for calls in flight; a call cut off by the exit keeps its row's lease, and the next process
   * retries it after the lease, adopting what the gateway made meanwhile (by receipt).
   */
  async stop() {
    if (this.timer) clearInterval(this.timer);
    await Promise.race([Promise.allSettled([this.running, ...this.inFlight]), sleep(STOP_WAIT_MS)]);
  }

  /** One pass over every due row (one pass at a time per process). */
  poke(): Promise<void> {
    this.running ??= this.drain().finally(() => { this.running = undefined; });
    return this.running;
  }

  private track<T>(p: Promise<T>): Promise<T> {
    this.inFlight.add(p);
    void p.finally(() => this.inFlight.delete(p)).catch(() => undefined);
    return p;
  }

  private async drain() {
    if (!this.gateway) return;
    try {
      for (const { id } of await repo.dueIntents(this.db, 50)) await this.track(this.createOrder(id, true));
      for (const receipt of await repo.dueRefunds(this.db, 50)) await this.track(this.refund(receipt));
    } catch (err) {
      this.log.error({ err }, 'payment worker pass failed');
    }
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
    const receipt = row.orderId ?? row.bookingId!;
    try {
      let made: RazorpayOrder | undefined;
      // An earlier attempt may have reached the gateway and lost its answer: adopt that order.
      if (row.attempts > 1) made = (await gw.ordersByReceipt(receipt)).find((o) => !Array.isArray(o.notes) && o.notes?.intent === row.id);
      made ??= await gw.createOrder({
        amount: row.amountPaise, receipt,
        notes: { ...(row.orderId ? { orderId: row.orderId } : { bookingId: row.bookingId! }), intent: row.id },
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
