import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { indiaDate } from '@nirmaan/shared';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config/index.ts';
import { openDatabase, type Db } from '../src/db/client.ts';
import { invoices, vendorPayoutAccounts } from '../src/db/schema/index.ts';
import { cookieHeader, createCustomerWithPassword, createVendorWithPassword, loginVendor, loginWithPassword } from './support/auth.ts';
import { runCliProcess } from './support/cli.ts';
import { createProduct } from './support/factories.ts';
import { deliveredBody } from './support/http.ts';
import { freshDatabaseEnv } from './support/server-process.ts';

/**
 * `npm run gst:report` (decision record 022) as a real child process: on PGlite with the server stopped (the CLI
 * needs the directory to itself), or on PostgreSQL. The month's GSTR-8 row and the vendor's sales register hold a
 * delivered sale's taxable value, taxes and TCS, net of a line cancelled after the invoice.
 */

const SCRIPT = 'apps/server/src/cli/gst-report.ts';
const SELLER_GSTIN = '36ABCPE1234F1ZC';
const TELANGANA = { fullAddress: '12 Road No. 36, Jubilee Hills', city: 'Hyderabad', pincode: '500033', state: 'Telangana' };

/** Opens the fresh database, lets `work` use the app, and closes both, so the CLI has the database to itself. */
async function withApp<T>(fresh: Awaited<ReturnType<typeof freshDatabaseEnv>>, work: (s: { app: FastifyInstance; db: Db }) => Promise<T>) {
  const database = await openDatabase({ databaseUrl: fresh.databaseUrl, dataDir: fresh.dataDir });
  await database.migrate();
  const app = await buildApp({ config: loadConfig({ NODE_ENV: 'test', SEED_ON_START: 'false', WEB_DIST: '/nonexistent' }), database });
  try {
    await app.ready();
    return await work({ app, db: database.db });
  } finally {
    await app.close();
    await database.close();
  }
}

