import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CHAT_MSG } from '@nirmaan/shared/chat';
import type { VendorMe } from '@nirmaan/shared/vendor-auth';
import { Component as VendorChat } from '../../src/features/vendor/routes/vendor-chat-page.tsx';
import { Component as VendorPage } from '../../src/features/services/routes/vendor-page.tsx';
import { Component as LoginPage } from '../../src/features/auth/routes/login-page.tsx';
import { Component as VendorShell } from '../../src/features/vendor/routes/vendor-shell.tsx';
import { storeUser } from '../../src/lib/session.ts';
import { stubApi } from '../render.tsx';
import { resetBetweenTests, type FakeSocket } from './fake-socket.ts';
import { CUSTOMER, VENDOR_1, message, renderRoute, summary, vendorProfile } from './fixtures.tsx';

const sockets = vi.hoisted(() => [] as FakeSocket[]);
vi.mock('socket.io-client', async () => (await import('./fake-socket.ts')).fakeSocketIo(sockets));
vi.setConfig({ testTimeout: 20_000 });
resetBetweenTests(sockets);

const CUSTOMER_2 = 'c0000000-0000-4000-8000-000000000002';
const me = { _id: VENDOR_1, Business_Name: 'Goud Plumbing Works' } as VendorMe;

describe('vendor inbox', () => {
  it('lists the customers who wrote, shows the first, and answers live from the vendor’s side', async () => {
    const asked = message(CUSTOMER, VENDOR_1, 'Is the plumber free on Friday?');
    const other = message(CUSTOMER_2, VENDOR_1, 'Do you fix geysers?');
    stubApi((c) => {
      if (c.path === '/api/chat/conversations') {
        return { body: { conversations: [summary(CUSTOMER, 'Asha Verma', asked, 1), summary(CUSTOMER_2, 'Kiran Reddy', other, 1)], totalUnread: 2 } };
      }
      if (c.path === `/api/messages/conversation/${CUSTOMER}/${VENDOR_1}`) return { body: [asked] };
      if (c.method === 'POST' && c.path === `/api/chat/read/${CUSTOMER}`) return { body: { read: 1 } };
      return undefined;
    });
    renderRoute('/vendor/chat/:customerId?', <VendorChat />, '/vendor/chat', me);
    const socket = sockets.at(-1)!;
    act(() => socket.serverConnect());
    expect(socket.emitted.find((e) => e.event === 'joinRoom')!.args).toEqual([VENDOR_1]);

    const log = await screen.findByRole('log', { name: 'Messages' });
    await within(log).findByText('Is the plumber free on Friday?');
    expect(screen.getByTestId('chat-partner').textContent).toBe('Asha Verma');
    const list = screen.getByRole('navigation', { name: 'Conversations' });
    // The open conversation is read; the other keeps its badge.
    await waitFor(() => expect(within(list).getAllByTestId('unread-badge').map((b) => b.textContent)).toEqual(['1 unread message']));
    within(within(list).getByRole('link', { name: /Kiran Reddy/ })).getByTestId('unread-badge');

    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Yes, after 3 PM.' } });
    fireEvent.keyDown(screen.getByLabelText('Message'), { key: 'Enter' });
    expect(socket.sent()).toEqual([expect.objectContaining({ senderId: VENDOR_1, senderModel: 'Vendor', receiverId: CUSTOMER, receiverModel: 'Customer', text: 'Yes, after 3 PM.' })]);
    await within(log).findByText('Yes, after 3 PM.');

    act(() => socket.fire('receiveMessage', message(CUSTOMER, VENDOR_1, 'Thanks, see you then.')));
    await within(log).findByText('Thanks, see you then.');
  });

  it('says "No conversations yet" to a vendor nobody has written to', async () => {
    stubApi((c) => (c.path === '/api/chat/conversations' ? { body: { conversations: [], totalUnread: 0 } } : undefined));
    renderRoute('/vendor/chat/:customerId?', <VendorChat />, '/vendor/chat', me);
    await screen.findByText(CHAT_MSG.noConversations);
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('the portal’s navigation', () => {
  it('shows Messages with the unread total', async () => {
    const asked = message(CUSTOMER, VENDOR_1, 'Is the plumber free on Friday?');
    stubApi((c) => {
      if (c.path === '/api/vendor/me') return { body: { ...me, Owner_name: 'Ravi Goud', kind: 'professional', email: 'ravi@goud.in', phone: '9848012345', city: 'Hyderabad', Category: 'Plumber', Profile_Image: null, approved: true } };
      if (c.path === '/api/chat/conversations') return { body: { conversations: [summary(CUSTOMER, 'Asha Verma', asked, 3)], totalUnread: 3 } };
      return undefined;
    });
    renderRoute('/vendor', <VendorShell />, '/vendor');
    const nav = await screen.findByRole('navigation', { name: 'Vendor portal' });
    const badge = await within(nav).findByTestId('nav-unread');
    const link = badge.closest('a')!;
    expect(link.textContent).toBe('Messages 3 unread messages');
    expect(link.getAttribute('href')).toBe('/vendor/chat');
  });
});

describe('the vendor profile’s Message button', () => {
  const vendor = vendorProfile(VENDOR_1, 'Ravi Goud', 'Goud Plumbing Works');
  const profileServer = () => stubApi((c) => {
    if (c.path === `/profesionaldetails/${VENDOR_1}`) return { body: vendor };
    if (c.path === `/api/projects/${VENDOR_1}`) return { body: [] };
    if (c.path === `/fetch/review/service/${VENDOR_1}`) return { body: { getreview: [] } };
    return undefined;
  });

  it('tells a visitor to log in and stays on the profile', async () => {
    profileServer();
    const view = renderRoute('/service/details/:id', <VendorPage />, `/service/details/${VENDOR_1}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Message' }));
    await screen.findByText(CHAT_MSG.loginToChat, { selector: '.toast-body' });
    expect(view.location()).toBe(`/service/details/${VENDOR_1}`);
  });

  it('opens the chat with that vendor for a logged-in customer', async () => {
    storeUser(CUSTOMER, 'Asha Verma');
    profileServer();
    const view = renderRoute('/service/details/:id', <VendorPage />, `/service/details/${VENDOR_1}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Message' }));
    expect(view.location()).toBe(`/customer/chat/${VENDOR_1}`);
  });
});

describe('login from the chat page', () => {
  it('goes back to the chat after logging in, and never to another site', async () => {
    storeUser(CUSTOMER, 'Asha Verma');
    stubApi();
    const view = renderRoute('/login', <LoginPage />, `/login?next=${encodeURIComponent(`/customer/chat/${VENDOR_1}`)}`);
    await waitFor(() => expect(view.location()).toBe(`/customer/chat/${VENDOR_1}`));
    cleanup();
    const other = renderRoute('/login', <LoginPage />, `/login?next=${encodeURIComponent('//evil.example/x')}`);
    await waitFor(() => expect(other.location()).toBe('/'));
  });
});
