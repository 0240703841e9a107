import { z } from 'zod';
import { gstinError } from './payouts.ts';
import { text } from './text.ts';

/**
 * GST on what Nirmaan sells (decision record 022): each category's HSN or SAC and rate as in force from
 * 22 September 2025, the split of a GST-inclusive price into taxable value and tax, the state table, financial
 * years and the amount in words. Server, portal and checkout read the same tables.
 */

/** GST state codes and names (the first two digits of a GSTIN). */
export const GST_STATES: Readonly<Record<string, string>> = {
  '01': 'Jammu and Kashmir', '02': 'Himachal Pradesh', '03': 'Punjab', '04': 'Chandigarh', '05': 'Uttarakhand',
  '06': 'Haryana', '07': 'Delhi', '08': 'Rajasthan', '09': 'Uttar Pradesh', '10': 'Bihar', '11': 'Sikkim',
  '12': 'Arunachal Pradesh', '13': 'Nagaland', '14': 'Manipur', '15': 'Mizoram', '16': 'Tripura', '17': 'Meghalaya',
  '18': 'Assam', '19': 'West Bengal', '20': 'Jharkhand', '21': 'Odisha', '22': 'Chhattisgarh', '23': 'Madhya Pradesh',
  '24': 'Gujarat', '26': 'Dadra and Nagar Haveli and Daman and Diu', '27': 'Maharashtra', '29': 'Karnataka', '30': 'Goa',
  '31': 'Lakshadweep', '32': 'Kerala', '33': 'Tamil Nadu', '34': 'Puducherry', '35': 'Andaman and Nicobar Islands',
  '36': 'Telangana', '37': 'Andhra Pradesh', '38': 'Ladakh', '97': 'Other Territory', '99': 'Centre Jurisdiction',
};

const squash = (s: string) => s.toLowerCase().replace(/&/g, 'and').replace(/[^a-z]/g, '');
const STATE_BY_NAME = new Map(Object.entries(GST_STATES).map(([code, name]) => [squash(name), code]));
for (const [alias, code] of [['orissa', '21'], ['pondicherry', '34'], ['newdelhi', '07'], ['nctofdelhi', '07'], ['jandk', '01'], ['damananddiu', '26'], ['dadraandnagarhaveli', '26']] as const) STATE_BY_NAME.set(alias, code);

/** The state code of a state's name as people type it ("Karnataka", "TELANGANA", "Orissa"), or null. */
export function stateCodeOfName(name: string | null | undefined): string | null {
  return name ? (STATE_BY_NAME.get(squash(name)) ?? null) : null;
}

/** One HSN (goods) or SAC (services) with its GST rate. */
export interface TaxClass {
  code: string;
  ratePercent: number;
  label: string;
}

const c = (code: string, ratePercent: number, label: string): TaxClass => ({ code, ratePercent, label });

/**
 * Each material category's allowed HSN codes and rates, the first the default (sources in decision record 022:
 * Notification 9/2025-Central Tax (Rate) and 14/2025-Central Tax (Rate), both in force from 22 September 2025).
 */
export const MATERIAL_TAX: Readonly<Record<string, readonly TaxClass[]>> = {
  Cement: [c('2523', 18, 'Portland cement')],
  Steel: [c('7214', 18, 'Bars and rods of iron or steel'), c('7308', 18, 'Structures of iron or steel')],
  Bricks: [c('6904', 12, 'Building bricks'), c('6815', 12, 'Fly ash bricks and blocks'), c('6901', 12, 'Bricks of siliceous earths'), c('6810', 5, 'Sand lime bricks')],
  Sand: [c('2505', 5, 'Natural sands')],
  Aggregates: [c('2517', 5, 'Crushed stone and gravel')],
  Concrete: [c('3824', 18, 'Ready-mix concrete')],
  Paints: [c('3209', 18, 'Paints in an aqueous medium'), c('3208', 18, 'Paints in a non-aqueous medium')],
  Tiles: [c('6907', 18, 'Ceramic tiles')],
  Flooring: [c('6802', 18, 'Worked granite and marble'), c('2515', 5, 'Marble blocks'), c('2516', 5, 'Granite blocks')],
  Glass: [c('7007', 18, 'Safety glass')],
  Doors: [c('4418', 18, 'Wooden doors and joinery'), c('7308', 18, 'Steel doors')],
  Windows: [c('3925', 18, 'Plastic builders\' ware'), c('7610', 18, 'Aluminium windows')],
  Roofing: [c('7210', 18, 'Coated steel sheets'), c('6905', 12, 'Earthen roofing tiles')],
  Plumbing: [c('3917', 18, 'Plastic pipes and fittings')],
  'Bathroom Fittings': [c('8481', 18, 'Taps and valves'), c('6910', 18, 'Ceramic sanitary ware')],
  Electrical: [c('8544', 18, 'Insulated wires'), c('8536', 18, 'Switches and MCBs')],
  Lighting: [c('9405', 18, 'Lamps and light fittings')],
  'Grouts & Sealants': [c('3214', 18, 'Grouts and sealants')],
  Wallpaper: [c('4814', 18, 'Wallpaper')],
  Curtains: [c('6303', 5, 'Curtains and blinds')],
  Furniture: [c('9403', 18, 'Furniture')],
  'Modular Furniture': [c('9403', 18, 'Furniture')],
  Kitchen: [c('9403', 18, 'Kitchen furniture'), c('7324', 18, 'Steel sinks')],
  Wardrobe: [c('9403', 18, 'Furniture')],
  'False Ceiling': [c('6809', 18, 'Gypsum boards')],
  'Decorative Panels': [c('3925', 18, 'Plastic panels'), c('4411', 18, 'Fibreboard panels')],
  'Smart Home': [c('8536', 18, 'Smart switches'), c('8525', 18, 'Cameras')],
};

