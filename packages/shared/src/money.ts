/**
 * Money, in one place (docs/architecture.md, "Money"; decision record 030). Every money column is a bigint of
 * integer paise named `*_paise` and the server computes in paise; the public calls that answer in rupees get
 * `paiseToRupees` at the edge and what they are sent goes through `rupeesToPaise`. People read `formatPaise` (an
 * amount in paise) or `formatRupees` (an amount in rupees, as the public calls carry them): the only two formatters.
 *
 * No amount ever passes through a float sum: every product or share is taken in BigInt. One rounding rule: half up
 * (a share of exactly half a paisa is a whole paisa more). An amount with more than two decimals, a fraction of a
 * paisa, NaN or ±Infinity is refused with a RangeError: it is a bug, never a price to round quietly.
 */
const PAISE_PER_RUPEE = 100;
const BPS_PER_WHOLE = 10_000;

/** A whole number of paise, or a RangeError naming what it was. */
function assertPaise(paise: number, what = 'amount'): number {
  if (!Number.isSafeInteger(paise)) throw new RangeError(`The ${what} must be a whole number of paise: ${paise}`);
  return paise;
}

function assertNotNegative(value: number, what: string): number {
  if (value < 0) throw new RangeError(`The ${what} cannot be negative: ${value}`);
  return value;
}

/** The nearest whole paise of an amount of rupees, and whether that is the amount exactly. */
function nearestPaise(rupees: number): { paise: number; exact: boolean } {
  const paise = Math.round(Math.abs(rupees) * PAISE_PER_RUPEE) * (rupees < 0 ? -1 : 1);
  // The nearest paisa must be the same number back: 19.99 is, 0.125 (half a paisa) is not.
  return { paise, exact: Number.isFinite(rupees) && paise / PAISE_PER_RUPEE === rupees && Number.isSafeInteger(paise) };
}

/** Whether an amount of rupees is a whole number of paise (at most two decimals): what a form or a body may send. */
export const isWholePaise = (rupees: number): boolean => nearestPaise(rupees).exact;

/** The whole paise at or below an amount of rupees: a bound a client may send with more decimals (a price filter). */
export function paiseAtMost(rupees: number): number {
  const { paise, exact } = nearestPaise(rupees);
  return assertPaise(exact ? paise : Math.floor(rupees * PAISE_PER_RUPEE), 'bound');
}

/**
 * Rupees (at most two decimals) as integer paise, exactly: `19.99` → 1999 although 19.99 × 100 is
 * 1998.9999999999998 in floating point. A number that is not a whole count of paise (0.125, NaN) is refused.
 */
export function rupeesToPaise(rupees: number): number {
  if (!Number.isFinite(rupees)) throw new RangeError(`Not an amount of rupees: ${rupees}`);
  const { paise, exact } = nearestPaise(rupees);
  if (!exact) throw new RangeError(`An amount of rupees has at most two decimals: ${rupees}`);
  return assertPaise(paise);
}

/** Integer paise (a number, a bigint column, or a sum's numeric string) as rupees: what the public calls answer. */
export function paiseToRupees(paise: number | bigint | string): number {
  const value = typeof paise === 'number' ? paise : Number(paise);
  if (!Number.isSafeInteger(value)) throw new RangeError(`Not a whole number of paise: ${String(paise)}`);
  return value / PAISE_PER_RUPEE;
}

const DECIMAL = /^(-?)(\d{1,16})(?:\.(\d{1,2}))?$/;

/**
 * A decimal string of rupees (what a person types: "1499.00", "-0.50", "7") as integer paise, parsed digit by
 * digit. More than two decimals, an exponent, blanks or anything else is refused.
 */
export function paiseFromDecimal(text: string): number {
  const m = DECIMAL.exec(text);
  if (!m) throw new RangeError(`Not an amount of rupees with at most two decimals: "${text}"`);
  const paise = Number(m[2]) * PAISE_PER_RUPEE + Number((m[3] ?? '').padEnd(2, '0'));
  return assertPaise(m[1] ? -paise : paise);
}

/** Integer paise as the decimal string a CSV cell or a tax report takes: 149950 → "1499.50", -5 → "-0.05". */
export function paiseToDecimal(paise: number): string {
  assertPaise(paise);
  const abs = Math.abs(paise);
  return `${paise < 0 ? '-' : ''}${Math.floor(abs / PAISE_PER_RUPEE)}.${String(abs % PAISE_PER_RUPEE).padStart(2, '0')}`;
}

/** How an amount reads: always with its paise (₹1,500.00, for totals and payments), or `short` for a whole one. */
export interface MoneyFormat {
  /** `short` leaves ".00" off a whole amount (₹1,500) for prices, limits and round figures in messages. */
  wholeRupees?: 'short';
}

