import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { ServiceOrder } from '@nirmaan/shared/booking';
import { BookingMoves } from '../../src/features/bookings/components/booking-moves.tsx';
import { findToast, renderUi, stubApi } from '../render.tsx';

vi.setConfig({ testTimeout: 20_000 });
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const id = 'a1b2c3d4-0000-4000-8000-000000000041';
const booking: ServiceOrder = {
  _id: id, Vendorid: 'f00dbabe-0000-4000-8000-000000000002', vendorName: 'Goud Plumbing Works',
  serviceDate: '2026-11-30', serviceTime: '3:00 PM', status: 'Confirmed', basePrice: 700, serviceCharge: 250, totalAmount: 950,
  paymentMethod: 'card', paymentStatus: 'Paid', createdAt: '2026-11-24T10:00:00.000Z', cancellable: true, reschedulable: true,
  address: { street: 'Flat 4B', city: 'Hyderabad' },
  moves: [{
    id: 'm1', kind: 'customer', status: 'done', from: { serviceDate: '2026-11-29', serviceTime: '9:00 AM' }, to: { serviceDate: '2026-11-30', serviceTime: '3:00 PM' },
    feePaise: 10_000, expiresAt: null, createdAt: '2026-11-25T10:00:00.000Z',
  }],
};

describe('rescheduling in My orders’ booking card', () => {
  it('links Reschedule to the booking’s reschedule page and lists its moves with the fee paid', () => {
    renderUi(<BookingMoves booking={booking} />);
    expect(screen.getByRole('link', { name: 'Reschedule' }).getAttribute('href')).toBe(`/bookings/${id}/reschedule`);
    const changes = screen.getByRole('list', { name: 'Changes to this booking' });
    expect(within(changes).getByText(/Rescheduled from 2026-11-29 9:00 AM to 2026-11-30 3:00 PM/).textContent).toContain('fee ₹100');
  });

  it('offers the professional’s proposal: Accept moves the booking, or Choose another time opens the page', async () => {
    const proposal = { ...booking.moves![0]!, id: 'm2', kind: 'proposal' as const, status: 'proposed' as const, feePaise: 0, to: { serviceDate: '2026-12-01', serviceTime: '11:00 AM' }, expiresAt: '2026-11-26T10:00:00.000Z' };
    const api = stubApi((c) => (c.method === 'POST' && c.path === `/api/bookings/${id}/proposal/accept`
      ? { body: { message: 'Booking rescheduled.', booking, move: { ...proposal, status: 'accepted' }, payment: null } } : undefined));
    renderUi(<BookingMoves booking={{ ...booking, moves: [proposal] }} />);
    expect(screen.getByTestId('proposal').textContent).toContain('The professional proposes a new time: 2026-12-01 at 11:00 AM.');
    expect(screen.getByRole('link', { name: 'Choose another time' }).getAttribute('href')).toBe(`/bookings/${id}/reschedule`);
    expect(screen.queryByRole('link', { name: 'Reschedule' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Accept the new time' }));
    await findToast('Booking rescheduled.');
    expect(api.calls.some((c) => c.path === `/api/bookings/${id}/proposal/accept`)).toBe(true);
  });

  it('shows the professional’s proposal for one day of a job: the day, its new date, and what a lapse does', async () => {
    const job: ServiceOrder = { ...booking, kind: 'job', serviceTime: '9:00 AM', days: ['2026-11-30', '2026-12-01', '2026-12-02'], moves: [] };
    const proposal = {
      id: 'm3', kind: 'proposal' as const, status: 'proposed' as const, scope: 'day' as const, feePaise: 0, createdAt: '2026-11-25T10:00:00.000Z', expiresAt: '2026-11-26T10:00:00.000Z',
      from: { serviceDate: '2026-12-02', serviceTime: '9:00 AM' }, to: { serviceDate: '2026-12-05', serviceTime: '9:00 AM' },
    };
    const api = stubApi((c) => (c.method === 'POST' && c.path === `/api/bookings/${id}/proposal/accept`
      ? { body: { message: 'Booking rescheduled.', booking: job, move: { ...proposal, status: 'accepted' }, payment: null } } : undefined));
    renderUi(<BookingMoves booking={{ ...job, moves: [proposal] }} />);
    const shown = screen.getByTestId('proposal').textContent;
    expect(shown).toContain('The professional proposes moving one day of your job: 2026-12-02 to 2026-12-05, from 9:00 AM.');
    expect(shown).toContain('without an answer the job is cancelled and refunded.');
    expect(screen.getByRole('list', { name: 'Changes to this booking' }).textContent).toContain('The professional proposed moving one day of the job from 2026-12-02 9:00 AM to 2026-12-05 9:00 AM');
    fireEvent.click(screen.getByRole('button', { name: 'Accept the new time' }));
    await findToast('Booking rescheduled.');
    expect(api.to('POST', `/api/bookings/${id}/proposal/accept`)).toHaveLength(1);
    cleanup();

    // A started job: an unanswered day proposal leaves the day as booked, and the timeline says so.
    renderUi(<BookingMoves booking={{ ...job, status: 'In progress', moves: [proposal] }} />);
    expect(screen.getByTestId('proposal').textContent).toContain('without an answer that day stays as booked.');
    cleanup();
    renderUi(<BookingMoves booking={{ ...job, status: 'In progress', moves: [{ ...proposal, status: 'lapsed' }, { ...proposal, id: 'm4', status: 'accepted' }] }} />);
    const changes = screen.getByRole('list', { name: 'Changes to this booking' }).textContent;
    expect(changes).toContain('The proposed day was not answered: the job keeps 2026-12-02 9:00 AM');
    expect(changes).toContain('You accepted moving one day of the job from 2026-12-02 9:00 AM to 2026-12-05 9:00 AM');
    cleanup();
    renderUi(<BookingMoves booking={{ ...job, status: 'Cancelled', reschedulable: false, moves: [{ ...proposal, status: 'lapsed' }] }} />);
    expect(screen.getByRole('list', { name: 'Changes to this booking' }).textContent).toContain('The proposed time was not answered: booking cancelled');
  });

  it('offers nothing to move once the booking cannot be rescheduled', () => {
    renderUi(<BookingMoves booking={{ ...booking, reschedulable: false, moves: [] }} />);
    expect(screen.queryByRole('link', { name: 'Reschedule' })).toBeNull();
    expect(screen.queryByRole('list', { name: 'Changes to this booking' })).toBeNull();
  });
});
