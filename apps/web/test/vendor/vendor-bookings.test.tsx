import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { addDays, todayInIndia } from '@nirmaan/shared/dates';
import { Component as VendorBookings } from '../../src/features/vendor-bookings/routes/vendor-bookings-page.tsx';
import { findToast, renderPage, stubApi } from '../render.tsx';

vi.setConfig({ testTimeout: 20_000 });
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const booking = {
  _id: 'a1b2c3d4-0000-4000-8000-000000000009', Vendorid: 'f00dbabe-0000-4000-8000-000000000002', vendorName: 'Goud Plumbing Works',
  serviceDate: '2026-11-30', serviceTime: '3:00 PM', status: 'Pending', basePrice: 700, serviceCharge: 250, totalAmount: 950,
  paymentMethod: 'cash', paymentStatus: 'Pending', createdAt: '2026-11-24T10:00:00.000Z', cancellable: true,
  address: { street: 'Flat 4B, Lake View Apartments, Madhapur', city: 'Hyderabad', specialInstructions: 'Kitchen sink leaks' },
  customer: { fullName: 'Asha Verma', phone: '9876543210', email: 'asha@example.in' },
};

describe('vendor bookings page', () => {
  it('shows who booked and where, confirms, then offers Start (the code) or Decline, never Complete', async () => {
    let status = 'Pending';
    const api = stubApi((c) => {
      if (c.method === 'GET' && c.path === '/api/vendor/bookings') return { body: [{ ...booking, status }] };
      if (c.method === 'PATCH' && c.path === `/api/vendor/bookings/${booking._id}`) {
        status = (c.body as { status: string }).status;
        return { body: { ...booking, status } };
      }
      return undefined;
    });
    renderPage(VendorBookings, '/vendor/bookings');
    const card = await screen.findByTestId('vendor-booking');
    expect(card.textContent).toContain('2026-11-30 · 3:00 PM');
    expect(card.textContent).toContain('Asha Verma · 9876543210 · Flat 4B, Lake View Apartments, Madhapur, Hyderabad');
    expect(card.textContent).toContain('Note: Kitchen sink leaks');
    expect(card.textContent).toContain('Cash at the service');
    expect(within(card).queryByRole('button', { name: 'Complete' })).toBeNull();
    fireEvent.click(within(card).getByRole('button', { name: 'Confirm' }));
    await findToast('Booking of 2026-11-30 at 3:00 PM confirmed.');
    within(card).getByText('Confirmed');
    within(card).getByRole('button', { name: 'Start' });
    expect(within(card).queryByRole('button', { name: 'Complete' })).toBeNull();
    within(card).getByRole('button', { name: 'Decline' });
    expect(api.to('PATCH', `/api/vendor/bookings/${booking._id}`).map((c) => c.body)).toEqual([{ status: 'Confirmed' }]);
  });

  it('shows upcoming bookings soonest first, and past ones (done, declined or gone by) apart', async () => {
    const at = (n: number, serviceDate: string, serviceTime: string, status: string) => ({ ...booking, _id: `a1b2c3d4-0000-4000-8000-00000000010${n}`, serviceDate, serviceTime, status });
    stubApi((c) => (c.method === 'GET' && c.path === '/api/vendor/bookings' ? {
      body: [
        at(1, '2099-03-02', '9:00 AM', 'Pending'), at(2, '2099-03-01', '2:00 PM', 'Confirmed'), at(3, '2099-03-01', '10:00 AM', 'Pending'),
        at(4, '2099-02-01', '9:00 AM', 'Declined'), at(5, '2026-01-05', '11:00 AM', 'Completed'), at(6, '2000-01-01', '9:00 AM', 'Pending'),
      ],
    } : undefined));
    renderPage(VendorBookings, '/vendor/bookings');
    const slots = (name: string) => within(screen.getByRole('region', { name })).getAllByTestId('vendor-booking')
      .map((card) => card.querySelector('.fw-semibold')!.textContent);
    await screen.findAllByTestId('vendor-booking');
    expect(slots('Upcoming bookings')).toEqual(['2099-03-01 · 10:00 AM', '2099-03-01 · 2:00 PM', '2099-03-02 · 9:00 AM']);
    expect(slots('Past bookings')).toEqual(['2099-02-01 · 9:00 AM', '2026-01-05 · 11:00 AM', '2000-01-01 · 9:00 AM']);
  });

  it('proposes a new first day for a multi-day job at its daily start, the other days following; a started job one day at a time', async () => {
    // Within the date picker's year ahead.
    const day = (n: number) => addDays(todayInIndia(), n);
    const job = {
      ...booking, status: 'Confirmed', kind: 'job', serviceDate: day(20), serviceTime: '9:00 AM', days: [day(20), day(21), day(22)], reschedulable: true, moves: [],
    };
    const api = stubApi((c) => {
      if (c.method === 'GET' && c.path === '/api/vendor/bookings') return { body: [job, { ...job, _id: 'a1b2c3d4-0000-4000-8000-000000000010', serviceDate: day(1), days: [day(1), day(2)], status: 'In progress' }] };
      if (c.method === 'POST' && c.path === `/api/vendor/bookings/${job._id}/propose`) {
        const to = c.body as { serviceDate: string; serviceTime: string };
        return { status: 201, body: { message: 'Success', move: { id: 'm1', kind: 'proposal', status: 'proposed', from: { serviceDate: job.serviceDate, serviceTime: job.serviceTime }, to, feePaise: 0, expiresAt: `${day(2)}T10:00:00.000Z`, createdAt: `${day(0)}T10:00:00.000Z`, scope: 'job' } } };
      }
      return undefined;
    });
    renderPage(VendorBookings, '/vendor/bookings');
    const cards = await screen.findAllByTestId('vendor-booking');
    const started = cards.find((c) => within(c).queryByText('In progress'));
    const confirmed = cards.find((c) => c !== started);
    // A started job proposes one day at a time (the next test).
    within(started!).getByRole('button', { name: 'Propose a new time' });
    fireEvent.click(within(confirmed!).getByRole('button', { name: 'Propose a new time' }));
    expect((within(confirmed!).getByLabelText('The whole job') as HTMLInputElement).checked).toBe(true);
    fireEvent.change(within(confirmed!).getByLabelText('New first day of the job'), { target: { value: day(25) } });
    within(confirmed!).getByText('The job’s other days follow on your next working days, each from 9:00 AM.');
    fireEvent.click(within(confirmed!).getByRole('button', { name: 'Send the proposal' }));
    await findToast('New time proposed. The customer has been told.');
    expect(api.to('POST', `/api/vendor/bookings/${job._id}/propose`).map((c) => c.body)).toEqual([{ serviceDate: day(25), serviceTime: '9:00 AM' }]);
    // No single-slot times are fetched for a job: its days are checked whole on the server.
    expect(api.calls.filter((c) => c.path.includes('/slots'))).toEqual([]);
  });

  it('proposes one day of a started job: a later day, to a free date of the professional’s at the job’s daily start; then waits for the customer', async () => {
    const day = (n: number) => addDays(todayInIndia(), n);
    const job = {
      ...booking, status: 'In progress', kind: 'job', serviceDate: day(0), serviceTime: '9:00 AM', days: [day(0), day(1), day(2)], reschedulable: true, moves: [] as object[],
    };
    const api = stubApi((c) => {
      if (c.method === 'GET' && c.path === '/api/vendor/bookings') return { body: [job] };
      // Where one more working day fits the professional's calendar: day 1 is the job's own.
      if (c.method === 'GET' && c.path.startsWith(`/api/vendors/${job.Vendorid}/slots?`) && c.path.includes('&days=1')) {
        return { body: { vendorId: job.Vendorid, timeZone: 'Asia/Kolkata', jobMinutes: 60, days: [], job: { days: 1, starts: [day(1), day(5), day(6)].map((d) => ({ date: d, days: [d] })) } } };
      }
      if (c.method === 'POST' && c.path === `/api/vendor/bookings/${job._id}/propose`) {
        const to = c.body as { serviceDate: string; serviceTime: string; day: string };
        const move = { id: 'm1', kind: 'proposal', status: 'proposed', scope: 'day', from: { serviceDate: to.day, serviceTime: '9:00 AM' }, to: { serviceDate: to.serviceDate, serviceTime: to.serviceTime }, feePaise: 0, expiresAt: `${day(2)}T10:00:00.000Z`, createdAt: `${day(0)}T10:00:00.000Z` };
        job.moves = [move];
        return { body: { message: 'New time proposed. The customer has been told.', move } };
      }
      return undefined;
    });
    renderPage(VendorBookings, '/vendor/bookings');
    const card = await screen.findByTestId('vendor-booking');
    fireEvent.click(within(card).getByRole('button', { name: 'Propose a new time' }));
    // The start code began the job: its first day stays, and the job no longer moves whole.
    expect((within(card).getByLabelText('The whole job') as HTMLInputElement).disabled).toBe(true);
    expect((within(card).getByLabelText('One day of the job') as HTMLInputElement).checked).toBe(true);
    const pick = within(card).getByLabelText('Day to move') as HTMLSelectElement;
    expect([...pick.options].map((o) => o.value)).toEqual([day(1), day(2)]);
    fireEvent.change(pick, { target: { value: day(2) } });
    within(card).getByText('The day keeps the job’s daily start, 9:00 AM.');
    const to = within(card).getByLabelText('New date for this day') as HTMLSelectElement;
    await vi.waitFor(() => expect([...to.options].map((o) => o.value)).toEqual(['', day(5), day(6)]));
    fireEvent.change(to, { target: { value: day(6) } });
    fireEvent.click(within(card).getByRole('button', { name: 'Send the proposal' }));
    await findToast('New time proposed. The customer has been told.');
    expect(api.to('POST', `/api/vendor/bookings/${job._id}/propose`).map((c) => c.body)).toEqual([{ serviceDate: day(6), serviceTime: '9:00 AM', day: day(2) }]);
    await within(card).findByText(`Proposed: the job’s day of ${day(2)} moves to ${day(6)} at 9:00 AM. Waiting for the customer.`);
    expect(within(card).queryByRole('button', { name: 'Propose a new time' })).toBeNull();
  });
});