/** Paise as people read them: ₹1,23,456.50, in Indian digit grouping (lakhs and crores), always with the paise. */
export function formatPaise(paise: number, options: MoneyFormat = {}): string {
  const [rupees, fraction] = paiseToDecimal(Math.abs(paise)).split('.') as [string, string];
  const grouped = rupees.length > 3 ? `${rupees.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',')},${rupees.slice(-3)}` : rupees;
  const tail = options.wholeRupees === 'short' && fraction === '00' ? '' : `.${fraction}`;
  return `${paise < 0 ? '-' : ''}₹${grouped}${tail}`;
}

/** Rupees as the public calls carry them (380, 55.75), read like `formatPaise`: ₹55.75, ₹1,499.00, or ₹380 short. */
export const formatRupees = (rupees: number, options: MoneyFormat = {}): string => formatPaise(rupeesToPaise(rupees), options);

/** The exact sum of amounts in paise. */
export function sumPaise(amounts: Iterable<number>): number {
  let total = 0;
  for (const a of amounts) total = assertPaise(total + assertPaise(a), 'sum');
  return total;
}

/** A unit price in paise times a whole, non-negative quantity: a line's total. */
export function timesQuantity(unitPaise: number, quantity: number): number {
  if (!Number.isSafeInteger(quantity) || quantity < 0) throw new RangeError(`A quantity is a whole number, 0 or more: ${quantity}`);
  return assertPaise(assertPaise(unitPaise, 'unit price') * quantity, 'line total');
}

/** `part × numerator / denominator` in BigInt, rounded half up; the operands are non-negative safe integers. */
function halfUp(part: number, numerator: number, denominator: number): number {
  const [a, n, d] = [BigInt(part), BigInt(numerator), BigInt(denominator)];
  return Number((a * n * 2n + d) / (d * 2n));
}

/**
 * A rate in basis points (1% = 100 bps) of an amount in paise, rounded half up: 7.5% of ₹333.33 is 2499.975
 * paise, so 2500. Commission, TCS and the like; the amount and the rate are never negative.
 */
export function bpsOf(amountPaise: number, rateBps: number): number {
  assertNotNegative(assertPaise(amountPaise), 'amount');
  if (!Number.isSafeInteger(rateBps) || rateBps < 0) throw new RangeError(`A rate is a whole number of basis points, 0 or more: ${rateBps}`);
  return halfUp(amountPaise, rateBps, BPS_PER_WHOLE);
}

/**
 * The share of `amountPaise` that `part` is of `whole`, rounded half up: the vendor's part of a partial refund is
 * `shareOf(refund, net, paid)`. Nothing of nothing is 0. When several shares must add up to the amount, use
 * `splitPaise`.
 */
export function shareOf(amountPaise: number, part: number, whole: number): number {
  assertNotNegative(assertPaise(amountPaise), 'amount');
  assertNotNegative(assertPaise(part, 'part'), 'part');
  assertNotNegative(assertPaise(whole, 'whole'), 'whole');
  return whole === 0 ? 0 : halfUp(amountPaise, part, whole);
}

/**
 * Splits an amount in proportion to weights (paise or any whole numbers) so that the parts add up to the amount
 * exactly: each part is first rounded down, then the paise left over go one each to the parts with the largest
 * remainders, the earlier part first on a tie. For two parts this is `shareOf`'s half up for the first.
 * All-zero weights split nothing (every part 0) unless the amount is 0 too: that is refused.
 */
export function splitPaise(amountPaise: number, weights: readonly number[]): number[] {
  assertNotNegative(assertPaise(amountPaise), 'amount');
  for (const w of weights) assertNotNegative(assertPaise(w, 'weight'), 'weight');
  const total = BigInt(sumPaise(weights));
  if (total === 0n) {
    if (amountPaise !== 0) throw new RangeError('An amount cannot be split by weights that are all zero.');
    return weights.map(() => 0);
  }
  const exactParts = weights.map((w) => BigInt(amountPaise) * BigInt(w));
  const parts = exactParts.map((p) => p / total);
  let left = amountPaise - parts.reduce((s, p) => s + Number(p), 0);
  const byRemainder = exactParts.map((p, i) => ({ i, rest: p % total })).sort((x, y) => (y.rest > x.rest ? 1 : y.rest < x.rest ? -1 : x.i - y.i));
  for (const { i } of byRemainder) {
    if (left === 0) break;
    parts[i]! += 1n;
    left -= 1;
  }
  return parts.map(Number);
}

/** Percentage off the MRP, rounded, or null when there is no real discount. */
export function discountPercent(price: number, mrp: number | null): number | null {
  return mrp !== null && mrp > price ? Math.round(((mrp - price) / mrp) * 100) : null;
}
