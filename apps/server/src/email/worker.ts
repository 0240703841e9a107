import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { claimDue, markFailed, markSent } from './outbox.ts';
import type { MailTransport } from './transport.ts';

/**
 * Sends what the outbox holds: woken at once after a write (`poke`) and every few seconds for retries.
 * Failed sends back off exponentially. One pass at a time per process.
 */
export class OutboxWorker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;

  constructor(private readonly db: Db, private readonly transport: MailTransport, private readonly log: FastifyBaseLogger, private readonly intervalMs = 5_000, private readonly onPoke?: () => void) {}

  start() {
    this.timer = setInterval(() => this.poke(), this.intervalMs);
    this.timer.unref();
  }

  /** Also wakes the other outbox written alongside (WhatsApp's), through `onPoke`. */
  poke(): Promise<void> {
    this.onPoke?.();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.drain().finally(() => {
      this.running = undefined;
      if (this.again) {
        this.again = false;
        void this.poke();
      }
    });
    return this.running;
  }

  private async drain() {
    try {
      const due = await claimDue(this.db, 20);
      for (const mail of due) {
        try {
          await this.transport.send(mail);
          await markSent(this.db, mail.id);
        } catch (err) {
          this.log.warn({ err, to: mail.to, attempts: mail.attempts + 1 }, `mail not sent through ${this.transport.name}; will retry`);
          await markFailed(this.db, mail.id, mail.attempts, err instanceof Error ? err.message : String(err));
        }
      }
    } catch (err) {
      this.log.error({ err }, 'outbox pass failed');
    }
  }

  async stop() {
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }
}
