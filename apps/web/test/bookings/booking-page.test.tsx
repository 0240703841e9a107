import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BOOKING_MSG } from '@nirmaan/shared/messages';
import { ServiceOrders } from '../../src/features/bookings/components/service-orders.tsx';
import { Component as BookServicePage } from '../../src/features/bookings/routes/book-service-page.tsx';
import { storeUser } from '../../src/lib/session.ts';
import { findToast, renderRoutes, stubFetch } from '../render.tsx';

vi.setConfig({ testTimeout: 20_000 });
const USER = '0c7f5f7e-0000-4000-8000-0000000000bb';
const VENDOR = '0c7f5f7e-0000-4000-8000-0000000000cc';
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});
const routes = [{ path: '/myorder/service', element: <BookServicePage /> }, { path: '/myorder', element: <p>My orders page</p> }];
const tomorrow = () => {
  const d = new Date(Date.now() + 2 * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(d);
};

describe('Book Your Service', () => {
  it('shows base price + ₹250 to 2 decimals, and asks a visitor to log in instead of booking', async () => {
    localStorage.setItem('Customerid', VENDOR);
    const fetchMock = stubFetch((url) => (url === `/api/vendor/${VENDOR}/price` ? { body: { vendorPrice: 600 } } : undefined));
    renderRoutes('/myorder/service', routes);
    await screen.findByRole('heading', { name: BOOKING_MSG.heading });
    await vi.waitFor(() => expect(screen.getByTestId('booking-total').textContent).toBe('₹850.00'));
    fireEvent.click(screen.getByRole('button', { name: 'Book Now' }));
    expect((await screen.findAllByText(BOOKING_MSG.loginToContinue)).length).toBeGreaterThan(0);
    expect(fetchMock.mock.calls.some(([u]) => u === '/api/booking')).toBe(false);
  });

  it('fills saved details with the info toast, disables taken slots, sends only the method, and books', async () => {
    storeUser(USER, 'Asha Verma');
    localStorage.setItem('Customerid', VENDOR);
    const date = tomorrow();
    const fetchMock = stubFetch((url) => {
      if (url === `/api/vendor/${VENDOR}/price`) return { body: { vendorPrice: 600 } };
      if (url === `/fetch/location/booking/${USER}`) return { body: { customer: { fullName: 'Asha Verma', email: 'asha@example.test', phone: '9876543210', alternatePhone: '' }, address: { street: '12 Road No. 36', city: 'Hyderabad', state: 'Telangana', zip: '500033', specialInstructions: '' } } };
      if (url === `/myprofile/${USER}`) return { body: { _id: USER, Full_Name: 'Asha Verma', Emailaddress: 'asha@example.test', Phone_Number: '9876543210', Location: 'Hyderabad' } };
      if (url.startsWith(`/api/vendor/${VENDOR}/booked-slots`)) return { body: { date, booked: ['9:00 AM'] } };
      if (url === '/api/booking') return { status: 201, body: { message: 'Booking Successful!', booking: { _id: 'b1', Vendorid: VENDOR, vendorName: 'X', serviceDate: date, serviceTime: '10:00 AM', status: 'Pending', basePrice: 600, serviceCharge: 250, totalAmount: 850, paymentMethod: 'upi', paymentStatus: 'Pending', address: { street: '12 Road No. 36', city: 'Hyderabad' }, createdAt: '2026-11-22T10:00:00.000Z', cancellable: true } } };
      return undefined;
    });
    renderRoutes('/myorder/service', routes);
    await screen.findByText(BOOKING_MSG.savedDetailsFilled);
    expect((screen.getByLabelText('Full name') as HTMLInputElement).readOnly).toBe(true);
    expect((screen.getByLabelText('Street') as HTMLInputElement).value).toBe('12 Road No. 36');
    fireEvent.change(screen.getByLabelText('Service date'), { target: { value: date } });
    await vi.waitFor(() => expect((screen.getByRole('button', { name: /9:00 AM/ }) as HTMLButtonElement).disabled).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: '10:00 AM' }));
    fireEvent.click(screen.getByRole('tab', { name: 'UPI' }));
    fireEvent.change(screen.getByLabelText('UPI ID'), { target: { value: 'asha@okbank' } });
    fireEvent.click(screen.getByRole('button', { name: 'Book Now' }));
    await screen.findByText('My orders page');
    const [, init] = fetchMock.mock.calls.find(([u]) => u === '/api/booking')!;
    const sent = String(init!.body);
    expect(JSON.parse(sent)).toMatchObject({ Vendorid: VENDOR, customerid: USER, serviceDate: date, serviceTime: '10:00 AM', payment: { method: 'upi' } });
    expect(JSON.parse(sent).address).toEqual({ street: '12 Road No. 36', city: 'Hyderabad', state: 'Telangana', zip: '500033', specialInstructions: '', latitude: null, longitude: null });
    expect(sent).not.toContain('asha@okbank');
  });

  it('before a first booking fills the account’s contact without the saved-details toast, and offers dates up to 90 days ahead', async () => {
    storeUser(USER, 'Asha Verma');
    localStorage.setItem('Customerid', VENDOR);
    stubFetch((url) => {
      if (url === `/api/vendor/${VENDOR}/price`) return { body: { vendorPrice: 600 } };
      if (url === `/fetch/location/booking/${USER}`) {
        return { body: { customer: { fullName: 'Asha Verma', email: 'asha@example.test', phone: '9876543210', alternatePhone: '' }, address: { street: '', city: '', state: '', zip: '', latitude: null, longitude: null, specialInstructions: '' } } };
      }
      if (url === `/myprofile/${USER}`) return { body: { _id: USER, Full_Name: 'Asha Verma', Emailaddress: 'asha@example.test', Phone_Number: '9876543210', Location: 'Hyderabad' } };
      return undefined;
    });
    renderRoutes('/myorder/service', routes);
    await vi.waitFor(() => expect((screen.getByLabelText('Full name') as HTMLInputElement).value).toBe('Asha Verma'));
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('asha@example.test');
    expect((screen.getByLabelText('City') as HTMLInputElement).value).toBe('Hyderabad');
    expect(screen.queryByText(BOOKING_MSG.savedDetailsFilled)).toBeNull();
    const d = new Date(`${new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date())}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() + 90);
    expect((screen.getByLabelText('Service date') as HTMLInputElement).max).toBe(d.toISOString().slice(0, 10));
  });

  it('asks for a date and a time slot before booking, and a new date drops the slot picked for the old one', async () => {
    storeUser(USER, 'Asha Verma');
    localStorage.setItem('Customerid', VENDOR);
    const date = tomorrow();
    const fetchMock = stubFetch((url) => {
      if (url === `/api/vendor/${VENDOR}/price`) return { body: { vendorPrice: 600 } };
      if (url.startsWith(`/api/vendor/${VENDOR}/booked-slots`)) return { body: { date, booked: [] } };
      return undefined;
    });
    renderRoutes('/myorder/service', routes);
    await screen.findByRole('heading', { name: BOOKING_MSG.heading });
    fireEvent.click(screen.getByRole('button', { name: 'Book Now' }));
    await findToast(BOOKING_MSG.chooseSlot);

    fireEvent.change(screen.getByLabelText('Service date'), { target: { value: date } });
    fireEvent.click(await screen.findByRole('button', { name: '10:00 AM' }));
    expect(screen.getByRole('button', { name: '10:00 AM' }).getAttribute('aria-pressed')).toBe('true');
    const later = new Date(`${date}T00:00:00Z`);
    later.setUTCDate(later.getUTCDate() + 1);
    fireEvent.change(screen.getByLabelText('Service date'), { target: { value: later.toISOString().slice(0, 10) } });
    expect(screen.getByRole('button', { name: '10:00 AM' }).getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(screen.getByRole('button', { name: 'Book Now' }));
    await vi.waitFor(() => expect(screen.getAllByText(BOOKING_MSG.chooseSlot, { selector: '.toast-body' })).toHaveLength(2));
    expect(fetchMock.mock.calls.some(([u]) => u === '/api/booking')).toBe(false);
  });
});

describe('Service Orders tab', () => {
  it('says when there are none', async () => {
    storeUser(USER, 'Asha Verma');
    stubFetch((url) => (url === `/cart/service/${USER}` ? { body: [] } : undefined));
    renderRoutes('/myorder', [{ path: '/myorder', element: <ServiceOrders /> }]);
    await screen.findByText(BOOKING_MSG.noServiceOrders);
  });
});

/** "Buying for a business? Add GSTIN" (decision record 022): what the booking sends, and a refusal at its fields. */
describe('booking: buying for a business', () => {
  it('sends the GSTIN and legal name as typed, and shows the server\'s refusal beside the GSTIN', async () => {
    const REFUSED = 'The GSTIN 29AAGCB7383J1Z4 is registered in Karnataka, not in the state given.';
    storeUser(USER, 'Asha Verma');
    localStorage.setItem('Customerid', VENDOR);
    const date = tomorrow();
    const fetchMock = stubFetch((url) => {
      if (url === `/api/vendor/${VENDOR}/price`) return { body: { vendorPrice: 600 } };
      if (url.startsWith(`/api/vendor/${VENDOR}/booked-slots`)) return { body: { date, booked: [] } };
      if (url === '/api/booking') return { status: 400, body: { message: REFUSED, code: 'BAD_REQUEST', issues: [{ path: 'body.billing.gstin', message: REFUSED }] } };
      return undefined;
    });
    renderRoutes('/myorder/service', routes);
    // The server alone judges the booking here: saved details and profile are not needed to reach it.
    await vi.waitFor(() => expect(screen.getByTestId('booking-total').textContent).toBe('₹850.00'));
    fireEvent.change(screen.getByLabelText('Service date'), { target: { value: date } });
    fireEvent.click(await screen.findByRole('button', { name: '10:00 AM' }));
    fireEvent.click(screen.getByLabelText('Buying for a business? Add GSTIN'));
    fireEvent.change(screen.getByLabelText('GSTIN'), { target: { value: '29aagcb7383j1z4' } });
    fireEvent.change(screen.getByLabelText('Legal name (as registered for GST)'), { target: { value: 'Bharat Builders Pvt Ltd' } });
    fireEvent.click(screen.getByRole('button', { name: 'Book Now' }));

    expect((await findToast(REFUSED)).className).toContain('danger');
    const gstin = screen.getByLabelText('GSTIN');
    expect(gstin.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(gstin.getAttribute('aria-describedby')!)!.textContent).toBe(REFUSED);
    expect(screen.getByLabelText('Legal name (as registered for GST)').getAttribute('aria-invalid')).not.toBe('true');
    const [, init] = fetchMock.mock.calls.find(([u]) => u === '/api/booking')!;
    expect(JSON.parse(String(init!.body)).billing).toEqual({ gstin: '29aagcb7383j1z4', legalName: 'Bharat Builders Pvt Ltd' });

    fireEvent.change(gstin, { target: { value: '29AAGCB7383J1Z4' } });
    expect(screen.getByLabelText('GSTIN').getAttribute('aria-invalid')).not.toBe('true');
  });
});
