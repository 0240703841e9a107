import { OPS_MSG } from '@nirmaan/shared/ops';
import type { Db } from '../db/client.ts';
import { AppError, notFound } from '../lib/errors.ts';
import { appendAudit, type Actor, type ReviewKind } from '../modules/ops/service.ts';
import { lockReview, setLockedReviewHidden } from '../modules/reviews/service.ts';

/**
 * An operator hides or shows a review. The reviews module locks the product's or vendor's row and the review (the
 * review write's order) and changes the review and the stored sum and count; the ops module writes the audit row;
 * all in one transaction. A racing second hide waits, then finds the review hidden: 409.
 */

type HiddenState = { hiddenAt: Date | null; hiddenReason: string | null };
const hiddenForAudit = (r: HiddenState, sums?: { sum: number; count: number }) => ({
  hiddenAt: r.hiddenAt ? r.hiddenAt.toISOString() : null, hiddenReason: r.hiddenReason, ...(sums ? { ratingSum: sums.sum, ratingCount: sums.count } : {}),
});

/** Returns the tags of the cached answers to evict (after the commit). */
export async function setReviewHidden(db: Db, actor: Actor, kind: ReviewKind, id: string, hidden: boolean, reason: string): Promise<string[]> {
  return db.transaction(async (tx) => {
    const locked = await lockReview(tx, kind, id);
    if (!locked) throw notFound(OPS_MSG.reviewNotFound);
    if ((locked.hiddenAt !== null) === hidden) throw new AppError('CONFLICT', hidden ? OPS_MSG.alreadyHidden : OPS_MSG.notHidden);
    const changed = await setLockedReviewHidden(tx, locked, hidden, reason);
    await appendAudit(tx, actor, {
      action: `review.${hidden ? 'hide' : 'unhide'}`, subjectType: `${kind}_review`, subjectId: id,
      before: hiddenForAudit(locked), after: hiddenForAudit(changed.review, changed), reason,
    });
    // The review lists, the pages' averages and the lists' averages.
    return 'productId' in locked ? [`product:${locked.productId}`, 'products'] : [`vendor:${locked.vendorId}`, 'vendors'];
  });
}
