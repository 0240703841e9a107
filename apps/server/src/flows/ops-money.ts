import type { OpsTransfer } from '@nirmaan/shared/ops';
import type { Db } from '../db/client.ts';
import { appendAudit, type Actor } from '../modules/ops/service.ts';
import * as transfers from '../modules/transfers/service.ts';

/**
 * Finance's actions on vendor transfers (docs/decisions/025): release a hold now, extend it, retry a failed
 * transfer. The transfers module checks and changes the locked row; this flow adds the audit row (who, before,
 * after, reason) in the same transaction. The gateway is called by the transfer worker after the commit.
 */

const AUDITED = ['status', 'amountPaise', 'releaseDueAt', 'heldUntil', 'releasedAt', 'nextAttemptAt', 'attempts'] as const;
const auditView = (t: OpsTransfer) => Object.fromEntries(AUDITED.map((k) => [k, t[k]]));

export function actOnTransfer(db: Db, actor: Actor, id: string, action: transfers.OpsTransferAction, reason: string, days?: number) {
  return transfers.actAsOperator(db, id, action, async (tx, before, after) => {
    await appendAudit(tx, actor, {
      action: `transfer.${action}`, subjectType: 'transfer', subjectId: id,
      before: auditView(before), after: { ...auditView(after), ...(days ? { extendedByDays: days } : {}) }, reason,
    });
  }, days);
}