/** A material whose category is not in the table (none today): 18%, the standard rate, under the general heading. */
export const MATERIAL_FALLBACK: TaxClass = c('6810', 18, 'Building materials');

/** Services by SAC: construction work, repair and maintenance, architecture and engineering; all at 18%. */
export const SAC = {
  construction: c('9954', 18, 'Construction services'),
  repair: c('9987', 18, 'Repair and maintenance services'),
  engineering: c('9983', 18, 'Architecture and engineering services'),
} as const;

const ENGINEERING = ['Architect', 'Civil Engineer', 'Structural Engineer', 'Survey Engineer', 'MEP Consultant', 'Project Manager', 'HVAC Engineer', 'Safety Engineer', 'Interior Designer', 'Waterproofing Consultant', 'Acoustic Consultant', 'Site Supervisor'];
const REPAIR = ['Plumber', 'Electrician', 'Lift Technician', 'Mechanic', 'Technician'];

/** The SAC of a professional's trade: engineering and design 9983, repairs 9987, the rest construction work 9954. */
export function serviceTaxClass(trade: string): TaxClass {
  if (ENGINEERING.includes(trade)) return SAC.engineering;
  if (REPAIR.includes(trade)) return SAC.repair;
  return SAC.construction;
}

/** The HSN codes and rates a seller may choose for a product of `category`, its default first. */
export function allowedTaxClasses(category: string): readonly TaxClass[] {
  return MATERIAL_TAX[category] ?? [MATERIAL_FALLBACK];
}

/**
 * A product's tax class: the seller's choice (`hsn` and `ratePercent`, as stored) when it is allowed for the
 * category, else the category's default.
 */
export function materialTaxClass(category: string, hsn?: string | null, ratePercent?: number | null): TaxClass {
  const allowed = allowedTaxClasses(category);
  return allowed.find((t) => t.code === hsn && (ratePercent == null || t.ratePercent === ratePercent)) ?? allowed[0]!;
}

/** A seller's HSN and rate as stored on the product: both null means "the category's default". */
export interface ProductTaxChoice { hsn: string | null; gstRatePercent: number | null }

export type ProductTaxResult =
  | { ok: true; choice: ProductTaxChoice }
  | { ok: false; field: 'ProductHsn' | 'ProductGstRate'; message: string };

const choices = (allowed: readonly TaxClass[]) => allowed.map((t) => `${t.code} (${t.label}, ${t.ratePercent}%)`).join(', ');

/**
 * Checks a seller's HSN and GST rate for a product of `category` against the allowed values. No HSN and no rate:
 * the category's default. An HSN alone takes its rate; a rate alone picks the first allowed HSN at that rate.
 */
export function chooseProductTax(category: string, hsn: string | null, ratePercent: number | null): ProductTaxResult {
  if (hsn === null && ratePercent === null) return { ok: true, choice: { hsn: null, gstRatePercent: null } };
  const allowed = allowedTaxClasses(category);
  const sameCode = hsn === null ? allowed : allowed.filter((t) => t.code === hsn);
  if (sameCode.length === 0) {
    return { ok: false, field: 'ProductHsn', message: `HSN ${hsn} cannot be used for ${category}. Please choose one of: ${choices(allowed)}.` };
  }
  const picked = ratePercent === null ? sameCode[0] : sameCode.find((t) => t.ratePercent === ratePercent);
  if (!picked) {
    const rates = [...new Set(sameCode.map((t) => `${t.ratePercent}%`))].join(' or ');
    return { ok: false, field: 'ProductGstRate', message: hsn === null ? `The GST rate for ${category} must be ${rates}.` : `The GST rate for HSN ${hsn} must be ${rates}.` };
  }
  return { ok: true, choice: { hsn: picked.code, gstRatePercent: picked.ratePercent } };
}

