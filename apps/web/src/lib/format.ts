import { formatINR } from '@nirmaan/shared/money';

// Money is formatted in packages/shared (money.ts; dates in dates.ts), where the server can use it too.
export { discountPercent } from '@nirmaan/shared/money';

/** ₹1,00,000 — whole rupees, Indian digit grouping. */
export const formatRupees = (amount: number) => formatINR(amount);
/** ₹1,00,000.00 — for totals and payment summaries. */
export const formatRupees2 = (amount: number) => formatINR(amount, { paise: true });
