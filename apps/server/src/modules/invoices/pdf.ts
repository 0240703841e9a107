import { createRequire } from 'node:module';
import type PDFDocument from 'pdfkit';
import { formatPaise, type Invoice } from '@nirmaan/shared';

/**
 * The invoice as a PDF (decision record 022), drawn with pdfkit. Noto Sans Devanagari is embedded (its Latin and
 * Devanagari files; the Devanagari one also holds ₹), so names in Hindi and the rupee sign render anywhere. The
 * PDF's dates and file id come from the invoice, so rendering it twice gives the same bytes.
 */

const require = createRequire(import.meta.url);
const FONT_FILES = {
  latin: require.resolve('@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-latin-400-normal.woff'),
  latinBold: require.resolve('@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-latin-700-normal.woff'),
  deva: require.resolve('@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-400-normal.woff'),
  devaBold: require.resolve('@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-700-normal.woff'),
};

/** Characters drawn with the Devanagari file: the script, its marks and joiners, and ₹. */
const isDeva = (ch: string) => {
  const c = ch.codePointAt(0)!;
  return (c >= 0x0900 && c <= 0x097f) || (c >= 0x1cd0 && c <= 0x1cff) || (c >= 0xa8e0 && c <= 0xa8ff) || c === 0x200c || c === 0x200d || c === 0x20b9 || c === 0x25cc;
};

/** Splits text into runs of one font each. */
function runsOf(text: string): { deva: boolean; text: string }[] {
  const runs: { deva: boolean; text: string }[] = [];
  for (const ch of text) {
    const deva = isDeva(ch) || (ch === ' ' && runs.at(-1)?.deva === true);
    const last = runs.at(-1);
    if (last && last.deva === deva) last.text += ch;
    else runs.push({ deva, text: ch });
  }
  return runs;
}

type Doc = InstanceType<typeof PDFDocument>;
interface At { x: number; y: number; width: number; bold?: boolean; size?: number; align?: 'left' | 'right' | 'center' }

/** Writes mixed Latin and Devanagari text from (x, y) within `width`; returns the y below it. */
function write(doc: Doc, text: string, at: At): number {
  const runs = runsOf(text || ' ');
  doc.fontSize(at.size ?? 8.5);
  runs.forEach((run, i) => {
    doc.font(run.deva ? (at.bold ? 'deva-bold' : 'deva') : (at.bold ? 'latin-bold' : 'latin'));
    const opts = { width: at.width, align: at.align ?? 'left', continued: i < runs.length - 1, lineGap: 1 } as const;
    if (i === 0) doc.text(run.text, at.x, at.y, opts);
    else doc.text(run.text, opts);
  });
  return doc.y;
}

const LEFT = 36;
const WIDTH = 523;
const money = (paise: number) => formatPaise(paise).replace('₹', '');

/**
 * `nameIs` says what a party's `name` is beside its legal name: the supplier's business name is its trade name, while
 * a business buyer's `name` is the person who ordered for it, its contact, not a name it trades under.
 */
function partyBlock(doc: Doc, heading: string, party: Invoice['supplier'], nameIs: 'Trade name' | 'Contact person', x: number, y: number, width: number): number {
  let at = write(doc, heading, { x, y, width, bold: true, size: 9 });
  at = write(doc, party.legalName ?? party.name, { x, y: at, width, bold: true });
  if (party.legalName && party.legalName !== party.name) at = write(doc, `${nameIs}: ${party.name}`, { x, y: at, width });
  if (party.address) at = write(doc, party.address, { x, y: at, width });
  if (party.state) at = write(doc, `State: ${party.state.name} (code ${party.state.code})`, { x, y: at, width });
  at = write(doc, party.gstin ? `GSTIN: ${party.gstin}` : 'GSTIN: Unregistered', { x, y: at, width });
  return at;
}

const COLUMNS = [
  { key: 'n', title: '#', width: 16 }, { key: 'description', title: 'Description', width: 119 }, { key: 'hsn', title: 'HSN/SAC', width: 42 },
  { key: 'qty', title: 'Qty', width: 40 }, { key: 'taxable', title: 'Taxable value', width: 62 }, { key: 'rate', title: 'Rate', width: 30 },
  { key: 'cgst', title: 'CGST', width: 50 }, { key: 'sgst', title: 'SGST', width: 50 }, { key: 'igst', title: 'IGST', width: 52 }, { key: 'total', title: 'Total', width: 62 },
] as const;

function row(doc: Doc, cells: Record<(typeof COLUMNS)[number]['key'], string>, y: number, bold = false): number {
  let x = LEFT;
  let bottom = y;
  for (const col of COLUMNS) {
    const align = col.key === 'description' || col.key === 'n' ? 'left' : 'right';
    bottom = Math.max(bottom, write(doc, cells[col.key], { x: x + 2, y, width: col.width - 4, bold, align }));
    x += col.width;
  }
  return bottom + 3;
}

