import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RescheduleInfo, ServiceOrder } from '@nirmaan/shared/booking';
import { MoveJob } from '../../src/features/bookings/components/move-job.tsx';
import { findToast, renderUi, stubFetch } from '../render.tsx';

vi.setConfig({ testTimeout: 20_000 });
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const VENDOR = '0c7f5f7e-0000-4000-8000-0000000000cc';
const ID = '0c7f5f7e-0000-4000-8000-0000000000ee';
const job: ServiceOrder = {
  _id: ID, Vendorid: VENDOR, vendorName: 'BuildRight Engineering Consultants', serviceDate: '2099-01-05', serviceTime: '9:00 AM', status: 'In progress',
  basePrice: 8500, serviceCharge: 250, totalAmount: 8750, paymentMethod: 'upi', paymentStatus: 'Paid', address: { street: 'Plot 7', city: 'Hyderabad', zip: '500032' },
  createdAt: '2098-12-20T10:00:00.000Z', cancellable: false, reschedulable: true, kind: 'job', days: ['2099-01-05', '2099-01-06', '2099-01-07'], moves: [],
};
/** A started job: the whole job no longer moves; its later days do, for free. */
const started: RescheduleInfo = {
  booking: job, terms: 'closed', feePaise: 10_000, freeHours: 3, timeZone: 'Asia/Kolkata',
  days: [{ date: '2099-01-06', terms: 'free' }, { date: '2099-01-07', terms: 'free' }],
};
const slots = (starts: { date: string; days: string[] }[], days: number) => ({ body: { vendorId: VENDOR, timeZone: 'Asia/Kolkata', jobMinutes: 60, days: [], job: { days, starts } } });

/** Presses Reschedule and answers what the page sent once the move is done. */
async function rescheduleWith(fetchMock: ReturnType<typeof stubFetch>) {
  fireEvent.click(screen.getByRole('button', { name: 'Reschedule' }));
  await findToast('Booking rescheduled.');
  const posted = fetchMock.mock.calls.find(([url, init]) => url === `/api/bookings/${ID}/reschedule` && (init as RequestInit | undefined)?.method === 'POST');
  return JSON.parse(String((posted![1] as RequestInit).body)) as unknown;
}

