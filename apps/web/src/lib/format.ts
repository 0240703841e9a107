// Money is formatted in packages/shared (money.ts: formatRupees and formatPaise; dates in dates.ts), where the
// server can use it too.
export { discountPercent } from '@nirmaan/shared/money';
