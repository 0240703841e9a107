import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { indiaDate, type InvoiceSummary } from '@nirmaan/shared/gst';
import type { Gstr8Supplier } from '@nirmaan/shared/ops-finance';
import { Component as OpsFinance } from '../../src/features/ops/routes/ops-finance-page.tsx';
import { stubApi } from '../render.tsx';
import { operator as opsOperator, renderConsole } from './console.tsx';

const renderFinance = () => renderConsole('/ops/finance', { '': <p>Dashboard</p>, finance: <OpsFinance /> });

const operator = (role: string) => opsOperator(role, 'finance@demo.nirmaan.in');
const month = indiaDate(new Date()).slice(0, 7);
const supplier: Gstr8Supplier = {
  gstin: '36ABCPE1234F1ZC', legalName: 'Balaji Cement Traders LLP', vendorId: 'f00dbabe-0000-4000-8000-000000000002', grossTaxablePaise: 150_000,
  returnedTaxablePaise: 50_000, netTaxablePaise: 100_000, igstPaise: 18_000, cgstPaise: 0, sgstPaise: 0, tcsIgstPaise: 500, tcsCgstPaise: 0, tcsSgstPaise: 0,
};
const invoice = (n: number, kind: InvoiceSummary['kind'] = 'tax_invoice'): InvoiceSummary => ({
  id: `b0b0b0b0-0000-4000-8000-${String(n).padStart(12, '0')}`, kind, number: `3F2A/2627/${String(n).padStart(6, '0')}`, date: `${month}-12`,
  supplierName: 'Balaji Cement Traders LLP', recipientName: 'Bharat Builders Pvt Ltd', vendorId: supplier.vendorId, orderId: null, bookingId: null,
  totalPaise: 177_000, pdfUrl: `/api/invoices/b0b0b0b0-0000-4000-8000-${String(n).padStart(12, '0')}/pdf`,
});

describe('the console finance screen', () => {
  it('shows the month’s GSTR-8 per vendor with its CSV, lists documents with their PDFs, and filters and pages them', async () => {
    const api = stubApi((c) => {
      if (c.path === '/api/ops/me') return { body: operator('finance') };
      if (c.path.startsWith('/api/ops/reports/gstr8?')) return { body: { month, suppliers: [supplier] } };
      if (c.path.startsWith('/api/ops/invoices')) {
        const page = Number(new URLSearchParams(c.path.split('?')[1]).get('page') ?? '1');
        return { body: { invoices: page === 1 ? [invoice(1), invoice(2, 'credit_note')] : [invoice(51)], total: 51, page, pages: 2 } };
      }
      return undefined;
    });
    renderFinance();
    expect((await screen.findByRole('link', { name: 'Finance' })).getAttribute('href')).toBe('/ops/finance');
    const row = await screen.findByTestId('gstr8-row');
    expect([...row.querySelectorAll('td')].map((td) => td.textContent)).toEqual(['Balaji Cement Traders LLP', '36ABCPE1234F1ZC', '₹1,000.00', '₹0.00', '₹0.00', '₹180.00', '₹5.00']);
    expect(screen.getByRole('link', { name: 'Download GSTR-8 CSV' }).getAttribute('href')).toBe(`/api/ops/reports/gstr8.csv?month=${month}`);

    const rows = await screen.findAllByTestId('invoice-row');
    expect(rows).toHaveLength(2);
    expect(rows[1]!.textContent).toContain('Credit Note');
    expect(within(rows[0]!).getByRole('link', { name: /PDF of 3F2A\/2627\/000001/ }).getAttribute('href')).toBe(invoice(1).pdfUrl);
    screen.getByRole('heading', { name: 'Invoices and credit notes (51)' });

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getAllByTestId('invoice-row')).toHaveLength(1));
    screen.getByText('Page 2 of 2');

    fireEvent.change(screen.getByLabelText('Vendor'), { target: { value: ' balaji ' } });
    fireEvent.change(screen.getByLabelText('Kind'), { target: { value: 'credit_note' } });
    fireEvent.change(screen.getByLabelText('Month'), { target: { value: '2026-10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(api.calls.some((c) => c.path === '/api/ops/invoices?month=2026-10&vendor=balaji&kind=credit_note&page=1')).toBe(true));
    await waitFor(() => expect(api.calls.some((c) => c.path === '/api/ops/reports/gstr8?month=2026-10')).toBe(true));
    expect(screen.getByRole('link', { name: 'Download GSTR-8 CSV' }).getAttribute('href')).toBe('/api/ops/reports/gstr8.csv?month=2026-10');
  });

  it('says when a month has nothing, and shows the server’s refusal', async () => {
    stubApi((c) => {
      if (c.path === '/api/ops/me') return { body: operator('admin') };
      if (c.path.startsWith('/api/ops/reports/gstr8?')) return { body: { month, suppliers: [] } };
      if (c.path.startsWith('/api/ops/invoices')) return { status: 400, body: { message: 'The month must be YYYY-MM (e.g. 2026-11).', code: 'BAD_REQUEST' } };
      return undefined;
    });
    renderFinance();
    await screen.findByText(`No taxable supplies by registered vendors in ${month}.`);
    expect((await screen.findByRole('alert')).textContent).toBe('The month must be YYYY-MM (e.g. 2026-11).');
  });

  it('is not offered to support: no Finance in the nav, and the page says who it is for without calling the server', async () => {
    const api = stubApi((c) => (c.path === '/api/ops/me' ? { body: operator('support') } : undefined));
    renderFinance();
    expect((await screen.findByRole('alert')).textContent).toBe('Invoices and tax reports are for finance and admin operators.');
    expect(screen.queryByRole('link', { name: 'Finance' })).toBeNull();
    screen.getByRole('link', { name: 'Money' });
    expect(api.calls.filter((c) => c.path.startsWith('/api/ops/invoices') || c.path.startsWith('/api/ops/reports'))).toEqual([]);
  });
});
