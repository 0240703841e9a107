import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { Component as VendorBookings } from '../../src/features/vendor-bookings/routes/vendor-bookings-page.tsx';
import { failure, findToast, renderPage, stubApi } from '../render.tsx';

/** The portal's On my way and Start (the customer's code at the door): issue 34, decision record 043. */

vi.setConfig({ testTimeout: 20_000 });
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const booking = {
  _id: 'a1b2c3d4-0000-4000-8000-000000000009', Vendorid: 'f00dbabe-0000-4000-8000-000000000002', vendorName: 'Goud Plumbing Works',
  serviceDate: '2099-11-30', serviceTime: '3:00 PM', status: 'Confirmed', basePrice: 700, serviceCharge: 250, totalAmount: 950,
  paymentMethod: 'cash', paymentStatus: 'Pending', createdAt: '2026-11-24T10:00:00.000Z', cancellable: true,
  address: { street: 'Flat 4B, Lake View Apartments, Madhapur', city: 'Hyderabad' },
  customer: { fullName: 'Asha Verma', phone: '9876543210', email: 'asha@example.in' },
};
const WRONG = 'That start code is not right. Ask the customer for the 4-digit code under My orders; 4 tries left.';

describe('arrival in the portal', () => {
  it('tells the customer "on my way", then starts the job with the right code after a wrong one', async () => {
    let current: Record<string, unknown> = booking;
    const api = stubApi((c) => {
      if (c.method === 'GET' && c.path === '/api/vendor/bookings') return { body: [current] };
      if (c.method === 'POST' && c.path === `/api/vendor/bookings/${booking._id}/on-the-way`) {
        current = { ...current, onTheWayAt: '2099-11-30T09:00:00.000Z' };
        return { body: current };
      }
      if (c.method === 'POST' && c.path === `/api/vendor/bookings/${booking._id}/start`) {
        if ((c.body as { code: string }).code !== '0427') return failure(400, WRONG, 'BAD_REQUEST');
        current = { ...current, status: 'In progress', startedAt: '2099-11-30T09:40:00.000Z', completable: true };
        return { body: current };
      }
      return undefined;
    });
    renderPage(VendorBookings, '/vendor/bookings');
    const card = await screen.findByTestId('vendor-booking');
    fireEvent.click(within(card).getByRole('button', { name: 'On my way' }));
    await findToast('The customer is told that you are on the way.');
    within(card).getByText('The customer knows you are on the way.');
    expect(within(card).queryByRole('button', { name: 'On my way' })).toBeNull();

    fireEvent.click(within(card).getByRole('button', { name: 'Start' }));
    const code = within(card).getByLabelText("Customer's start code");
    fireEvent.change(code, { target: { value: '1111' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Start job' }));
    await findToast(WRONG);
    fireEvent.change(code, { target: { value: '0427' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Start job' }));
    await findToast('Job started.');
    within(card).getByText('In progress');
    within(card).getByText(/Started\. The customer confirms completion/);
    expect(within(card).queryByRole('button', { name: 'Complete' })).toBeNull();
    expect(api.to('POST', `/api/vendor/bookings/${booking._id}/start`).map((c) => c.body)).toEqual([{ code: '1111' }, { code: '0427' }]);
  });
});
