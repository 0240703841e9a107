import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Component as VendorPayouts } from '../../src/features/vendor-payouts/routes/vendor-payouts-page.tsx';
import { failure, findToast, renderPage, stubApi } from '../render.tsx';

vi.setConfig({ testTimeout: 20_000 });
afterEach(() => {
  vi.useRealTimers();
  cleanup();
  vi.unstubAllGlobals();
});

const EMPTY = { status: 'not_submitted', legalName: null, businessType: null, pan: null, gstin: null, accountNumberMasked: null, ifsc: null, beneficiaryName: null, updatedAt: null };
const SAVED = {
  status: 'pending', legalName: 'Balaji Cement Traders', businessType: 'partnership', pan: 'AAPFU0939F', gstin: '27AAPFU0939F1ZV',
  accountNumberMasked: 'XXXXXXXX1234', ifsc: 'SBIN0001234', beneficiaryName: 'Balaji Cement Traders', updatedAt: '2026-11-25T02:00:00.000Z',
};
const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('the Payouts page', () => {
  it('saves the account, then shows the status and only the masked number', async () => {
    let account: Record<string, unknown> = EMPTY;
    const api = stubApi((c) => {
      if (c.method === 'GET' && c.path === '/api/vendor/payout-account') return { body: account };
      if (c.method === 'PUT' && c.path === '/api/vendor/payout-account') {
        account = SAVED;
        return { body: SAVED };
      }
      return undefined;
    });
    renderPage(VendorPayouts, '/vendor/payouts');
    expect((await screen.findByTestId('payout-status')).textContent).toBe('Not submitted');
    fill('Legal business name', 'Balaji Cement Traders');
    fill('Business type', 'partnership');
    fill('PAN', 'aapfu0939f');
    fill('GSTIN (optional)', '27AAPFU0939F1ZV');
    fill('Bank account number', '000012341234');
    fill('IFSC', 'SBIN0001234');
    fill('Beneficiary name (as the bank holds it)', 'Balaji Cement Traders');
    fireEvent.click(screen.getByRole('button', { name: 'Save payout account' }));
    await findToast('Payout account saved. It goes to the payment gateway for activation.');
    expect(api.to('PUT', '/api/vendor/payout-account')[0]!.body).toEqual({
      legalName: 'Balaji Cement Traders', businessType: 'partnership', pan: 'aapfu0939f', gstin: '27AAPFU0939F1ZV',
      accountNumber: '000012341234', ifsc: 'SBIN0001234', beneficiaryName: 'Balaji Cement Traders',
    });
    await waitFor(() => expect(screen.getByTestId('payout-status').textContent).toBe('Submitted: sending to the payment gateway'));
    expect(screen.getByTestId('payout-masked').textContent).toBe('XXXXXXXX1234');
    expect((screen.getByLabelText('Bank account number (saved: XXXXXXXX1234)') as HTMLInputElement).value).toBe('');
    expect(document.body.textContent).not.toContain('000012341234');
  });

  it('shows a mistyped field at the field before sending, and the server\'s field errors at theirs', async () => {
    const api = stubApi((c) => {
      if (c.method === 'GET') return { body: SAVED };
      return {
        status: 400,
        body: { message: 'The GSTIN holds the PAN AAGCB7383J, not the PAN given (AAPFU0939F).', code: 'BAD_REQUEST', issues: [{ path: 'body.gstin', message: 'The GSTIN holds the PAN AAGCB7383J, not the PAN given (AAPFU0939F).' }] },
      };
    });
    renderPage(VendorPayouts, '/vendor/payouts');
    await screen.findByTestId('payout-masked');
    fill('IFSC', 'SBIN1234');
    fireEvent.click(screen.getByRole('button', { name: 'Save payout account' }));
    // The form layer checks with a promise (decision 024): wait for the message before reading the fields.
    await screen.findByText(/^The IFSC must be 11 characters/);
    const ifsc = screen.getByLabelText('IFSC');
    expect(ifsc.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(ifsc.getAttribute('aria-describedby')!)!.textContent).toMatch(/^The IFSC must be 11 characters/);
    expect(screen.getByLabelText(/^Bank account number/).getAttribute('aria-invalid')).toBe('true');
    expect(api.to('PUT', '/api/vendor/payout-account')).toHaveLength(0);

    fill('IFSC', 'SBIN0001234');
    fill('Bank account number (saved: XXXXXXXX1234)', '000012341234');
    fireEvent.click(screen.getByRole('button', { name: 'Save payout account' }));
    expect((await findToast('The GSTIN holds the PAN AAGCB7383J, not the PAN given (AAPFU0939F).')).className).toContain('danger');
    const gstin = screen.getByLabelText('GSTIN (optional)');
    expect(gstin.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(gstin.getAttribute('aria-describedby')!)!.textContent).toBe('The GSTIN holds the PAN AAGCB7383J, not the PAN given (AAPFU0939F).');
    expect(screen.getByLabelText('IFSC').getAttribute('aria-invalid')).toBeNull();
  });

  it('looks again while the gateway has the account, until it is activated', async () => {
    // The page looks again every 3 s: fake timers (still ticking, for the library's own waits) jump ahead instead.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const answers = [SAVED, { ...SAVED, status: 'under_review' }, { ...SAVED, status: 'activated' }];
    let n = 0;
    // Only the account's own reads advance (the page also reads its KYC documents and invoices).
    stubApi((c) => (c.method !== 'GET' ? undefined
      : c.path === '/api/vendor/payout-account' ? { body: answers[Math.min(n++, answers.length - 1)] } : { body: SAVED }));
    renderPage(VendorPayouts, '/vendor/payouts');
    expect((await screen.findByTestId('payout-status')).textContent).toBe('Submitted: sending to the payment gateway');
    await vi.advanceTimersByTimeAsync(3_000);
    await waitFor(() => expect(screen.getByTestId('payout-status').textContent).toBe('Under review by the payment gateway'), { timeout: 8_000 });
    await vi.advanceTimersByTimeAsync(3_000);
    await waitFor(() => expect(screen.getByTestId('payout-status').textContent).toBe('Activated: payouts are sent to this account'), { timeout: 8_000 });
    const asked = n;
    await vi.advanceTimersByTimeAsync(3_500);
    expect(n).toBe(asked);
  });

  it("shows the gateway's reason when the account needs clarification", async () => {
    const reason = 'The payment gateway asked about: bank account number (missing).';
    stubApi((c) => (c.method === 'GET' ? { body: { ...SAVED, status: 'needs_clarification', statusReason: reason } } : undefined));
    renderPage(VendorPayouts, '/vendor/payouts');
    expect((await screen.findByTestId('payout-status')).textContent).toBe('Needs clarification: please check your details and save again');
    expect(screen.getByTestId('payout-status-reason').textContent).toBe(reason);
  });

  it('says so when the account cannot be loaded', async () => {
    stubApi(() => failure(500, 'x', 'INTERNAL'));
    renderPage(VendorPayouts, '/vendor/payouts');
    expect((await screen.findByRole('alert')).textContent).toBe('Server error. Try again later.');
  });
});

