import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AUTH_MSG } from '@nirmaan/shared/messages';
import { VENDOR_ACCOUNT_MSG } from '@nirmaan/shared/vendor-account';
import { Component as VendorDashboard } from '../../src/features/vendor-dashboard/routes/vendor-dashboard-page.tsx';
import { Component as VendorLogin } from '../../src/features/vendor/routes/vendor-login-page.tsx';
import { Component as VendorShell } from '../../src/features/vendor/routes/vendor-shell.tsx';
import { Component as VendorSignup } from '../../src/features/vendor/routes/vendor-signup-page.tsx';
import { failure, findToast, mailedCode, renderApp, stubApi, type Call } from '../render.tsx';

vi.setConfig({ testTimeout: 20_000 });
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const me = {
  _id: 'f00dbabe-0000-4000-8000-000000000007', kind: 'professional', Owner_name: 'Srinivas Goud', Business_Name: 'Goud Plumbing Works',
  email: 'srinivas@goud.in', phone: '9848012345', city: 'Hyderabad', Category: 'Plumber', Profile_Image: null, approved: true,
};

/** The portal as the app routes it: signup and login outside the frame, the dashboard as its front page. */
const renderPortal = (entry: string) => renderApp(entry, [
  { path: '/vendor/login', element: <VendorLogin /> },
  { path: '/vendor/signup', element: <VendorSignup /> },
  { path: '/vendor', element: <VendorShell />, children: [{ index: true, element: <VendorDashboard /> }] },
]);

const line = {
  _id: 'a1b2c3d4-0000-4000-8000-000000000001', orderId: 'd0d0d0d0-0000-4000-8000-000000000004', vendorid: me._id, productId: 'b0b0b0b0-0000-4000-8000-000000000003',
  productName: 'CPVC pipe 1 inch', productImage: '/images/x.svg', quantity: 4, pricePerUnit: 320, totalPrice: 1280, customerId: 'c0ffee00-0000-4000-8000-000000000001',
  customerName: 'Asha Verma', phone: '9876543210', email: 'asha@example.in', shippingAddress: { fullAddress: '12 Road No. 36', city: 'Hyderabad', pincode: '500033', state: 'Telangana' },
  paymentStatus: 'Pending', paymentMethod: 'cod', orderStatus: 'Pending', orderedAt: '2026-11-23T10:00:00.000Z', deliveryFee: 300, orderTotal: 1580,
};
const booking = {
  _id: 'b00c0000-0000-4000-8000-000000000001', Vendorid: me._id, vendorName: me.Business_Name, serviceDate: '2026-11-27', serviceTime: '10:00 AM', status: 'Confirmed',
  basePrice: 600, serviceCharge: 250, totalAmount: 850, paymentMethod: 'cash', paymentStatus: 'Pending', address: { street: '7 Hill Colony', city: 'Secunderabad' },
  createdAt: '2026-11-23T10:00:00.000Z', cancellable: true, customer: { fullName: 'Ravi Teja', phone: '9876500000', email: 'ravi@example.in' },
};
const message = {
  _id: 'e0000000-0000-4000-8000-000000000001', senderId: 'c0ffee00-0000-4000-8000-000000000002', senderModel: 'Customer', receiverId: me._id, receiverModel: 'Vendor',
  text: 'Can you come on Saturday?', time: '2026-11-24T09:00:00.000Z', createdAt: '2026-11-24T09:00:00.000Z', clientId: null, readAt: null,
};
const dashboard = {
  newOrders: 3, upcomingBookings: 2, unreadMessages: 5, rating: { average: 4.3, count: 12 }, revenueThisMonth: 125400.5, month: '2026-11',
  latestOrders: [line], nextBookings: [booking],
  latestMessages: [{ partner: { _id: message.senderId, model: 'Customer', name: 'Meena Iyer', image: null }, lastMessage: message, unread: 2 }],
  latestReviews: [{ _id: 'r0000000-0000-4000-8000-000000000001', customerName: 'Imran Qureshi', rating: 5, comment: 'Fixed the leak in an hour.', createdAt: '2026-11-20T10:00:00.000Z' }],
};