function linesTable(doc: Doc, invoice: Invoice, y: number): number {
  const head = Object.fromEntries(COLUMNS.map((c) => [c.key, c.title])) as Record<(typeof COLUMNS)[number]['key'], string>;
  let at = row(doc, head, y, true);
  doc.moveTo(LEFT, at).lineTo(LEFT + WIDTH, at).stroke();
  at += 3;
  invoice.lines.forEach((l, i) => {
    at = row(doc, {
      n: String(i + 1), description: l.description, hsn: l.hsn, qty: `${l.quantity} ${l.unit}`, taxable: money(l.taxableValuePaise),
      rate: `${l.ratePercent}%`, cgst: money(l.cgstPaise), sgst: money(l.sgstPaise), igst: money(l.igstPaise), total: money(l.totalPaise),
    }, at);
  });
  doc.moveTo(LEFT, at).lineTo(LEFT + WIDTH, at).stroke();
  const t = invoice.totals;
  return row(doc, {
    n: '', description: 'Total', hsn: '', qty: '', taxable: money(t.taxableValuePaise), rate: '', cgst: money(t.cgstPaise), sgst: money(t.sgstPaise),
    igst: money(t.igstPaise), total: money(t.totalPaise),
  }, at + 3, true);
}

/** "IGST 18%: ₹587.29", one line per tax and rate. */
function taxSummary(invoice: Invoice): string[] {
  const byTax = new Map<string, number>();
  for (const l of invoice.lines) {
    for (const [tax, paise] of [['CGST', l.cgstPaise], ['SGST', l.sgstPaise], ['IGST', l.igstPaise]] as const) {
      if (paise === 0) continue;
      const rate = tax === 'IGST' ? l.ratePercent : l.ratePercent / 2;
      const key = `${tax} ${rate}%`;
      byTax.set(key, (byTax.get(key) ?? 0) + paise);
    }
  }
  return [...byTax].map(([key, paise]) => `${key}: ${formatPaise(paise)}`);
}

function draw(doc: Doc, invoice: Invoice) {
  let y = write(doc, invoice.title, { x: LEFT, y: 36, width: WIDTH, bold: true, size: 16, align: 'center' }) + 6;
  const meta = [`${invoice.kind === 'credit_note' ? 'Credit note' : 'Invoice'} number: ${invoice.number}`, `Date: ${invoice.date}`];
  if (invoice.refersTo) meta.push(`Against invoice ${invoice.refersTo.number} dated ${invoice.refersTo.date}`);
  meta.push(`Place of supply: ${invoice.placeOfSupply ? `${invoice.placeOfSupply.name} (${invoice.placeOfSupply.code})` : 'Not stated'}`, `Reverse charge: ${invoice.reverseCharge}`);
  for (const m of meta) y = write(doc, m, { x: LEFT, y, width: WIDTH });
  y += 8;
  const half = WIDTH / 2 - 8;
  const supplierEnd = partyBlock(doc, 'Supplier', invoice.supplier, 'Trade name', LEFT, y, half);
  const recipientEnd = partyBlock(doc, 'Recipient', invoice.recipient, 'Contact person', LEFT + WIDTH / 2 + 8, y, half);
  y = Math.max(supplierEnd, recipientEnd) + 12;
  y = write(doc, 'Amounts in ₹', { x: LEFT, y, width: WIDTH, size: 7.5, align: 'right' }) + 2;
  y = linesTable(doc, invoice, y) + 8;
  for (const line of taxSummary(invoice)) y = write(doc, line, { x: LEFT, y, width: WIDTH });
  y = write(doc, `Total: ${formatPaise(invoice.totals.totalPaise)}`, { x: LEFT, y: y + 4, width: WIDTH, bold: true, size: 11 });
  y = write(doc, `Amount in words: ${invoice.amountInWords}`, { x: LEFT, y: y + 2, width: WIDTH });
  if (invoice.kind === 'bill_of_supply') y = write(doc, 'Bill of Supply: the supplier is not registered for GST, so no tax is charged.', { x: LEFT, y: y + 4, width: WIDTH });
  const signFor = invoice.supplier.legalName ?? invoice.supplier.name;
  y = write(doc, `For ${signFor}`, { x: LEFT, y: y + 28, width: WIDTH, align: 'right' });
  write(doc, 'Authorised signatory', { x: LEFT, y: y + 24, width: WIDTH, align: 'right', bold: true });
}

/** pdfkit is loaded with the first invoice drawn, not with the server (a tenth of a second of every start). */
let pdfkit: Promise<typeof PDFDocument> | undefined;

export async function renderInvoicePdf(invoice: Invoice): Promise<Buffer> {
  pdfkit ??= import('pdfkit').then((loaded) => loaded.default);
  const PdfDocument = await pdfkit;
  const issued = new Date(invoice.issuedAt);
  const doc = new PdfDocument({
    size: 'A4', margin: 36, compress: true,
    info: { Title: `${invoice.title} ${invoice.number}`, Author: invoice.supplier.legalName ?? invoice.supplier.name, Producer: 'Nirmaan', Creator: 'Nirmaan', CreationDate: issued, ModDate: issued },
  });
  doc.registerFont('latin', FONT_FILES.latin);
  doc.registerFont('latin-bold', FONT_FILES.latinBold);
  doc.registerFont('deva', FONT_FILES.deva);
  doc.registerFont('deva-bold', FONT_FILES.devaBold);
  doc.lineWidth(0.5);
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    draw(doc, invoice);
    doc.end();
  });
}