/** The platform's own supplies: its delivery fee (courier services) and a booking's service charge (support services). */
export const PLATFORM_TAX = {
  deliveryFee: c('9968', 18, 'Delivery charges'),
  serviceCharge: c('9985', 18, 'Platform service charge'),
} as const;

export interface TaxSplit {
  taxableValuePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
}

/**
 * Splits a GST-inclusive amount (integer paise) at `ratePercent` (decision record 022): the taxable value is
 * amount × 100 / (100 + rate), rounded to the nearest paisa (half up); the tax is the rest, so the two add up to
 * the amount exactly. Within a state the tax is halved: CGST takes the odd paisa, SGST the other half. Without
 * tax (`ratePercent` 0, or a Bill of Supply) everything is the taxable value.
 */
export function splitInclusive(amountPaise: number, ratePercent: number, intraState: boolean): TaxSplit {
  if (!Number.isSafeInteger(amountPaise) || amountPaise < 0) throw new RangeError('The amount must be whole paise.');
  const base = 100 + ratePercent;
  const taxableValuePaise = Math.floor((amountPaise * 200 + base) / (2 * base));
  const tax = amountPaise - taxableValuePaise;
  if (!intraState) return { taxableValuePaise, cgstPaise: 0, sgstPaise: 0, igstPaise: tax };
  const sgstPaise = Math.floor(tax / 2);
  return { taxableValuePaise, cgstPaise: tax - sgstPaise, sgstPaise, igstPaise: 0 };
}

/** TCS an e-commerce operator collects (CGST Act section 52): 0.5% of net taxable supplies, rounded to the paisa. */
export const TCS_BPS = 50;
export const tcsPaise = (netTaxablePaise: number) => Math.round((netTaxablePaise * TCS_BPS) / 10_000);

const IST_OFFSET_MS = (5 * 60 + 30) * 60_000;

/** The date in India (YYYY-MM-DD) of an instant: an invoice's date. */
export const indiaDate = (at: Date) => new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);

/** The financial year (April to March, in India) of an instant, as its two two-digit years: "2627" for 2026-27. */
export function financialYear(at: Date): string {
  const [y, m] = indiaDate(at).split('-').map(Number) as [number, number];
  const start = m >= 4 ? y : y - 1;
  return `${String(start % 100).padStart(2, '0')}${String((start + 1) % 100).padStart(2, '0')}`;
}

const ONES = ['', 'One', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight', 'Nine', 'Ten', 'Eleven', 'Twelve', 'Thirteen', 'Fourteen', 'Fifteen', 'Sixteen', 'Seventeen', 'Eighteen', 'Nineteen'];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

function belowHundred(n: number): string {
  if (n < 20) return ONES[n]!;
  return ONES[n % 10] ? `${TENS[Math.floor(n / 10)]}-${ONES[n % 10]}` : TENS[Math.floor(n / 10)]!;
}

function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  return [hundreds ? `${ONES[hundreds]} Hundred` : '', rest ? belowHundred(rest) : ''].filter(Boolean).join(' ');
}

/** Whole rupees in the Indian system: crore, lakh, thousand, hundred ("One Crore Twenty-Three Lakh ..."). */
export function indianNumberInWords(n: number): string {
  if (n === 0) return 'Zero';
  const crore = Math.floor(n / 10_000_000);
  const parts = [
    crore ? `${indianNumberInWords(crore)} Crore` : '',
    Math.floor((n % 10_000_000) / 100_000) ? `${belowHundred(Math.floor((n % 10_000_000) / 100_000))} Lakh` : '',
    Math.floor((n % 100_000) / 1000) ? `${belowHundred(Math.floor((n % 100_000) / 1000))} Thousand` : '',
    n % 1000 ? belowThousand(n % 1000) : '',
  ];
  return parts.filter(Boolean).join(' ');
}

/** "Rupees One Crore ... and Fifty Paise Only": an invoice's amount in words. */
export function amountInWords(paise: number): string {
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  return `Rupees ${indianNumberInWords(rupees)}${rest ? ` and ${belowHundred(rest)} Paise` : ''} Only`;
}

/**
 * "Buying for a business? Add GSTIN": the optional `billing` beside `orders` in POST /ordercart and in the booking
 * call. The GSTIN is checked (format, state code, PAN, check character); spaces are dropped, letters upper-cased.
 */
