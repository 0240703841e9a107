import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ZId, ZInvoice, ZInvoiceList, zIsoMonth } from '@nirmaan/shared';
import { OPS_PERMISSIONS } from '@nirmaan/shared/ops';
import { ZGstr8Report, ZOpsInvoiceList, ZOpsInvoiceListQuery } from '@nirmaan/shared/ops-finance';
import { ANY_SESSION_SECURITY, SESSION_SECURITY, VENDOR_SESSION_SECURITY, opsSecurity, sessionErrorResponses } from '../lib/http-schemas.ts';
import { AppError } from '../lib/errors.ts';
import { LOGIN_REQUIRED, requireCustomer, requireOperator, requireVendor } from '../lib/identity.ts';
import * as service from '../modules/invoices/service.ts';

const ZInvoiceParams = z.object({ id: ZId });
/** The session is checked before the query (plugins/session.ts), so a visitor gets 401 whatever the month. */
const ZMonthQuery = z.object({ month: zIsoMonth().optional().describe('The month in India, YYYY-MM') });
const csvFile = (name: string) => `attachment; filename="${name}"`;

/**
 * Who may read an invoice: its buyer's session, its supplier's vendor session, an operator's session (finance or
 * admin). Without any session 401; a session that may not read it gets 404, as if it did not exist.
 */
async function viewersOf(req: FastifyRequest): Promise<service.Viewer[]> {
  const [who, op] = await Promise.all([req.identity(), req.operator()]);
  const viewers: service.Viewer[] = [];
  if (who) viewers.push(who.role === 'customer' ? { customerId: who.id } : { vendorId: who.id });
  if (op) viewers.push({ operatorRole: op.role });
  if (viewers.length === 0) throw new AppError('UNAUTHENTICATED', LOGIN_REQUIRED);
  return viewers;
}

/** GST tax invoices, bills of supply and credit notes (decision record 022). */
export const invoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  // The platform's own registration, checked with the rest of the config at start, for its invoices.

  app.get('/api/invoices', {
    schema: { tags: ['invoices'], security: SESSION_SECURITY, summary: "The customer's tax invoices and credit notes, newest first", response: { 200: ZInvoiceList, ...sessionErrorResponses } },
  }, async (req, reply) => {
    const me = await requireCustomer(req);
    reply.header('cache-control', 'no-store');
    return service.listForCustomer(app.db, me.id);
  });

  app.get('/api/vendor/invoices', {
    schema: { tags: ['vendor portal'], security: VENDOR_SESSION_SECURITY, summary: "The vendor's own tax invoices, bills of supply and credit notes, newest first", response: { 200: ZInvoiceList, ...sessionErrorResponses } },
  }, async (req, reply) => {
    const me = await requireVendor(req);
    reply.header('cache-control', 'no-store');
    return service.listForVendor(app.db, me.id);
  });

  app.get('/api/vendor/invoices/register.csv', {
    schema: {
      tags: ['vendor portal'], security: VENDOR_SESSION_SECURITY, querystring: ZMonthQuery, response: sessionErrorResponses,
      summary: "The vendor's sales register for a month (CSV, one row per invoice or credit note line, credit notes negative), for its GSTR-1",
    },
  }, async (req, reply) => {
    const me = await requireVendor(req);
    const body = await service.salesRegister(app.db, me.id, req.query.month ?? '');
    return reply.header('cache-control', 'no-store').header('content-disposition', csvFile(`sales-register-${req.query.month ?? ''}.csv`)).type('text/csv; charset=utf-8').send(body as never);
  });

  app.get('/api/ops/reports/gstr8.csv', {
    schema: {
      tags: ['operator console'], security: opsSecurity(OPS_PERMISSIONS.readInvoices), querystring: ZMonthQuery, response: sessionErrorResponses,
      summary: "GSTR-8 for a month (CSV): per registered supplier, gross and returned supplies, net taxable value, taxes and the platform's TCS at 0.5%",
    },
  }, async (req, reply) => {
    await requireOperator(req, 'readInvoices');
    const body = await service.gstr8Report(app.db, req.query.month ?? '');
    return reply.header('cache-control', 'no-store').header('content-disposition', csvFile(`gstr8-${req.query.month ?? ''}.csv`)).type('text/csv; charset=utf-8').send(body as never);
  });

  app.get('/api/ops/reports/gstr8', {
    schema: {
      tags: ['operator console'], security: opsSecurity(OPS_PERMISSIONS.readInvoices), querystring: ZMonthQuery, response: { 200: ZGstr8Report, ...sessionErrorResponses },
      summary: "GSTR-8 for a month as JSON (the CSV's figures in paise): per registered supplier, gross and returned taxable value, net, taxes and the platform's TCS",
    },
  }, async (req, reply) => {
    await requireOperator(req, 'readInvoices');
    reply.header('cache-control', 'no-store');
    return service.gstr8Summary(app.db, req.query.month ?? '');
  });

  app.get('/api/ops/invoices', {
    schema: {
      tags: ['operator console'], security: opsSecurity(OPS_PERMISSIONS.readInvoices), querystring: ZOpsInvoiceListQuery, response: { 200: ZOpsInvoiceList, ...sessionErrorResponses },
      summary: 'Every tax invoice, bill of supply and credit note, newest first, 50 a page; filtered by month, supplier (name or email, or "platform") and kind',
    },
  }, async (req, reply) => {
    await requireOperator(req, 'readInvoices');
    reply.header('cache-control', 'no-store');
    return service.listForOps(app.db, req.query);
  });

  app.get('/api/invoices/:id', {
    schema: {
      tags: ['invoices'], security: ANY_SESSION_SECURITY, params: ZInvoiceParams, response: { 200: ZInvoice, ...sessionErrorResponses },
      summary: 'An invoice or credit note: parties, place of supply, lines with HSN, rate, taxable value and CGST/SGST/IGST in paise, totals, amount in words; its buyer, its vendor or a finance operator, else 404',
    },
  }, async (req, reply) => {
    const viewers = await viewersOf(req);
    reply.header('cache-control', 'no-store');
    return service.getInvoice(app.db, viewers, req.params.id);
  });

  app.get('/api/invoices/:id/pdf', {
    schema: {
      tags: ['invoices'], security: ANY_SESSION_SECURITY, params: ZInvoiceParams, response: sessionErrorResponses,
      summary: 'The invoice as a PDF (rendered once and stored: every download is the same bytes); same access as the JSON',
    },
  }, async (req, reply) => {
    const viewers = await viewersOf(req);
    const { number, pdf } = await service.invoicePdf(app.db, app.config.uploadsDir, viewers, req.params.id);
    return reply
      .header('cache-control', 'private, no-store')
      .header('content-disposition', `inline; filename="invoice-${number.replace(/[^A-Za-z0-9-]/g, '-')}.pdf"`)
      .type('application/pdf')
      // Bytes bypass the JSON serializer; the declared schemas are the error answers.
      .send(pdf as never);
  });
};
