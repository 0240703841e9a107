import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Component as VendorLogin } from '../../src/features/vendor/routes/vendor-login-page.tsx';
import { Component as VendorShell } from '../../src/features/vendor/routes/vendor-shell.tsx';
import { safeVendorPath } from '../../src/features/vendor/vendor-paths.ts';
import { useVendor } from '../../src/features/vendor/use-vendor.ts';
import { failure, findToast, mailedCode, renderApp, stubApi, type Call } from '../render.tsx';

vi.setConfig({ testTimeout: 20_000 });
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const vendor = {
  _id: 'f00dbabe-0000-4000-8000-000000000002', kind: 'seller', Owner_name: 'Ramesh Agarwal', Business_Name: 'Agarwal Cement Traders',
  email: 'ramesh@agarwal.in', phone: '9848012345', city: 'Hyderabad', Category: 'Cement', Profile_Image: null, approved: true,
};

function Orders() {
  return <p>Orders of {useVendor().Business_Name}</p>;
}

/** The portal's routes as the app has them: login outside the frame, pages inside it. */
const renderPortal = (entry: string) => renderApp(entry, [
  { path: '/vendor/login', element: <VendorLogin /> },
  { path: '/vendor', element: <VendorShell />, children: [{ index: true, element: <p>Front page</p> }, { path: 'orders', element: <Orders /> }] },
], { withSearch: true });

/** A server with one vendor account (password Cement#2026) whose session starts at login. */
function vendorServer(extra: (c: Call) => ReturnType<typeof mailedCode> = () => undefined) {
  let loggedIn = false;
  return stubApi((c) => {
    if (c.path === '/api/vendor/me') return loggedIn ? { body: vendor } : failure(401, 'Please log in to continue.', 'UNAUTHENTICATED');
    if (c.path === '/api/vendor/login') {
      const body = c.body as { email: string; password: string };
      if (body.password !== 'Cement#2026') return failure(401, 'Invalid email or password.', 'UNAUTHENTICATED');
      loggedIn = true;
      return { body: { message: 'Success', vendor: { _id: vendor._id, Business_Name: vendor.Business_Name, Owner_name: vendor.Owner_name, kind: 'seller' } } };
    }
    if (c.path === '/api/vendor/login-with-otp') {
      loggedIn = true;
      return { body: { message: 'Success', vendor: { _id: vendor._id, Business_Name: vendor.Business_Name, Owner_name: vendor.Owner_name, kind: 'seller' } } };
    }
    if (c.path === '/api/logout') {
      loggedIn = false;
      return { body: { message: 'Logged out' } };
    }
    return extra(c) ?? mailedCode(c);
  });
}

describe('the vendor portal’s frame', () => {
  it('sends a visitor to the vendor login, which brings them back to the page they wanted', async () => {
    vendorServer();
    const view = renderPortal('/vendor/orders');
    await waitFor(() => expect(view.location()).toBe('/vendor/login?next=%2Fvendor%2Forders'));
    fireEvent.change(screen.getByLabelText('Business email'), { target: { value: 'ramesh@agarwal.in' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Cement#2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    await screen.findByText('Orders of Agarwal Cement Traders');
    expect(view.location()).toBe('/vendor/orders');
    expect(screen.getByTestId('vendor-name').textContent).toBe('Agarwal Cement Traders');
  });

  it('logs out on the server and returns to the login', async () => {
    const api = vendorServer();
    const view = renderPortal('/vendor/login');
    fireEvent.change(screen.getByLabelText('Business email'), { target: { value: 'ramesh@agarwal.in' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Cement#2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    await screen.findByText('Front page');
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(view.location()).toBe('/vendor/login'));
    expect(api.to('POST', '/api/logout')).toHaveLength(1);
  });
});

describe('vendor login', () => {
  it('shows the server’s refusal and stays on the form', async () => {
    vendorServer();
    const view = renderPortal('/vendor/login');
    fireEvent.change(screen.getByLabelText('Business email'), { target: { value: 'ramesh@agarwal.in' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'wrong-one' } });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect((await findToast('Invalid email or password.')).className).toContain('danger');
    expect(view.location()).toBe('/vendor/login');
  });

  it('logs in with an emailed code sent for a vendor account', async () => {
    const api = vendorServer();
    const view = renderPortal('/vendor/login');
    fireEvent.change(screen.getByLabelText('Business email'), { target: { value: 'ramesh@agarwal.in' } });
    fireEvent.click(screen.getByLabelText('Login with OTP'));
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    await findToast('Please verify your OTP before logging in.');
    fireEvent.click(screen.getByRole('button', { name: 'Send OTP' }));
    fireEvent.change(await screen.findByLabelText('OTP'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify OTP' }));
    await screen.findByText('Front page');
    expect(view.location()).toBe('/vendor');
    expect(api.to('POST', '/sendotp')[0]!.body).toEqual({ Email: 'ramesh@agarwal.in', purpose: 'vendor-login' });
  });

  it('refuses a wrong code, answered in a 200 by /verifyotp, and does not log in', async () => {
    const api = vendorServer();
    const view = renderPortal('/vendor/login');
    fireEvent.change(screen.getByLabelText('Business email'), { target: { value: 'ramesh@agarwal.in' } });
    fireEvent.click(screen.getByLabelText('Login with OTP'));
    fireEvent.click(screen.getByRole('button', { name: 'Send OTP' }));
    fireEvent.change(await screen.findByLabelText('OTP'), { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify OTP' }));
    expect((await findToast('Invalid OTP')).className).toContain('danger');
    expect(api.to('POST', '/api/vendor/login-with-otp')).toHaveLength(0);
    expect(view.location()).toBe('/vendor/login');
  });

  it('only returns to portal pages after login', () => {
    expect(safeVendorPath('/vendor/orders?status=Pending')).toBe('/vendor/orders?status=Pending');
    expect(safeVendorPath('//evil.example/vendor')).toBe('/vendor');
    expect(safeVendorPath('https://evil.example/')).toBe('/vendor');
    expect(safeVendorPath('/myorder')).toBe('/vendor');
    expect(safeVendorPath('/vendor/login')).toBe('/vendor');
    expect(safeVendorPath(null)).toBe('/vendor');
  });
});
