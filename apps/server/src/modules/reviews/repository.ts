import type { Db } from '../../db/client.ts';
import { reviewReports } from '../../db/schema.ts';

/** Customers' reports of reviews. The unique (kind, review, customer) index keeps one per customer under races. */
export async function insertReport(db: Db, report: { kind: 'product' | 'vendor'; reviewId: string; customerId: string; reason: string | null }) {
  await db.insert(reviewReports).values(report).onConflictDoNothing({ target: [reviewReports.kind, reviewReports.reviewId, reviewReports.customerId] });
}