describe('the reschedule page for a multi-day job', () => {
  it('moves one later day of a started job to a free date (never to one the job holds), for free', async () => {
    const fetchMock = stubFetch((url) => {
      if (url.startsWith(`/api/vendors/${VENDOR}/slots`) && url.includes('days=1')) {
        return slots([{ date: '2099-01-06', days: ['2099-01-06'] }, { date: '2099-01-09', days: ['2099-01-09'] }], 1);
      }
      if (url.startsWith(`/api/vendors/${VENDOR}/slots`)) return slots([], 3);
      if (url === `/api/bookings/${ID}/reschedule`) {
        const move = { id: 'm1', kind: 'customer', status: 'done', scope: 'day', from: { serviceDate: '2099-01-06', serviceTime: '9:00 AM' }, to: { serviceDate: '2099-01-09', serviceTime: '9:00 AM' }, feePaise: 0, expiresAt: null, createdAt: '2099-01-01T10:00:00.000Z' };
        return { body: { message: 'Booking rescheduled.', booking: { ...job, days: ['2099-01-05', '2099-01-07', '2099-01-09'] }, move, payment: null } };
      }
      return undefined;
    });
    renderUi(<MoveJob info={started} />);
    expect(screen.getByRole('heading', { name: 'Reschedule your job' })).toBeTruthy();
    expect((screen.getByLabelText('The whole job') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByLabelText('One day of the job') as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText('Free: more than 3 hours before it starts.')).toBeTruthy();
    const pick = screen.getByLabelText('Day to move') as HTMLSelectElement;
    expect([...pick.options].map((o) => o.value)).toEqual(['2099-01-06', '2099-01-07']);
    const to = screen.getByLabelText('New date for this day') as HTMLSelectElement;
    await vi.waitFor(() => expect([...to.options].map((o) => o.value)).toEqual(['', '2099-01-09']));
    fireEvent.change(to, { target: { value: '2099-01-09' } });
    expect(await rescheduleWith(fetchMock)).toEqual({ serviceDate: '2099-01-09', serviceTime: '9:00 AM', day: '2099-01-06' });
  });

  it('moves the whole job to a start date where all its days fit, and refuses a cash job inside the window', async () => {
    stubFetch((url) => (url.startsWith(`/api/vendors/${VENDOR}/slots`)
      ? slots([{ date: '2099-01-12', days: ['2099-01-12', '2099-01-13', '2099-01-15'] }], 3) : undefined));
    const pending = { ...job, status: 'Confirmed' as const };
    renderUi(<MoveJob info={{ ...started, booking: pending, terms: 'free', days: [{ date: '2099-01-05', terms: 'free' }] }} />);
    expect((screen.getByLabelText('The whole job') as HTMLInputElement).checked).toBe(true);
    const to = screen.getByLabelText('New start date') as HTMLSelectElement;
    await vi.waitFor(() => expect(to.options).toHaveLength(2));
    fireEvent.change(to, { target: { value: '2099-01-12' } });
    expect(screen.getByText(/Your new days:/).parentElement!.textContent).toContain('2099');
    cleanup();

    renderUi(<MoveJob info={{ ...started, booking: { ...pending, paymentMethod: 'cash' }, terms: 'cash', days: [] }} />);
    expect(screen.getByText('It starts within 3 hours and the job is paid in cash: please contact the professional.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Reschedule' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('chooses another date for the day the professional proposed to move: that day is picked, free, and the proposal is named', async () => {
    const fetchMock = stubFetch((url) => {
      if (url.startsWith(`/api/vendors/${VENDOR}/slots`)) return slots([{ date: '2099-01-10', days: ['2099-01-10'] }], 1);
      if (url === `/api/bookings/${ID}/reschedule`) return { body: { message: 'Booking rescheduled.', booking: job, move: { id: 'm2', kind: 'customer', status: 'done', scope: 'day', from: { serviceDate: '2099-01-07', serviceTime: '9:00 AM' }, to: { serviceDate: '2099-01-10', serviceTime: '9:00 AM' }, feePaise: 0, expiresAt: null, createdAt: '2099-01-01T10:00:00.000Z' }, payment: null } };
      return undefined;
    });
    const proposal = {
      id: 'm1', kind: 'proposal' as const, status: 'proposed' as const, scope: 'day' as const, feePaise: 0, expiresAt: '2099-01-02T10:00:00.000Z', createdAt: '2099-01-01T10:00:00.000Z',
      from: { serviceDate: '2099-01-07', serviceTime: '9:00 AM' }, to: { serviceDate: '2099-01-09', serviceTime: '9:00 AM' },
    };
    const confirmed = { ...job, status: 'Confirmed' as const, moves: [proposal] };
    renderUi(<MoveJob info={{ ...started, booking: confirmed, terms: 'free', days: ['2099-01-05', '2099-01-06', '2099-01-07'].map((date) => ({ date, terms: 'free' as const })) }} />);
    expect(screen.getByText(/The professional proposed moving/).textContent).toContain('Choose another date for that day here, or accept the proposal in My orders.');
    expect((screen.getByLabelText('One day of the job') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Day to move') as HTMLSelectElement).value).toBe('2099-01-07');
    const to = screen.getByLabelText('New date for this day') as HTMLSelectElement;
    await vi.waitFor(() => expect([...to.options].map((o) => o.value)).toEqual(['', '2099-01-10']));
    fireEvent.change(to, { target: { value: '2099-01-10' } });
    expect(await rescheduleWith(fetchMock)).toEqual({ serviceDate: '2099-01-10', serviceTime: '9:00 AM', day: '2099-01-07' });
  });
});
