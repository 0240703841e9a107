import {
  GST_STATES, INVOICE_TITLES, amountInWords, financialYear, indiaDate, splitInclusive,
  type InvoiceDocument, type InvoiceKind, type InvoiceLine, type InvoiceParty as Party, type InvoiceState as State, type InvoiceTotals,
  type StoredInvoiceLine as StoredLine, type TaxClass,
} from '@nirmaan/shared';

/**
 * What an invoice says, built from plain facts (no database): the parties, the place of supply, each line's
 * taxable value and taxes split from the price paid, the totals and the amount in words (decision record 022).
 */

/** A line to invoice: what was sold and the GST-inclusive amount paid for it. `ref` names its source row. */
export interface Item { ref: string; description: string; taxClass: TaxClass; quantity: number; unit: string; amountPaise: number }

export type { State, Party, StoredLine, InvoiceDocument };

export const stateOf = (code: string | null | undefined): State | null => (code && GST_STATES[code] ? { code, name: GST_STATES[code]! } : null);
export const stateOfGstin = (gstin: string | null | undefined) => stateOf(gstin?.slice(0, 2));

/**
 * The platform as a supplier (its delivery fee and the bookings' service charge), from its configured registration
 * (the PLATFORM_* settings); its state is its GSTIN's, as a vendor's is.
 */
export function platformParty(c: { tradeName: string; legalName: string; gstin: string; address: string }): Party {
  return { name: c.tradeName, legalName: c.legalName, gstin: c.gstin, address: c.address, state: stateOfGstin(c.gstin) };
}

export function totalsOf(lines: readonly InvoiceLine[]): InvoiceTotals {
  const t = { taxableValuePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0, totalPaise: 0 };
  for (const l of lines) {
    t.taxableValuePaise += l.taxableValuePaise; t.cgstPaise += l.cgstPaise; t.sgstPaise += l.sgstPaise; t.igstPaise += l.igstPaise; t.totalPaise += l.totalPaise;
  }
  return t;
}

/**
 * The place of supply: the delivery (or service) state; when the address names no known state, the registered
 * buyer's state, else the supplier's own (an intra-state supply).
 */
export function placeOfSupply(addressState: State | null, supplier: Party, recipient: Party): State | null {
  return addressState ?? stateOfGstin(recipient.gstin) ?? supplier.state;
}

/**
 * A tax invoice when the supplier has a GSTIN (CGST + SGST within its state, IGST across states), else a Bill of
 * Supply with no tax split. Every line's taxable value and taxes add up to the paise paid for it.
 */
export function buildInvoice(opts: { supplier: Party; recipient: Party; place: State | null; items: Item[]; at: Date }): InvoiceDocument {
  const { supplier, recipient, place, items, at } = opts;
  const taxed = supplier.gstin !== null;
  const intraState = !place || !supplier.state || place.code === supplier.state.code;
  const lines = items.map((item): StoredLine => {
    const ratePercent = taxed ? item.taxClass.ratePercent : 0;
    return {
      ref: item.ref, description: item.description, hsn: item.taxClass.code, quantity: item.quantity, unit: item.unit, ratePercent,
      ...splitInclusive(item.amountPaise, ratePercent, intraState), totalPaise: item.amountPaise,
    };
  });
  const totals = totalsOf(lines);
  const kind: InvoiceKind = taxed ? 'tax_invoice' : 'bill_of_supply';
  return {
    kind, title: INVOICE_TITLES[kind], date: indiaDate(at), supplier, recipient, placeOfSupply: place, reverseCharge: 'No', refersTo: null,
    lines, totals, amountInWords: amountInWords(totals.totalPaise),
  };
}

/** A credit note for some lines of an invoice: the same parties, place and taxes, line for line. */
export function buildCreditNote(invoice: { id: string; number: string; document: InvoiceDocument }, lines: StoredLine[], at: Date): InvoiceDocument {
  const totals = totalsOf(lines);
  const { supplier, recipient, placeOfSupply: place, date } = invoice.document;
  return {
    kind: 'credit_note', title: INVOICE_TITLES.credit_note, date: indiaDate(at), supplier, recipient, placeOfSupply: place, reverseCharge: 'No',
    refersTo: { id: invoice.id, number: invoice.number, date }, lines, totals, amountInWords: amountInWords(totals.totalPaise),
  };
}

/** A vendor's short code in its invoice numbers: 4 characters of its id (numbers are unique per supplier). */
const vendorCode = (vendorId: string) => vendorId.replace(/-/g, '').slice(0, 4).toUpperCase();

/**
 * The series and the number format, at most 16 characters: `3F2A/2627/000123` (a vendor), `3F2A/C2627/00012`
 * (its credit notes), `NRM/2627/000123` and `NRM/C2627/00012` (the platform).
 */
export function seriesOf(supplier: { vendorId: string | null }, creditNote: boolean): { series: string; format: (fy: string, seq: number) => string } {
  const code = supplier.vendorId ? vendorCode(supplier.vendorId) : 'NRM';
  const series = `${supplier.vendorId ? `vendor:${supplier.vendorId}` : 'platform'}${creditNote ? ':cn' : ''}`;
  return {
    series,
    format: (fy, seq) => (creditNote ? `${code}/C${fy}/${String(seq).padStart(5, '0')}` : `${code}/${fy}/${String(seq).padStart(6, '0')}`),
  };
}

export { financialYear };
