import { isCalendarMonth, paiseToDecimal, tcsPaise } from '@nirmaan/shared';
import type { Gstr8Supplier } from '@nirmaan/shared/ops-finance';
import type { InvoiceRow } from './repository.ts';

/**
 * The tax reports as CSV (decision record 022): the platform's TCS statement per month and supplier, shaped for
 * GSTR-8, and each vendor's sales register for its GSTR-1. Credit notes count negative. Amounts in rupees with
 * two decimals; a bill of supply (an unregistered supplier) owes no TCS and is left out of GSTR-8.
 */

const rupees = paiseToDecimal;
const cell = (v: string | number) => {
  const s = String(v);
  // Quotes around anything with a separator, and a leading quote against formula injection in spreadsheets.
  const safe = /^[=+\-@\t\r]/.test(s) && !/^-?\d/.test(s) ? `'${s}` : s;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};
const csv = (rows: (string | number)[][]) => `${rows.map((r) => r.map(cell).join(',')).join('\r\n')}\r\n`;

/** A month in India, `YYYY-MM`, as the instants it runs between. */
export function monthRange(month: string): { from: Date; to: Date } | null {
  const m = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(month);
  // Years 2000–2100 only: year 0 or 10000 is no instant the database or Date can hold.
  if (!m || !isCalendarMonth(month)) return null;
  const [y, mo] = [Number(m[1]), Number(m[2])];
  const next = mo === 12 ? `${y + 1}-01` : `${y}-${String(mo + 1).padStart(2, '0')}`;
  return { from: new Date(`${month}-01T00:00:00+05:30`), to: new Date(`${next}-01T00:00:00+05:30`) };
}

const signOf = (row: InvoiceRow) => (row.kind === 'credit_note' ? -1 : 1);

/**
 * GSTR-8 (TCS by an e-commerce operator) for a month's documents: per registered supplier, gross and returned
 * taxable value, the net, its taxes, and TCS at 0.5% of the net (IGST across states; 0.25% + 0.25% within one, the
 * odd paisa to CGST). The console's table and the CSV both read this.
 */
export function gstr8Suppliers(rows: InvoiceRow[]): Gstr8Supplier[] {
  const bySupplier = new Map<string, Gstr8Supplier & { interTaxable: number; intraTaxable: number }>();
  for (const row of rows) {
    const d = row.document;
    if (row.vendorId === null || !d.supplier.gstin || row.kind === 'bill_of_supply') continue;
    const s = bySupplier.get(d.supplier.gstin) ?? {
      gstin: d.supplier.gstin, legalName: d.supplier.legalName ?? d.supplier.name, vendorId: row.vendorId, grossTaxablePaise: 0, returnedTaxablePaise: 0,
      netTaxablePaise: 0, igstPaise: 0, cgstPaise: 0, sgstPaise: 0, tcsIgstPaise: 0, tcsCgstPaise: 0, tcsSgstPaise: 0, interTaxable: 0, intraTaxable: 0,
    };
    const sign = signOf(row);
    if (sign > 0) s.grossTaxablePaise += row.taxablePaise;
    else s.returnedTaxablePaise += row.taxablePaise;
    s.igstPaise += sign * row.igstPaise; s.cgstPaise += sign * row.cgstPaise; s.sgstPaise += sign * row.sgstPaise;
    if (row.igstPaise > 0) s.interTaxable += sign * row.taxablePaise;
    else s.intraTaxable += sign * row.taxablePaise;
    bySupplier.set(d.supplier.gstin, s);
  }
  return [...bySupplier.values()].sort((a, b) => (a.gstin < b.gstin ? -1 : 1)).map(({ interTaxable, intraTaxable, ...s }) => {
    const intraTcs = tcsPaise(intraTaxable);
    return { ...s, netTaxablePaise: s.grossTaxablePaise - s.returnedTaxablePaise, tcsIgstPaise: tcsPaise(interTaxable), tcsCgstPaise: Math.ceil(intraTcs / 2), tcsSgstPaise: Math.floor(intraTcs / 2) };
  });
}

/** GSTR-8 as CSV, one row per registered supplier, in rupees. */
export function gstr8Csv(month: string, suppliers: Gstr8Supplier[]): string {
  const header = ['Month', 'GSTIN of supplier', 'Legal name', 'Gross value of supplies', 'Value of supplies returned', 'Net amount liable for TCS', 'IGST', 'CGST', 'SGST', 'TCS IGST', 'TCS CGST', 'TCS SGST'];
  const lines = suppliers.map((s) => [
    month, s.gstin, s.legalName, rupees(s.grossTaxablePaise), rupees(s.returnedTaxablePaise), rupees(s.netTaxablePaise), rupees(s.igstPaise), rupees(s.cgstPaise), rupees(s.sgstPaise),
    rupees(s.tcsIgstPaise), rupees(s.tcsCgstPaise), rupees(s.tcsSgstPaise),
  ]);
  return csv([header, ...lines]);
}

/** A vendor's sales register for GSTR-1: one row per invoice or credit note line. */
export function salesRegisterCsv(rows: InvoiceRow[]): string {
  const header = ['Document', 'Number', 'Date', 'Against invoice', 'Recipient GSTIN', 'Recipient', 'Place of supply', 'HSN/SAC', 'Description', 'Quantity', 'Rate %', 'Taxable value', 'IGST', 'CGST', 'SGST', 'Total'];
  const lines = rows.flatMap((row) => {
    const d = row.document;
    const sign = signOf(row);
    return d.lines.map((l) => [
      d.title, row.number ?? '', d.date, d.refersTo?.number ?? '', d.recipient.gstin ?? '', d.recipient.legalName ?? d.recipient.name,
      d.placeOfSupply ? `${d.placeOfSupply.code}-${d.placeOfSupply.name}` : '', l.hsn, l.description, `${l.quantity} ${l.unit}`, l.ratePercent,
      rupees(sign * l.taxableValuePaise), rupees(sign * l.igstPaise), rupees(sign * l.cgstPaise), rupees(sign * l.sgstPaise), rupees(sign * l.totalPaise),
    ]);
  });
  return csv([header, ...lines]);
}