export const ZBilling = z.object({
  gstin: z.preprocess((v) => (typeof v === 'string' ? v.replace(/\s+/g, '').toUpperCase() : v), z.string('Please enter the GSTIN.').max(40, 'The GSTIN is too long.')
    .superRefine((v, ctx) => {
      const problem = gstinError(v);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })),
  legalName: text().trim().min(2, 'Please enter the business\'s legal name (as registered for GST).').max(120, 'The legal name can have at most 120 characters.'),
});
export type Billing = z.output<typeof ZBilling>;

export const INVOICE_KINDS = ['tax_invoice', 'bill_of_supply', 'credit_note'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];
export const INVOICE_TITLES: Record<InvoiceKind, string> = { tax_invoice: 'Tax Invoice', bill_of_supply: 'Bill of Supply', credit_note: 'Credit Note' };

const ZState = z.object({ code: z.string(), name: z.string() });
export const ZInvoiceParty = z.object({
  name: z.string(),
  legalName: z.string().nullable(),
  gstin: z.string().nullable(),
  address: z.string(),
  state: ZState.nullable(),
});
export const ZInvoiceLine = z.object({
  description: z.string(),
  hsn: z.string(),
  quantity: z.number(),
  unit: z.string(),
  ratePercent: z.number(),
  taxableValuePaise: z.number().int(),
  cgstPaise: z.number().int(),
  sgstPaise: z.number().int(),
  igstPaise: z.number().int(),
  totalPaise: z.number().int(),
});
export type InvoiceLine = z.infer<typeof ZInvoiceLine>;
export const ZInvoiceTotals = z.object({
  taxableValuePaise: z.number().int(), cgstPaise: z.number().int(), sgstPaise: z.number().int(), igstPaise: z.number().int(), totalPaise: z.number().int(),
});
export type InvoiceTotals = z.infer<typeof ZInvoiceTotals>;

/**
 * What an invoice says, as the server stores it in `invoices.document` (jsonb) and renders it to the wire and the PDF.
 * It lives here, not in the invoices module, so the data layer's schema depends on no feature (decision 026).
 */
export interface InvoiceState { code: string; name: string }
export interface InvoiceParty { name: string; legalName: string | null; gstin: string | null; address: string; state: InvoiceState | null }
/** Lines as stored: the wire's fields plus the source row each came from (a credit note finds its line by it). */
export type StoredInvoiceLine = InvoiceLine & { ref: string };
export interface InvoiceDocument {
  kind: InvoiceKind;
  title: string;
  date: string;
  supplier: InvoiceParty;
  recipient: InvoiceParty;
  placeOfSupply: InvoiceState | null;
  reverseCharge: 'No';
  refersTo: { id: string; number: string; date: string } | null;
  lines: StoredInvoiceLine[];
  totals: InvoiceTotals;
  amountInWords: string;
}

/** GET /api/invoices/{id}: a tax invoice, bill of supply or credit note as issued (CGST Rule 46's fields). */
export const ZInvoice = z.object({
  id: z.string(),
  kind: z.enum(INVOICE_KINDS),
  title: z.string(),
  number: z.string(),
  date: z.string(),
  issuedAt: z.string(),
  supplier: ZInvoiceParty,
  recipient: ZInvoiceParty,
  placeOfSupply: ZState.nullable(),
  reverseCharge: z.literal('No'),
  /** A credit note's invoice. */
  refersTo: z.object({ id: z.string(), number: z.string(), date: z.string() }).nullable(),
  orderId: z.string().nullable(),
  bookingId: z.string().nullable(),
  lines: z.array(ZInvoiceLine),
  totals: ZInvoiceTotals,
  amountInWords: z.string(),
  pdfUrl: z.string(),
});
export type Invoice = z.infer<typeof ZInvoice>;

/** GET /api/invoices and /api/vendor/invoices: newest first. */
export const ZInvoiceSummary = z.object({
  id: z.string(),
  kind: z.enum(INVOICE_KINDS),
  number: z.string(),
  date: z.string(),
  supplierName: z.string(),
  recipientName: z.string(),
  /** The seller or professional; null when the platform is the supplier (delivery fee, service charge). */
  vendorId: z.string().nullable(),
  orderId: z.string().nullable(),
  bookingId: z.string().nullable(),
  totalPaise: z.number().int(),
  pdfUrl: z.string(),
});
export type InvoiceSummary = z.infer<typeof ZInvoiceSummary>;
export const ZInvoiceList = z.object({ invoices: z.array(ZInvoiceSummary) });
