import { I18nProvider } from '@lingui/react';
import { describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Component as OpsLogin } from '../../src/features/ops/routes/ops-login-page.tsx';
import { Component as OpsVendors } from '../../src/features/ops/routes/ops-vendors-page.tsx';
import { Component as OpsReviews } from '../../src/features/ops/routes/ops-reviews-page.tsx';
import { Component as VendorShell } from '../../src/features/vendor/routes/vendor-shell.tsx';
import { failure, stubApi, englishI18n } from '../render.tsx';
import { operator, renderConsole } from './console.tsx';

const openConsole = (entry: string) => renderConsole(entry, { '': <p>Dashboard</p>, vendors: <OpsVendors />, reviews: <OpsReviews /> }, [{ path: '/ops/login', element: <OpsLogin /> }]);

const pending = {
  id: 'f00dbabe-0000-4000-8000-000000000009', kind: 'professional', businessName: 'A1 Aqua Plumbing Works', ownerName: 'Imran Qureshi',
  email: 'imran@vendor.in', phone: '9848012345', city: 'Hyderabad', businessAddress: 'Banjara Hills', category: 'Plumber', subCategories: ['Plumber'],
  description: '', chargeAmount: 400, chargeType: 'Per Visit', status: 'pending', rejectionReason: null, createdAt: '2026-11-20T10:00:00.000Z',
  approvedAt: null, suspendedAt: null,
};

