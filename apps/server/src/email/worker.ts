import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { IntentWorker } from '../lib/intent-worker.ts';
import { claimDue, markFailed, markSent } from './outbox.ts';
import type { MailTransport } from './transport.ts';

/**
 * Sends what the outbox holds: woken at once after a write (`poke`) and every few seconds for retries.
 * Failed sends back off exponentially. One pass at a time per process; a poke during a pass runs one more pass
 * after it, and its promise resolves only after that one, so a mail committed (or made due) just before the poke
 * has had its try when the promise resolves.
 */
export class OutboxWorker extends IntentWorker {
  constructor(private readonly db: Db, private readonly transport: MailTransport, log: FastifyBaseLogger, intervalMs = 5_000, private readonly onPoke?: () => void) {
    super(log, { name: 'outbox', enabled: true, intervalMs, passAgainOnPoke: true, stopWaitMs: 5_000 });
  }

  /** Also wakes the other outbox written alongside (WhatsApp's), through `onPoke`. */
  override poke(): Promise<void> {
    this.onPoke?.();
    return super.poke();
  }

  protected async pass() {
    for (const mail of await claimDue(this.db, 20)) {
      try {
        await this.transport.send(mail);
        await markSent(this.db, mail.id);
      } catch (err) {
        this.log.warn({ err, to: mail.to, attempts: mail.attempts + 1 }, `mail not sent through ${this.transport.name}; will retry`);
        await markFailed(this.db, mail.id, mail.attempts, err instanceof Error ? err.message : String(err));
      }
    }
  }
}
