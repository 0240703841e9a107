import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ServiceOrder } from '@nirmaan/shared/booking';
import { ServiceOrders } from '../../src/features/bookings/components/service-orders.tsx';
import { Component as BookServicePage } from '../../src/features/bookings/routes/book-service-page.tsx';
import { bookAgainAddress, bookAgainState } from '../../src/features/bookings/book-again.ts';
import { storeUser } from '../../src/lib/session.ts';
import { renderRoutes, stubFetch } from '../render.tsx';

/** My orders: the start code, Confirm completion and Book again (issue 34, decision record 043). */

vi.setConfig({ testTimeout: 20_000 });
const USER = '0c7f5f7e-0000-4000-8000-0000000000bb';
const VENDOR = '0c7f5f7e-0000-4000-8000-0000000000cc';
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const order = (over: Partial<ServiceOrder>): ServiceOrder => ({
  _id: 'b1', Vendorid: VENDOR, vendorName: 'Ravi Plumbing Works', serviceDate: '2026-12-01', serviceTime: '10:00 AM', status: 'Confirmed',
  basePrice: 600, serviceCharge: 250, totalAmount: 850, paymentMethod: 'cash', paymentStatus: 'Pending',
  address: { street: '7 MG Road, Begumpet', city: 'Hyderabad', state: 'Telangana', zip: '500016', specialInstructions: 'Gate 2' },
  createdAt: '2026-11-22T10:00:00.000Z', cancellable: false, ...over,
});
const SAVED = {
  customer: { fullName: 'Asha Verma', email: 'asha@example.test', phone: '9876543210', alternatePhone: '' },
  address: { street: '12 Road No. 36', city: 'Hyderabad', state: 'Telangana', zip: '500033', latitude: null, longitude: null, specialInstructions: '' },
};
const routes = [{ path: '/myorder', element: <ServiceOrders /> }, { path: '/myorder/service', element: <BookServicePage /> }];

describe('Book again', () => {
  it('carries only a booking address through the router state', () => {
    expect(bookAgainAddress(bookAgainState(order({})))).toEqual({ street: '7 MG Road, Begumpet', city: 'Hyderabad', state: 'Telangana', zip: '500016', specialInstructions: 'Gate 2' });
    expect(bookAgainAddress(null)).toBeNull();
    expect(bookAgainAddress({ bookAgain: { street: 42 } })).toBeNull();
  });

  it("opens the professional's booking page with the completed booking's address, not the saved one", async () => {
    storeUser(USER, 'Asha Verma');
    stubFetch((url) => {
      if (url === `/cart/service/${USER}`) return { body: [order({ status: 'Completed', completedBy: 'customer' })] };
      if (url === `/api/vendor/${VENDOR}/price`) return { body: { vendorPrice: 600 } };
      if (url === `/fetch/location/booking/${USER}`) return { body: SAVED };
      if (url === `/myprofile/${USER}`) return { body: { _id: USER, Full_Name: 'Asha Verma', Emailaddress: 'asha@example.test', Phone_Number: '9876543210', Location: 'Hyderabad' } };
      return undefined;
    });
    renderRoutes('/myorder', routes);
    fireEvent.click(await screen.findByRole('link', { name: 'Book again' }));
    await vi.waitFor(() => expect((screen.getByLabelText('Full name') as HTMLInputElement).value).toBe('Asha Verma'));
    expect(localStorage.getItem('Customerid')).toBe(VENDOR);
    await vi.waitFor(() => expect((screen.getByLabelText('Street') as HTMLInputElement).value).toBe('7 MG Road, Begumpet'));
    expect((screen.getByLabelText('ZIP') as HTMLInputElement).value).toBe('500016');
  });
});

describe('arrival in My orders', () => {
  it('shows the start code while the professional is awaited, and confirms a started booking complete', async () => {
    storeUser(USER, 'Asha Verma');
    let done = false;
    const fetchMock = stubFetch((url, init) => {
      if (url === `/cart/service/${USER}`) {
        return { body: [
          order({ _id: 'b1', startCode: '0427', onTheWayAt: '2026-12-01T04:10:00.000Z' }),
          order({ _id: 'b2', status: done ? 'Completed' : 'In progress', completable: !done, autoCompleteAt: '2026-12-03T05:30:00.000Z', serviceTime: '2:00 PM' }),
        ] };
      }
      if (url === '/api/bookings/b2/complete' && init?.method === 'POST') {
        done = true;
        return { body: { message: 'Booking completed.', booking: order({ _id: 'b2', status: 'Completed' }) } };
      }
      return undefined;
    });
    renderRoutes('/myorder', routes);
    const code = await screen.findByTestId('start-code');
    expect(code.textContent).toBe('The professional is on the way.Start code 0427: give it to the professional when they arrive, not before.');
    expect(screen.queryByRole('link', { name: 'Book again' })).toBeNull();
    expect(screen.getByText(/If you do not answer, it completes by itself on 3 Dec 2026/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Confirm completion' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Confirm only once Ravi Plumbing Works has finished the work: the professional is then paid.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, it is complete' }));
    await screen.findByText('Thank you. The booking is complete.');
    expect(fetchMock.mock.calls.filter(([u]) => u === '/api/bookings/b2/complete')).toHaveLength(1);
    await screen.findByRole('link', { name: 'Book again' });
    expect(screen.queryByRole('button', { name: 'Confirm completion' })).toBeNull();
  });
});
