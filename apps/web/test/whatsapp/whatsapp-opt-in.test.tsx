import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_MSG } from '@nirmaan/shared/messages';
import { Component as SignupPage } from '../../src/features/auth/routes/signup-page.tsx';
import { Component as BookServicePage } from '../../src/features/bookings/routes/book-service-page.tsx';
import { Component as CheckoutPage } from '../../src/features/cart/routes/checkout-page.tsx';
import { storeUser } from '../../src/lib/session.ts';
import { findToast, mailedCode, renderPage, renderRoutes, stubApi, stubFetch } from '../render.tsx';

/**
 * The unticked "Send me order and booking updates on WhatsApp" box at checkout, booking and signup (issue 36): with
 * the number to use, sent in the form's own call (never a separate one), and only when ticked.
 */

vi.setConfig({ testTimeout: 20_000 });
const USER = '0c7f5f7e-0000-4000-8000-0000000000dd';
const VENDOR = '0c7f5f7e-0000-4000-8000-0000000000ee';
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const LABEL = 'Send me order and booking updates on WhatsApp';
const box = () => screen.getByLabelText(LABEL) as HTMLInputElement;
const bodyOf = (fetchMock: ReturnType<typeof stubFetch>, path: string) => JSON.parse(String(fetchMock.mock.calls.find(([u]) => u === path)![1]!.body));

function checkoutServer() {
  return stubFetch((url) => {
    if (url === `/carts/${USER}`) return { body: [{ _id: 'c1', Vendorid: 'v1', productid: 'p1', producturl: '/x.svg', productname: 'UltraTech PPC', productQuantity: 2, productprice: 400, productvendor: 'Balaji Traders', productcategory: 'Cement', customerid: USER, productunit: 'bag', stock: 10 }] };
    if (url === `/myprofile/${USER}`) return { body: { _id: USER, Full_Name: 'Asha Verma', Emailaddress: 'asha@example.test', Phone_Number: '9876543210', Location: 'Hyderabad' } };
    if (url === '/ordercart') return { status: 201, body: { message: 'Order placed successfully!', orderId: 'o1', orders: [], subtotal: 800, deliveryFee: 300, total: 1100, payment: null } };
    return undefined;
  });
}
async function fillCheckout() {
  renderRoutes('/Cart/order', [{ path: '/Cart/order', element: <CheckoutPage /> }, { path: '/myorder', element: <p>My orders page</p> }]);
  await screen.findByDisplayValue('Asha Verma');
  fireEvent.change(screen.getByLabelText('Address'), { target: { value: '12 Road No. 36, Jubilee Hills' } });
  fireEvent.change(screen.getByLabelText('State'), { target: { value: 'Telangana' } });
  fireEvent.change(screen.getByLabelText('Pincode'), { target: { value: '500033' } });
}

