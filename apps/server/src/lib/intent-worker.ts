import type { FastifyBaseLogger } from 'fastify';

/** A timer that never keeps the process alive by itself. */
export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

export interface IntentWorkerOptions {
  /** Names the worker in its logs ("<name> pass failed"). */
  name: string;
  /** False when there is nothing to call (no gateway): `start` sets no timer. */
  enabled: boolean;
  /** The sweep: a pass this often, besides the pokes. */
  intervalMs?: number;
  /**
   * A poke that arrives during a pass runs one more pass after it, so rows committed during the pass are not left
   * for the next sweep. Without it, such a poke joins the pass in flight.
   */
  passAgainOnPoke?: boolean;
  /** How long `stop` waits for the pass and the calls in flight (the server forces its exit after 10 s). */
  stopWaitMs?: number;
}

/**
 * The loop shared by the workers that make the gateway calls committed intent rows ask for (decision record 014):
 * a timer that sweeps every `intervalMs`, `poke` for a pass now (one pass at a time per process), calls in flight
 * tracked so that `stop` can wait for them within a bound. A pass that throws is logged; the timer goes on. A call
 * cut off by the exit keeps its row's lease, and the next process retries it after the lease.
 */
export abstract class IntentWorker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private readonly inFlight = new Set<Promise<unknown>>();
  private readonly options: Required<IntentWorkerOptions>;

  protected constructor(protected readonly log: FastifyBaseLogger, options: IntentWorkerOptions) {
    this.options = { intervalMs: 5_000, passAgainOnPoke: false, stopWaitMs: 3_000, ...options };
  }

  /** One pass over the due rows; the scaffold logs what it throws. */
  protected abstract pass(): Promise<void>;

  start() {
    if (!this.options.enabled) return;
    this.timer = setInterval(() => void this.poke(), this.options.intervalMs);
    this.timer.unref();
  }

  /** Stops the timer and waits a little for the pass and the calls in flight; a poke still runs a pass after. */
  async stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await Promise.race([Promise.allSettled([this.running, ...this.inFlight]), sleep(this.options.stopWaitMs)]);
  }

  /** A pass now, or the one in flight (and, with `passAgainOnPoke`, one more after it). Never rejects. */
  poke(): Promise<void> {
    if (this.running) {
      if (this.options.passAgainOnPoke) this.again = true;
      return this.running;
    }
    this.running = this.runPasses().finally(() => { this.running = undefined; });
    return this.running;
  }

  /** A call `stop` waits for (within its bound): a pass's own, or one a request starts after its commit. */
  protected track<T>(p: Promise<T>): Promise<T> {
    this.inFlight.add(p);
    void p.finally(() => this.inFlight.delete(p)).catch(() => undefined);
    return p;
  }

  private async runPasses() {
    do {
      this.again = false;
      try {
        await this.pass();
      } catch (err) {
        this.log.error({ err }, `${this.options.name} pass failed`);
      }
    } while (this.again);
  }
}
