
/**
 * Quantity prices (issue 35, bulk buying; docs/decisions/035): a seller may price a product lower from a quantity on,
 * "100 bags or more: ₹365 a bag". Prices are GST-inclusive like the list price, in paise. The server applies them:
 * a line's unit price is the best break its quantity reaches, whatever a client sends.
 */

/** How many quantity prices one product may have. */
export const QUANTITY_BREAKS_MAX = 5;

/**
 * One quantity price: from `minQuantity` units on, `pricePaise` a unit (its wire schema, ZQuantityBreak, is in
 * api.ts: this file loads no zod, for the product page).
 */
export interface QuantityBreak { minQuantity: number; pricePaise: number }

/** The first quantity price not below the list price, or null when all are below it. */
export function breakNotBelowPrice(listPaise: number, breaks: readonly QuantityBreak[]): QuantityBreak | null {
  return breaks.find((b) => b.pricePaise >= listPaise) ?? null;
}

/** The quantity price a quantity reaches (the largest `minQuantity` at or below it), or null for the list price. */
export function breakFor(breaks: readonly QuantityBreak[], quantity: number): QuantityBreak | null {
  let best: QuantityBreak | null = null;
  for (const b of breaks) if (b.minQuantity <= quantity && (!best || b.minQuantity > best.minQuantity)) best = b;
  return best;
}

/**
 * The unit price of `quantity` units: the best quantity price it reaches, never above the list price (a break
 * left above a lowered list price cannot raise it).
 */
export function unitPricePaise(listPaise: number, breaks: readonly QuantityBreak[], quantity: number): number {
  const applied = breakFor(breaks, quantity);
  return applied ? Math.min(listPaise, applied.pricePaise) : listPaise;
}

/** The next quantity price above `quantity`, if any: "buy 500 or more for ₹355". */
export function nextBreakAfter(breaks: readonly QuantityBreak[], quantity: number): QuantityBreak | null {
  let next: QuantityBreak | null = null;
  for (const b of breaks) if (b.minQuantity > quantity && (!next || b.minQuantity < next.minQuantity)) next = b;
  return next;
}