describe('at checkout', () => {
  it('is unticked: the order goes without any consent', async () => {
    storeUser(USER, 'Asha Verma');
    const fetchMock = checkoutServer();
    await fillCheckout();
    expect(box().checked).toBe(false);
    expect(screen.queryByLabelText('WhatsApp number')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    await screen.findByText('My orders page');
    expect(bodyOf(fetchMock, '/ordercart').whatsapp).toBeUndefined();
    expect(fetchMock.mock.calls.some(([u]) => u === '/api/me/whatsapp')).toBe(false);
  });

  it('ticked: the number to use (the contact phone, or another typed) goes with the order, and a bad number stops it with the message', async () => {
    storeUser(USER, 'Asha Verma');
    const fetchMock = checkoutServer();
    await fillCheckout();
    fireEvent.click(box());
    const number = screen.getByLabelText('WhatsApp number') as HTMLInputElement;
    expect(number.value).toBe('9876543210');
    fireEvent.change(number, { target: { value: '12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    await screen.findByText('Please enter an Indian mobile number: 10 digits starting with 6, 7, 8 or 9 (with or without +91).');
    expect(fetchMock.mock.calls.some(([u]) => u === '/ordercart')).toBe(false);
    fireEvent.change(number, { target: { value: '98480 22338' } });
    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    await screen.findByText('My orders page');
    expect(bodyOf(fetchMock, '/ordercart').whatsapp).toEqual({ phone: '98480 22338', consent: true });
    // One call: the consent is stored with the order, never by a call of its own before or after it.
    expect(fetchMock.mock.calls.some(([u]) => u === '/api/me/whatsapp')).toBe(false);
  });
});

describe('on the booking page', () => {
  it('ticked: the contact number goes with the booking', async () => {
    storeUser(USER, 'Asha Verma');
    localStorage.setItem('Customerid', VENDOR);
    const date = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date(Date.now() + 2 * 86_400_000));
    const fetchMock = stubFetch((url) => {
      if (url === `/api/vendor/${VENDOR}/price`) return { body: { vendorPrice: 600 } };
      if (url === `/fetch/location/booking/${USER}`) return { body: { customer: { fullName: 'Asha Verma', email: 'asha@example.test', phone: '9876543210', alternatePhone: '' }, address: { street: '12 Road No. 36', city: 'Hyderabad', state: 'Telangana', zip: '500033', specialInstructions: '' } } };
      if (url === `/myprofile/${USER}`) return { body: { _id: USER, Full_Name: 'Asha Verma', Emailaddress: 'asha@example.test', Phone_Number: '9876543210', Location: 'Hyderabad' } };
      if (url.startsWith(`/api/vendor/${VENDOR}/booked-slots`)) return { body: { date, booked: [] } };
      if (url === '/api/booking') return { status: 201, body: { message: 'Booking Successful!', booking: { _id: 'b1', Vendorid: VENDOR, vendorName: 'X', serviceDate: date, serviceTime: '10:00 AM', status: 'Pending', basePrice: 600, serviceCharge: 250, totalAmount: 850, paymentMethod: 'cash', paymentStatus: 'Pending', address: { street: '12 Road No. 36', city: 'Hyderabad' }, createdAt: '2026-11-22T10:00:00.000Z', cancellable: true } } };
      return undefined;
    });
    renderRoutes('/myorder/service', [{ path: '/myorder/service', element: <BookServicePage /> }, { path: '/myorder', element: <p>My orders page</p> }]);
    await screen.findByDisplayValue('12 Road No. 36');
    expect(box().checked).toBe(false);
    fireEvent.change(screen.getByLabelText('Service date'), { target: { value: date } });
    fireEvent.click(await screen.findByRole('button', { name: '10:00 AM' }));
    fireEvent.click(box());
    expect((screen.getByLabelText('WhatsApp number') as HTMLInputElement).value).toBe('9876543210');
    fireEvent.click(screen.getByRole('button', { name: 'Book Now' }));
    await screen.findByText('My orders page');
    expect(bodyOf(fetchMock, '/api/booking').whatsapp).toEqual({ phone: '9876543210', consent: true });
  });
});

describe('at signup', () => {
  it('ticked: the phone typed in the form goes with the new account', async () => {
    const api = stubApi((c) => mailedCode(c) ?? (c.path === '/profiledata' ? { status: 201, body: { message: AUTH_MSG.accountCreated } } : undefined));
    renderPage(SignupPage, '/signup');
    const change = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
    for (const [label, value] of Object.entries({ 'Full name': 'Asha Verma', 'Phone number': '9876543210', Password: 'secret123', 'Confirm password': 'secret123', Location: 'Mumbai' })) change(label, value);
    change('Email address', 'asha@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Send OTP' }));
    await screen.findByLabelText('OTP');
    change('OTP', '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Verify OTP' }));
    await findToast(AUTH_MSG.signupOtpVerified);
    expect(box().checked).toBe(false);
    fireEvent.click(box());
    expect((screen.getByLabelText('WhatsApp number') as HTMLInputElement).value).toBe('9876543210');
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    await findToast(AUTH_MSG.accountCreated);
    const [created] = api.to('POST', '/profiledata');
    expect(created!.body).toMatchObject({ Emailaddress: 'asha@example.com', Phone_Number: '9876543210', whatsapp: { phone: '9876543210', consent: true } });
  });
});