describe('the operator console', () => {
  it('logs in with the password, then the mailed code, and comes back to the page asked for', async () => {
    let loggedIn = false;
    const api = stubApi((c) => {
      if (c.path === '/api/ops/me') return loggedIn ? { body: operator('admin') } : failure(401, 'Please log in to the operator console.', 'UNAUTHENTICATED');
      if (c.path === '/api/ops/login') {
        return (c.body as { password: string }).password === 'Demo@12345'
          ? { body: { message: 'We have emailed you a 6-digit code. Enter it to finish logging in.' } }
          : failure(401, 'Invalid email or password.', 'UNAUTHENTICATED');
      }
      if (c.path === '/api/ops/login/verify') {
        if ((c.body as { otp: string }).otp !== '123456') return failure(400, 'Invalid OTP', 'BAD_REQUEST');
        loggedIn = true;
        return { body: { message: 'Success', operator: operator('admin') } };
      }
      if (c.path.startsWith('/api/ops/vendors')) return { body: { vendors: [pending], total: 1, page: 1, pages: 1 } };
      return undefined;
    });
    const { location } = openConsole('/ops/vendors');
    await waitFor(() => expect(location()).toBe('/ops/login?next=%2Fops%2Fvendors'));
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ops@demo.nirmaan.in' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid email or password.');
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Demo@12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByText(/We have emailed you a 6-digit code/);
    // The password does not linger once it has been used.
    expect(screen.queryByLabelText('Password')).toBeNull();
    fireEvent.change(screen.getByLabelText('Code from the email'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(location()).toBe('/ops/vendors'));
    await screen.findByText('A1 Aqua Plumbing Works');
    expect(api.to('POST', '/api/ops/login/verify')[0]!.body).toEqual({ email: 'ops@demo.nirmaan.in', otp: '123456' });
  });

  it('offers approve and reject to support, asks for a reason to reject, and offers finance no decision', async () => {
    let role = 'support';
    const api = stubApi((c) => {
      if (c.path === '/api/ops/me') return { body: operator(role) };
      if (c.path.startsWith('/api/ops/vendors?')) return { body: { vendors: [pending], total: 1, page: 1, pages: 1 } };
      if (c.method === 'POST' && c.path.endsWith('/reject')) return { body: { ...pending, status: 'rejected', rejectionReason: (c.body as { reason: string }).reason } };
      return undefined;
    });
    openConsole('/ops/vendors');
    fireEvent.click(await screen.findByRole('button', { name: 'Reject' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please write a reason to reject A1 Aqua Plumbing Works.');
    expect(api.to('POST', `/api/ops/vendors/${pending.id}/reject`)).toEqual([]);
    fireEvent.change(screen.getByLabelText('Reason for A1 Aqua Plumbing Works'), { target: { value: 'Address incomplete' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reject' }));
    await screen.findByText('A1 Aqua Plumbing Works is rejected; the vendor is mailed the reason.');
    expect(api.to('POST', `/api/ops/vendors/${pending.id}/reject`)[0]!.body).toEqual({ reason: 'Address incomplete' });
    screen.getByRole('button', { name: 'Approve' });

    cleanup();
    role = 'finance';
    openConsole('/ops/vendors');
    await screen.findByText('A1 Aqua Plumbing Works');
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reject' })).toBeNull();
  });
});

describe('the console reviews page', () => {
  const reported = {
    kind: 'product', id: 'f00dbabe-0000-4000-8000-000000000021', subjectId: 'f00dbabe-0000-4000-8000-000000000031', subjectName: 'UltraTech Cement 50 kg',
    vendorId: pending.id, customerId: 'f00dbabe-0000-4000-8000-000000000041', customerName: 'Ravi Kumar', rating: 1, comment: 'Call me on 98480 12345 for cheaper',
    createdAt: '2026-11-20T10:00:00.000Z', hiddenAt: null, hiddenReason: null, reportCount: 3, lastReportedAt: '2026-11-21T10:00:00.000Z',
  };

  it('is in the console nav, filters reported reviews with their counts, and hides one with a reason', async () => {
    let hidden: { at: string; reason: string } | null = null;
    const api = stubApi((c) => {
      if (c.path === '/api/ops/me') return { body: operator('support') };
      if (c.method === 'GET' && c.path.startsWith('/api/ops/reviews')) {
        const row = { ...reported, hiddenAt: hidden?.at ?? null, hiddenReason: hidden?.reason ?? null };
        return { body: { reviews: [row], total: 1, page: 1, pages: 1 } };
      }
      if (c.method === 'POST' && c.path === `/api/ops/reviews/${reported.id}/hide`) {
        hidden = { at: '2026-11-22T10:00:00.000Z', reason: (c.body as { reason: string }).reason };
        return { body: { ...reported, hiddenAt: hidden.at, hiddenReason: hidden.reason } };
      }
      return undefined;
    });
    const { location } = openConsole('/ops');
    fireEvent.click(await screen.findByRole('link', { name: 'Reviews' }));
    await waitFor(() => expect(location()).toBe('/ops/reviews'));
    fireEvent.click(await screen.findByLabelText('Reported only'));
    await waitFor(() => expect(location()).toBe('/ops/reviews?reported=true'));
    await waitFor(() => expect(api.calls.some((c) => c.path.startsWith('/api/ops/reviews?reported=true'))).toBe(true));
    await screen.findByText('3 reports');

    fireEvent.click(screen.getByRole('button', { name: 'Hide' }));
    expect((await screen.findByRole('alert')).textContent).toBe("Please write a reason to hide Ravi Kumar's review.");
    expect(api.to('POST', `/api/ops/reviews/${reported.id}/hide`)).toEqual([]);
    fireEvent.change(screen.getByLabelText("Reason for Ravi Kumar's review"), { target: { value: 'Phone number in a review' } });
    fireEvent.click(screen.getByRole('button', { name: 'Hide' }));
    await screen.findByText("Ravi Kumar's review is hidden; the average no longer counts it.");
    expect(api.to('POST', `/api/ops/reviews/${reported.id}/hide`)[0]!.body).toEqual({ kind: 'product', reason: 'Phone number in a review' });
    await screen.findByRole('button', { name: 'Unhide' });
    screen.getByText('Hidden', { selector: '.badge' });
  });

  it('offers finance no Hide or Unhide, and pages through a long list', async () => {
    const api = stubApi((c) => {
      if (c.path === '/api/ops/me') return { body: operator('finance') };
      if (c.path.startsWith('/api/ops/reviews')) {
        const page = c.path.includes('page=2') ? 2 : 1;
        return { body: { reviews: [{ ...reported, comment: `${reported.comment} (page ${page})` }], total: 51, page, pages: 2 } };
      }
      return undefined;
    });
    const { location } = openConsole('/ops/reviews');
    await screen.findByText(`${reported.comment} (page 1)`);
    expect(screen.queryByRole('button', { name: 'Hide' })).toBeNull();
    expect(screen.queryByLabelText("Reason for Ravi Kumar's review")).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText(`${reported.comment} (page 2)`);
    expect(location()).toBe('/ops/reviews?page=2');
    expect(api.calls.some((c) => c.path === '/api/ops/reviews?page=2')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
    screen.getByRole('button', { name: 'Previous' });
  });
});

describe('a rejected vendor in the portal', () => {
  it('sees the operator’s reason and resubmits', async () => {
    let status = 'rejected';
    const api = stubApi((c) => {
      if (c.path === '/api/vendor/me') {
        return { body: {
          _id: pending.id, kind: 'professional', Owner_name: 'Imran Qureshi', Business_Name: 'A1 Aqua Plumbing Works', email: 'imran@vendor.in',
          phone: '9848012345', city: 'Hyderabad', Category: 'Plumber', Profile_Image: null, approved: false, status,
          rejectionReason: status === 'rejected' ? 'The business address is incomplete' : null,
        } };
      }
      if (c.path === '/api/vendor/resubmit') {
        status = 'pending';
        return { body: { message: 'Thank you. Your details are back in the review queue.' } };
      }
      if (c.path.startsWith('/api/chat')) return { body: { conversations: [], totalUnread: 0 } };
      return undefined;
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const router = createMemoryRouter([{ path: '/vendor', element: <VendorShell />, children: [{ index: true, element: <p>Front page</p> }] }], { initialEntries: ['/vendor'] });
    render(<I18nProvider i18n={englishI18n}><QueryClientProvider client={client}><RouterProvider router={router} /></QueryClientProvider></I18nProvider>);
    expect((await screen.findByTestId('vendor-rejected')).textContent).toContain('The business address is incomplete');
    fireEvent.click(screen.getByRole('button', { name: 'Resubmit' }));
    await screen.findByText('Thank you. Your details are back in the review queue.');
    expect(screen.queryByTestId('vendor-rejected')).toBeNull();
    expect(api.to('POST', '/api/vendor/resubmit')).toHaveLength(1);
  });
});
