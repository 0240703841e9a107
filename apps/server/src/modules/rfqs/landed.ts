import { materialTaxClass, splitInclusive } from '@nirmaan/shared/gst';
import { splitPaise, sumPaise, timesQuantity } from '@nirmaan/shared/money';
import type { StoredQuoteItem } from '../../db/schema/rfqs.ts';

/**
 * The landed total of a quote (decision record 036): pure arithmetic in integer paise, no database and no clock.
 * Unit prices include GST as catalogue prices do; each line's tax is derived from its GST-inclusive total with the
 * HSN and rate of the product it is sold as, exactly as its invoice will split it (gst.ts `splitInclusive`). Freight,
 * unloading and part-load are charged as they are, as checkout charges a seller's delivery fee.
 */

export interface PricedItemIn {
  itemId: string; quantity: number; unitPricePaise: number;
  product: { id: string; name: string; category: string; hsn: string | null; gstRatePercent: number | null };
}
export interface Charges { freightPaise: number; unloadingPaise: number; partLoadPaise: number }

export interface Landed {
  items: StoredQuoteItem[];
  materialPaise: number;
  gstPaise: number;
  landedTotalPaise: number;
}

/** Each line's total, tax and landed price per unit; the material, its GST and the landed total. */
export function landedTotal(lines: readonly PricedItemIn[], charges: Charges): Landed {
  const totals = lines.map((l) => timesQuantity(l.unitPricePaise, l.quantity));
  const chargesPaise = sumPaise([charges.freightPaise, charges.unloadingPaise, charges.partLoadPaise]);
  // The charges shared over the lines by their totals (the parts add up exactly), as checkout shares a delivery fee.
  const shares = splitPaise(chargesPaise, totals);
  const items = lines.map((l, i): StoredQuoteItem => {
    const tax = materialTaxClass(l.product.category, l.product.hsn, l.product.gstRatePercent);
    const split = splitInclusive(totals[i]!, tax.ratePercent, false);
    return {
      itemId: l.itemId, productId: l.product.id, productName: l.product.name, quantity: l.quantity, unitPricePaise: l.unitPricePaise,
      materialPaise: totals[i]!, hsn: tax.code, gstRatePercent: tax.ratePercent, taxablePaise: split.taxableValuePaise, gstPaise: split.igstPaise,
      landedPerUnitPaise: Math.round((totals[i]! + shares[i]!) / l.quantity),
    };
  });
  const materialPaise = sumPaise(totals);
  return { items, materialPaise, gstPaise: sumPaise(items.map((i) => i.gstPaise)), landedTotalPaise: sumPaise([materialPaise, chargesPaise]) };
}

/** The landed price per unit over the whole quote, when every item is counted in one unit; null otherwise. */
export function landedPerUnit(landedTotalPaise: number, items: readonly { quantity: number; unit: string }[]): number | null {
  if (items.length === 0 || new Set(items.map((i) => i.unit)).size !== 1) return null;
  return Math.round(landedTotalPaise / items.reduce((s, i) => s + i.quantity, 0));
}