describe('the vendor dashboard', () => {
  it('shows the server’s figures, the latest of each, and the professional’s sections', async () => {
    stubApi((c) => {
      if (c.path === '/api/vendor/me') return { body: me };
      if (c.path === '/api/vendor/dashboard') return { body: dashboard };
      return undefined;
    });
    renderPortal('/vendor');
    const figures = await screen.findByTestId('dashboard-figures');
    const figure = (label: string) => within(figures).getByText(label).parentElement!.textContent;
    expect(figure('New orders')).toBe('New orders3');
    expect(figure('Upcoming bookings')).toBe('Upcoming bookings2');
    expect(figure('Unread messages')).toBe('Unread messages5');
    expect(figure('Revenue this month')).toBe('Revenue this month₹1,25,400.50');
    expect(figure('Rating')).toContain('4.3(12 reviews)');
    within(screen.getByRole('region', { name: 'Latest orders' })).getByText(/CPVC pipe 1 inch × 4/);
    expect(within(screen.getByRole('region', { name: 'Next bookings' })).getByText(/27 Nov 2026 at 10:00 AM/).textContent).toContain('Ravi Teja · Secunderabad');
    const messages = within(screen.getByRole('region', { name: 'Latest messages' }));
    messages.getByText('Can you come on Saturday?');
    messages.getByText('2 unread');
    within(screen.getByRole('region', { name: 'Latest reviews' })).getByText('Fixed the leak in an hour.');
    const nav = within(screen.getByRole('navigation', { name: 'Vendor portal' }));
    expect(nav.getAllByRole('link').map((a) => a.textContent)).toEqual(['Dashboard', 'Orders', 'Bookings', 'Calendar', 'Messages', 'Profile', 'Payouts', 'Earnings', 'Projects', 'Reviews', 'Disputes']);
    expect(screen.queryByText(VENDOR_ACCOUNT_MSG.awaitingApproval)).toBeNull();
  });

  it('shows empty lists, the banner for an account awaiting approval, and no Projects for a seller', async () => {
    stubApi((c) => {
      if (c.path === '/api/vendor/me') return { body: { ...me, kind: 'seller', Category: 'Cement', approved: false } };
      if (c.path === '/api/vendor/dashboard') {
        return { body: { ...dashboard, newOrders: 0, rating: { average: null, count: 0 }, revenueThisMonth: 0, latestOrders: [], nextBookings: [], latestMessages: [], latestReviews: [] } };
      }
      return undefined;
    });
    renderPortal('/vendor');
    await screen.findByText(VENDOR_ACCOUNT_MSG.awaitingApproval);
    await screen.findByText('No orders yet.');
    screen.getByText('No upcoming bookings.');
    screen.getByText('No messages yet.');
    screen.getByText('No reviews yet.');
    within(screen.getByTestId('dashboard-figures')).getByText('No ratings yet');
    expect(within(screen.getByRole('navigation', { name: 'Vendor portal' })).queryByRole('link', { name: 'Projects' })).toBeNull();
  });

  it('shows a seller its product views and its most viewed products; a professional neither', async () => {
    const productViews = { total: 1234, top: [{ _id: 'b0b0b0b0-0000-4000-8000-000000000003', ProductName: 'OPC 53 cement', views: 1200 }, { _id: 'b0b0b0b0-0000-4000-8000-000000000004', ProductName: 'TMT bar 12 mm', views: 1 }] };
    stubApi((c) => {
      if (c.path === '/api/vendor/me') return { body: { ...me, kind: 'seller', Category: 'Cement' } };
      if (c.path === '/api/vendor/dashboard') return { body: { ...dashboard, productViews } };
      return undefined;
    });
    renderPortal('/vendor');
    const figures = await screen.findByTestId('dashboard-figures');
    expect(within(figures).getByText('Product views').parentElement!.textContent).toBe('Product views1,234');
    const viewed = within(screen.getByRole('region', { name: 'Most viewed products' }));
    expect(viewed.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['OPC 53 cement1,200 views', 'TMT bar 12 mm1 view']);
    expect(viewed.getByRole('link', { name: 'OPC 53 cement' }).getAttribute('href')).toBe('/product/b0b0b0b0-0000-4000-8000-000000000003');
    cleanup();

    stubApi((c) => {
      if (c.path === '/api/vendor/me') return { body: me };
      if (c.path === '/api/vendor/dashboard') return { body: { ...dashboard, productViews: { total: 0, top: [] } } };
      return undefined;
    });
    renderPortal('/vendor');
    await screen.findByTestId('dashboard-figures');
    expect(screen.queryByText('Product views')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Most viewed products' })).toBeNull();
  });

  it('says so when the dashboard cannot load', async () => {
    stubApi((c) => {
      if (c.path === '/api/vendor/me') return { body: me };
      if (c.path === '/api/vendor/dashboard') return failure(500, 'boom', 'INTERNAL');
      return undefined;
    });
    renderPortal('/vendor');
    expect((await screen.findByRole('alert')).textContent).toBe('Server error. Try again later.');
  });
});

describe('vendor signup', () => {
  const change = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
  const signupServer = (onSignup: (c: Call) => ReturnType<typeof mailedCode>) => stubApi((c) => {
    if (c.path === '/api/vendor/me') return failure(401, 'Please log in to continue.', 'UNAUTHENTICATED');
    if (c.path === '/api/vendor/signup') return onSignup(c);
    return mailedCode(c);
  });
  const verify = async () => {
    change('Business email', 'lakshmi@kaveri.in');
    fireEvent.click(screen.getByRole('button', { name: 'Send OTP' }));
    await screen.findByLabelText('OTP');
    change('OTP', '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Verify OTP' }));
    await findToast(AUTH_MSG.signupOtpVerified);
  };

  it('verifies the email, sends the business, and goes to the login saying the account awaits approval', async () => {
    const api = signupServer(() => ({ status: 201, body: { message: VENDOR_ACCOUNT_MSG.signedUp } }));
    const view = renderPortal('/vendor/signup');
    expect(screen.getByLabelText('Business name').matches(':disabled')).toBe(true);
    expect((screen.getByRole('button', { name: 'Create vendor account' }) as HTMLButtonElement).disabled).toBe(true);
    await verify();
    expect(api.to('POST', '/sendotp').map((c) => c.body)).toEqual([{ Email: 'lakshmi@kaveri.in', purpose: 'vendor-signup' }]);
    change('Business name', 'Kaveri Waterproofing Works');
    change('Owner name', 'Lakshmi Narayanan');
    change('Phone number', '9845012345');
    change('Password', 'Kaveri#2026');
    change('Confirm password', 'Kaveri#2026');
    change('What you offer', 'professional');
    expect([...(screen.getByLabelText('Trade') as HTMLSelectElement).options].map((o) => o.value)).toContain('Plumber');
    change('Trade', 'Plumber');
    change('Charge (₹)', '700');
    change('Charged', 'Per Hour');
    change('City', 'Bangalore');
    change('Business address', '14 CMH Road, Indiranagar');
    fireEvent.click(screen.getByRole('button', { name: 'Create vendor account' }));
    await waitFor(() => expect(view.location()).toBe('/vendor/login'));
    expect(screen.getByText(VENDOR_ACCOUNT_MSG.signedUp).className).toContain('alert-success');
    expect(api.to('POST', '/api/vendor/signup').map((c) => c.body)).toEqual([{
      Business_Name: 'Kaveri Waterproofing Works', Owner_name: 'Lakshmi Narayanan', email: 'lakshmi@kaveri.in', phone: '9845012345', password: 'Kaveri#2026',
      kind: 'professional', Category: 'Plumber', city: 'Bangalore', Business_address: '14 CMH Road, Indiranagar', Charge_Per_Hour_or_Day: 700, Charge_Type: 'Per Hour',
    }]);
  });

  it('checks the form before sending: a professional needs a charge, passwords must match; the server’s refusal is shown', async () => {
    const api = signupServer(() => failure(409, 'A vendor account with this email already exists. Please log in.', 'CONFLICT'));
    renderPortal('/vendor/signup');
    await verify();
    change('Business name', 'Kaveri Waterproofing Works');
    change('Owner name', 'Lakshmi Narayanan');
    change('Phone number', '9845012345');
    change('Password', 'Kaveri#2026');
    change('Confirm password', 'Kaveri#2027');
    change('What you offer', 'professional');
    change('Trade', 'Plumber');
    change('City', 'Hyderabad');
    change('Business address', '14 CMH Road');
    fireEvent.click(screen.getByRole('button', { name: 'Create vendor account' }));
    await screen.findByText('Please enter your charge and how you charge (per hour, day or visit).', { selector: '.invalid-feedback' });
    screen.getByText(AUTH_MSG.passwordsDoNotMatch, { selector: '.invalid-feedback' });
    expect(api.to('POST', '/api/vendor/signup')).toHaveLength(0);
    change('Confirm password', 'Kaveri#2026');
    change('What you offer', 'seller');
    change('Material category', 'Cement');
    fireEvent.click(screen.getByRole('button', { name: 'Create vendor account' }));
    expect((await findToast('A vendor account with this email already exists. Please log in.')).className).toContain('danger');
    expect(api.to('POST', '/api/vendor/signup')[0]!.body).not.toHaveProperty('Charge_Per_Hour_or_Day');
  });

  it('is linked from the vendor login', async () => {
    signupServer(() => undefined);
    const view = renderPortal('/vendor/login');
    fireEvent.click(await screen.findByRole('link', { name: 'Create a vendor account' }));
    await waitFor(() => expect(view.location()).toBe('/vendor/signup'));
  });
});
