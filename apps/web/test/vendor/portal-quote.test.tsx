import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import type { Quote } from '@nirmaan/shared/jobs';
import { Component as VendorBookings } from '../../src/features/vendor-bookings/routes/vendor-bookings-page.tsx';
import { renderPage, stubApi } from '../render.tsx';

/** The portal's quote of a site visit whose job the customer cancelled (decision record 048). */

vi.setConfig({ testTimeout: 20_000 });
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const visit = {
  _id: 'a1b2c3d4-0000-4000-8000-000000000011', Vendorid: 'f00dbabe-0000-4000-8000-000000000002', vendorName: 'BuildRight Engineering Consultants',
  serviceDate: '2099-11-20', serviceTime: '11:00 AM', status: 'Completed', basePrice: 500, serviceCharge: 250, totalAmount: 750,
  paymentMethod: 'upi', paymentStatus: 'Paid', createdAt: '2026-11-24T10:00:00.000Z', cancellable: false, kind: 'visit',
  address: { street: 'Plot 7, Kondapur', city: 'Hyderabad' },
  customer: { fullName: 'Asha Verma', phone: '9876543210', email: 'asha@example.in' },
};
const quote: Quote = {
  id: '0c7f5f7e-0000-4000-8000-0000000000dd', visitBookingId: visit._id, vendorId: visit.Vendorid, vendorName: visit.vendorName, version: 1, status: 'Sent',
  labour: [{ kind: 'days', description: 'Masonry, 2 masons', days: 3, ratePaise: 240_000, amountPaise: 720_000 }], materials: [],
  days: 3, validUntil: '2099-12-31', expired: false, labourPaise: 720_000, materialsPaise: 0, visitCreditPaise: 50_000,
  note: '', revisionNote: null, jobBookingId: null, dayStart: '9:00 AM', createdAt: '2026-11-27T10:00:00.000Z',
  endedJob: { bookingId: 'a1b2c3d4-0000-4000-8000-000000000012', by: 'customer' },
};

describe('a quote in the portal whose job ended', () => {
  it('says the customer cancelled the job and the quote is open again, and offers a new version', async () => {
    stubApi((c) => {
      if (c.method === 'GET' && c.path === '/api/vendor/bookings') return { body: [visit] };
      if (c.method === 'GET' && c.path === '/api/vendor/quotes') return { body: [quote] };
      return undefined;
    });
    renderPage(VendorBookings, '/vendor/bookings');
    const box = await screen.findByTestId('send-quote');
    await within(box).findByText('Quote version 1: Open again');
    expect(within(box).getByTestId('quote-ended-job').textContent).toBe(
      'The customer cancelled the job booked from this quote. The customer may accept it again for new dates while it is valid.',
    );
    expect(within(box).getByRole('button', { name: 'Send a new version' })).toBeTruthy();
  });
});