describe('the tax invoices list', () => {
  const invoice = {
    id: 'a0000000-0000-4000-8000-000000000001', kind: 'tax_invoice', number: 'CE43/2627/000001', date: '2026-11-20', supplierName: 'Balaji Cement Traders',
    recipientName: 'Asha Verma', vendorId: 'f00dbabe-0000-4000-8000-000000000007', orderId: 'd0d0d0d0-0000-4000-8000-000000000004', bookingId: null,
    totalPaise: 385_000, pdfUrl: '/api/invoices/a0000000-0000-4000-8000-000000000001/pdf',
  };

  it('offers the sales register for GSTR-1 by month: this month in India first, then the month picked', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // 31 Oct 20:00 UTC is already 1 November in India.
    vi.setSystemTime(new Date('2026-10-31T20:00:00Z'));
    stubApi((c) => {
      if (c.path === '/api/vendor/payout-account') return { body: SAVED };
      if (c.path === '/api/vendor/invoices') return { body: { invoices: [invoice] } };
      return undefined;
    });
    renderPage(VendorPayouts, '/vendor/payouts');
    const picker = await screen.findByLabelText('Sales register for GSTR-1') as HTMLInputElement;
    vi.useRealTimers();
    expect(picker.value).toBe('2026-11');
    expect(picker.max).toBe('2026-11');
    const link = screen.getByRole('link', { name: 'Download CSV' });
    expect(link.getAttribute('href')).toBe('/api/vendor/invoices/register.csv?month=2026-11');
    expect(link.hasAttribute('download')).toBe(true);
    fireEvent.change(picker, { target: { value: '2026-09' } });
    expect(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe('/api/vendor/invoices/register.csv?month=2026-09');
    fireEvent.change(picker, { target: { value: '' } });
    expect(screen.queryByRole('link', { name: 'Download CSV' })).toBeNull();
    screen.getByText('Choose a month.');
  });
});
