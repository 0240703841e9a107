import { z } from 'zod';
import { zIsoMonth } from './date-schemas.ts';
import { INVOICE_KINDS, ZInvoiceSummary } from './gst.ts';

/**
 * The console's finance screen (docs/decisions/022): every invoice and credit note with filters, and the month's
 * GSTR-8 summary per supplier as JSON (the same figures as `GET /api/ops/reports/gstr8.csv`). Finance and admin
 * operators only (`readInvoices`). Like `./ops`, only the console's chunks and the server import this subpath.
 */

export { MONTH_PATTERN } from './date-schemas.ts';
/** A month in India, YYYY-MM. */
const ZMonth = zIsoMonth();

/** GET /api/ops/invoices: filters (all optional) and the page. */
export const ZOpsInvoiceListQuery = z.object({
  month: ZMonth.optional(),
  /** Part of the supplier's business name or email; "platform" alone finds the platform's own invoices. */
  vendor: z.string().trim().max(100).optional(),
  kind: z.enum(INVOICE_KINDS, { error: 'The kind must be tax_invoice, bill_of_supply or credit_note.' }).optional(),
  page: z.coerce.number().int().min(1).max(10_000).optional(),
});
export type OpsInvoiceListQuery = z.output<typeof ZOpsInvoiceListQuery>;

export const OPS_INVOICES_PAGE_SIZE = 50;
export const ZOpsInvoiceList = z.object({ invoices: z.array(ZInvoiceSummary), total: z.number().int(), page: z.number().int(), pages: z.number().int() });
export type OpsInvoiceList = z.infer<typeof ZOpsInvoiceList>;

/** GET /api/ops/reports/gstr8?month=YYYY-MM: one registered supplier's month: net of its credit notes; TCS at 0.5% of the net (0.25% + 0.25% within a state). */
export const ZGstr8Supplier = z.object({
  gstin: z.string(),
  legalName: z.string(),
  vendorId: z.string(),
  grossTaxablePaise: z.number().int(),
  returnedTaxablePaise: z.number().int(),
  netTaxablePaise: z.number().int(),
  igstPaise: z.number().int(),
  cgstPaise: z.number().int(),
  sgstPaise: z.number().int(),
  tcsIgstPaise: z.number().int(),
  tcsCgstPaise: z.number().int(),
  tcsSgstPaise: z.number().int(),
});
export type Gstr8Supplier = z.infer<typeof ZGstr8Supplier>;
export const ZGstr8Report = z.object({ month: z.string(), suppliers: z.array(ZGstr8Supplier) });
export type Gstr8Report = z.infer<typeof ZGstr8Report>;
