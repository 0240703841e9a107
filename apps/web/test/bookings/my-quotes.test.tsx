import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Quote } from '@nirmaan/shared/jobs';
import { MyQuotes } from '../../src/features/bookings/components/my-quotes.tsx';
import { storeUser } from '../../src/lib/session.ts';
import { findToast, renderUi, stubFetch } from '../render.tsx';

vi.setConfig({ testTimeout: 20_000 });
const USER = '0c7f5f7e-0000-4000-8000-0000000000bb';
const VENDOR = '0c7f5f7e-0000-4000-8000-0000000000cc';
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const QUOTE: Quote = {
  id: '0c7f5f7e-0000-4000-8000-0000000000dd', visitBookingId: 'v1', vendorId: VENDOR, vendorName: 'BuildRight Engineering Consultants', version: 2, status: 'Sent',
  labour: [{ kind: 'days', description: 'Masonry, 2 masons', days: 3, ratePaise: 240_000, amountPaise: 720_000 }],
  materials: [{ description: 'OPC 53 cement', quantity: 10, unit: 'bags', amountPaise: 42_000 }],
  days: 3, validUntil: '2099-12-31', expired: false, labourPaise: 720_000, materialsPaise: 42_000, visitCreditPaise: 50_000,
  note: '', revisionNote: null, jobBookingId: null, dayStart: '9:00 AM', createdAt: '2026-11-27T10:00:00.000Z',
};

describe('My orders → quotes after a site visit', () => {
  it('accepts with a start date where all the days are free and the materials, showing what is left to pay after the visit fee', async () => {
    storeUser(USER, 'Asha Verma');
    const fetchMock = stubFetch((url) => {
      if (url === '/api/quotes') return { body: [QUOTE] };
      if (url.startsWith(`/api/vendors/${VENDOR}/slots`) && url.includes('days=3')) {
        return { body: { vendorId: VENDOR, timeZone: 'Asia/Kolkata', jobMinutes: 60, days: [], job: { days: 3, starts: [{ date: '2099-01-05', days: ['2099-01-05', '2099-01-06', '2099-01-08'] }] } } };
      }
      if (url === `/api/quotes/${QUOTE.id}/accept`) return { status: 201, body: { message: 'Booking Successful!', booking: { _id: 'b1', Vendorid: VENDOR, vendorName: 'X', serviceDate: '2099-01-05', serviceTime: '9:00 AM', status: 'Pending', basePrice: 7120, serviceCharge: 250, totalAmount: 7370, paymentMethod: 'cash', paymentStatus: 'Pending', address: { street: 's', city: 'c' }, createdAt: '2026-11-22T10:00:00.000Z', cancellable: true }, payment: null, quote: { ...QUOTE, status: 'Accepted', jobBookingId: 'b1' } } };
      return undefined;
    });
    renderUi(<MyQuotes />);
    const card = await screen.findByTestId('quote');
    expect(within(card).getByText('Waiting for your answer')).toBeTruthy();
    expect(within(card).getByText('−₹500.00')).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Accept' }));
    const form = await screen.findByTestId('accept-quote');
    // ₹7,200 labour − ₹500 visit fee; with the cement ₹7,620.
    expect(within(form).getByText(/₹6,700\.00/)).toBeTruthy();
    await vi.waitFor(() => expect(within(within(form).getByLabelText('Start date')).getAllByRole('option').length).toBe(2));
    fireEvent.change(within(form).getByLabelText('Start date'), { target: { value: '2099-01-05' } });
    // The job's three working days (the 7th is a day off) are shown before booking.
    expect(within(form).getByText(/Your days:/).textContent!.match(/2099/g)).toHaveLength(3);
    fireEvent.click(within(form).getByLabelText(/Buy the materials from the professional/));
    expect(within(form).getByText(/₹7,120\.00/)).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('Payment'), { target: { value: 'cash' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Accept and book' }));
    await findToast('Job booked.');
    const [, init] = fetchMock.mock.calls.find(([u]) => u === `/api/quotes/${QUOTE.id}/accept`)!;
    expect(JSON.parse(String(init!.body))).toEqual({ startDate: '2099-01-05', includeMaterials: true, payment: { method: 'cash' } });
  });

  it('an expired quote offers no Accept', async () => {
    storeUser(USER, 'Asha Verma');
    stubFetch((url) => (url === '/api/quotes' ? { body: [{ ...QUOTE, expired: true }] } : undefined));
    renderUi(<MyQuotes />);
    const card = await screen.findByTestId('quote');
    expect(within(card).getByText('Expired')).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Accept' })).toBeNull();
  });

  it('a quote whose job the professional declined says so and is open again, with Accept', async () => {
    storeUser(USER, 'Asha Verma');
    stubFetch((url) => (url === '/api/quotes' ? { body: [{ ...QUOTE, endedJob: { bookingId: 'b0', by: 'professional' } }] } : undefined));
    renderUi(<MyQuotes />);
    const card = await screen.findByTestId('quote');
    expect(within(card).getByText('Open again')).toBeTruthy();
    expect(within(card).getByTestId('quote-ended-job').textContent).toBe(
      'The professional declined the job booked from this quote. You can accept it again for new dates until Dec 31, 2099; the site visit fee still comes off.',
    );
    expect(within(card).getByRole('button', { name: 'Accept' })).toBeTruthy();
  });
});