describe('npm run gst:report', () => {
  it('prints the month\'s GSTR-8 row (net taxable value, CGST + SGST, TCS 0.25% + 0.25%) and the vendor\'s sales register as CSV', async () => {
    const fresh = await freshDatabaseEnv('gst-report');
    try {
      const sale = await withApp(fresh, async ({ app, db }) => {
        const call = (headers: Record<string, string>, method: 'PATCH' | 'POST' | 'PUT', url: string, payload?: object) => app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
        const shop = await createVendorWithPassword(db, { kind: 'seller', businessName: 'Deccan Cement Traders', email: 'deccan@vendor.example.test' });
        await db.insert(vendorPayoutAccounts).values({
          vendorId: shop.id, legalName: 'Deccan Cement Traders LLP', businessType: 'llp', pan: 'ABCPE1234F', gstin: SELLER_GSTIN,
          accountNumber: '918020012345678', ifsc: 'UTIB0000123', beneficiaryName: 'Deccan Cement Traders',
        });
        const shopHeaders = cookieHeader((await loginVendor(app, shop.email)).token);
        const me = await createCustomerWithPassword(db);
        const meHeaders = cookieHeader((await loginWithPassword(app, me.email)).token);
        const [a, b] = await Promise.all([createProduct(db, { vendorId: shop.id, price: 1239, category: 'Cement' }), createProduct(db, { vendorId: shop.id, price: 590, category: 'Cement' })]);
        const placed = await call(meHeaders, 'POST', '/ordercart', {
          paymentMethod: 'cod',
          orders: [a, b].map((p) => ({ productId: p.id, quantity: 1, customerId: me.id, customerName: me.fullName, phone: '9876543210', email: me.email, shippingAddress: TELANGANA })),
        });
        expect(placed.statusCode, placed.body).toBe(201);
        const [delivered, cancelled] = placed.json().orders as { _id: string }[];
        for (const line of [delivered!, cancelled!]) expect((await call(shopHeaders, 'PATCH', `/api/vendor/orders/${line._id}`, { status: 'Shipped' })).statusCode).toBe(200);
        const delivery = await deliveredBody({ app }, { id: me.id, headers: meHeaders }, delivered!._id);
        expect((await call(shopHeaders, 'PATCH', `/api/vendor/orders/${delivered!._id}`, delivery)).statusCode).toBe(200);
        expect((await call(meHeaders, 'PUT', `/api/cancel/${cancelled!._id}`)).statusCode).toBe(200);
        const docs = await db.select().from(invoices).where(eq(invoices.vendorId, shop.id));
        return { invoice: docs.find((d) => d.kind === 'tax_invoice')!, note: docs.find((d) => d.kind === 'credit_note')!, customerName: me.fullName };
      });
      const month = indiaDate(new Date()).slice(0, 7);

      // Telangana to Telangana. Invoiced ₹1,239 (₹1,050.00 taxable, ₹94.50 + ₹94.50) and ₹590 (₹500.00, ₹45 + ₹45);
      // the ₹590 line cancelled after the invoice is returned. Net ₹1,050.00, TCS 0.5% = ₹5.25: ₹2.63 CGST (the odd
      // paisa), ₹2.62 SGST. The platform's delivery-fee invoice is its own supply, outside GSTR-8.
      const gstr8 = await runCliProcess(fresh.env, SCRIPT, ['--month', month]);
      expect(gstr8.code, gstr8.output).toBe(0);
      expect(gstr8.stdout.split('\r\n')).toEqual([
        'Month,GSTIN of supplier,Legal name,Gross value of supplies,Value of supplies returned,Net amount liable for TCS,IGST,CGST,SGST,TCS IGST,TCS CGST,TCS SGST',
        `${month},${SELLER_GSTIN},Deccan Cement Traders LLP,1550.00,500.00,1050.00,0.00,94.50,94.50,0.00,2.63,2.62`,
        '',
      ]);

      // The vendor's register for GSTR-1: one row per document line, the credit note negative and against the invoice.
      const register = await runCliProcess(fresh.env, SCRIPT, ['--month', month, '--vendor', 'Deccan@Vendor.Example.Test']);
      expect(register.code, register.output).toBe(0);
      const rows = register.stdout.trimEnd().split('\r\n');
      expect(rows[0]).toBe('Document,Number,Date,Against invoice,Recipient GSTIN,Recipient,Place of supply,HSN/SAC,Description,Quantity,Rate %,Taxable value,IGST,CGST,SGST,Total');
      const invoiceRow = `Tax Invoice,${sale.invoice.number},${sale.invoice.document.date},,,${sale.customerName},36-Telangana,2523,`;
      const noteRow = `Credit Note,${sale.note.number},${sale.note.document.date},${sale.invoice.number},,${sale.customerName},36-Telangana,2523,`;
      expect(rows.slice(1).map((r) => [r.startsWith(invoiceRow) ? 'invoice' : r.startsWith(noteRow) ? 'note' : r, r.split(',').slice(-6).join(',')]).sort()).toEqual([
        ['invoice', '18,1050.00,0.00,94.50,94.50,1239.00'],
        ['invoice', '18,500.00,0.00,45.00,45.00,590.00'],
        ['note', '18,-500.00,0.00,-45.00,-45.00,-590.00'],
      ]);

      const badMonth = await runCliProcess(fresh.env, SCRIPT, ['--month', '2026-13']);
      expect(badMonth).toMatchObject({ code: 1, stdout: '' });
      expect(badMonth.output).toContain('The month must be YYYY-MM (e.g. 2026-11).');
      const unknown = await runCliProcess(fresh.env, SCRIPT, ['--month', month, '--vendor', 'nobody@vendor.example.test']);
      expect(unknown).toMatchObject({ code: 1, stdout: '' });
      expect(unknown.output).toContain('No vendor has the email nobody@vendor.example.test.');
      // Refused before the database is opened, so the three may run at once.
      const usage = [[], ['--month', month, '--vendor', 'not-an-email'], ['--month', month, '--quarter', '3']];
      const refusals = await Promise.all(usage.map((bad) => runCliProcess(fresh.env, SCRIPT, bad)));
      refusals.forEach((res, i) => {
        expect(res.code, usage[i]!.join(' ')).toBe(1);
        expect(res.output).toContain('Usage: npm run gst:report -- --month YYYY-MM');
      });
    } finally {
      await fresh.drop();
    }
  }, 240_000);
});
