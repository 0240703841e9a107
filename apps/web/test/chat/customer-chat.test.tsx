import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CHAT_MSG, CHAT_PAGE_SIZE, type ChatMessage, type ConversationSummary } from '@nirmaan/shared/chat';
import { Component as CustomerChat } from '../../src/features/chat/routes/customer-chat-page.tsx';
import { storeUser } from '../../src/lib/session.ts';
import { stubApi, type Call } from '../render.tsx';
import type { VendorProfile } from '@nirmaan/shared/api';
import { resetBetweenTests, type FakeSocket } from './fake-socket.ts';
import { CUSTOMER, VENDOR_1, VENDOR_2, message, renderRoute, summary, vendorProfile } from './fixtures.tsx';

const sockets = vi.hoisted(() => [] as FakeSocket[]);
vi.mock('socket.io-client', async () => (await import('./fake-socket.ts')).fakeSocketIo(sockets));
vi.setConfig({ testTimeout: 20_000 });
resetBetweenTests(sockets);

const PAGE = '/customer/chat/:vendorId?';
const socket = () => sockets.at(-1)!;
const input = () => screen.getByLabelText('Message') as HTMLInputElement;
const type = (text: string) => fireEvent.change(input(), { target: { value: text } });
const pressEnter = () => fireEvent.keyDown(input(), { key: 'Enter' });
const thread = () => screen.getByRole('log', { name: 'Messages' });
const conversationLink = (name: string) => within(screen.getByRole('navigation', { name: 'Conversations' })).getByRole('link', { name: new RegExp(name) });

/** A chat server with these conversations and threads (by vendor id); the calls it got are in `api.calls`. */
function chatServer(conversations: ConversationSummary[], threads: Record<string, ChatMessage[]> = {}, extra?: (c: Call) => { body?: unknown } | undefined) {
  const profiles: Record<string, VendorProfile> = {
    [VENDOR_1]: vendorProfile(VENDOR_1, 'Ravi Goud', 'Goud Plumbing Works'),
    [VENDOR_2]: vendorProfile(VENDOR_2, 'Meena Rao', 'Rao Cement Traders'),
  };
  return stubApi((c) => {
    const extraAnswer = extra?.(c);
    if (extraAnswer) return extraAnswer;
    if (c.path === '/api/chat/conversations') return { body: { conversations, totalUnread: conversations.reduce((t, s) => t + s.unread, 0) } };
    const vendor = /^\/api\/vendor\/([^/]+)$/.exec(c.path);
    if (vendor && profiles[vendor[1]!]) return { body: profiles[vendor[1]!] };
    const conversation = /^\/api\/messages\/conversation\/([^/]+)\/([^/?]+)$/.exec(c.path);
    if (conversation) return { body: threads[conversation[2]!] ?? [] };
    if (c.method === 'POST' && c.path.startsWith('/api/chat/read/')) return { body: { read: 1 } };
    return undefined;
  });
}

function openChat(url: string) {
  storeUser(CUSTOMER, 'Asha Verma');
  const view = renderRoute(PAGE, <CustomerChat />, url);
  act(() => socket().serverConnect());
  return view;
}

describe('customer chat page', () => {
  it('asks a visitor to log in, with a login link that comes back, and opens no socket', async () => {
    stubApi();
    renderRoute(PAGE, <CustomerChat />, `/customer/chat/${VENDOR_1}`);
    screen.getByText(CHAT_MSG.loginToChat);
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe(`/login?next=${encodeURIComponent(`/customer/chat/${VENDOR_1}`)}`);
    expect(sockets).toHaveLength(0);
  });

  it('shows the empty states, and with no vendor chosen nothing can be sent', async () => {
    chatServer([]);
    openChat('/customer/chat');
    await screen.findByText(CHAT_MSG.noConversations);
    screen.getByText(CHAT_MSG.noMessages);
    expect(input().disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true);
    pressEnter();
    expect(socket().sent()).toEqual([]);
  });

  it('connects by websocket only, with 3 attempts 3,000 ms apart, and joins its own room', () => {
    chatServer([]);
    openChat('/customer/chat');
    expect(socket().options).toMatchObject({ transports: ['websocket'], reconnectionAttempts: 3, reconnectionDelay: 3000, reconnectionDelayMax: 3000 });
    expect(socket().emitted.filter((e) => e.event === 'joinRoom').map((e) => e.args)).toEqual([[CUSTOMER]]);
  });

  it('selects the first conversation when none is chosen and shows its vendor and messages', async () => {
    const hello = message(CUSTOMER, VENDOR_1, 'Is the plumber free on Friday?');
    const reply = message(VENDOR_1, CUSTOMER, 'Yes, after 3 PM.');
    const other = message(CUSTOMER, VENDOR_2, 'Price of 50 bags?');
    const api = chatServer(
      [summary(VENDOR_1, 'Goud Plumbing Works', reply, 0, 'Ravi Goud'), summary(VENDOR_2, 'Rao Cement Traders', other)],
      { [VENDOR_1]: [hello, reply] },
    );
    openChat('/customer/chat');
    await within(await screen.findByRole('log', { name: 'Messages' })).findByText('Yes, after 3 PM.');
    within(thread()).getByText('Is the plumber free on Friday?');
    expect(screen.getByTestId('chat-partner').textContent).toBe('Ravi Goud');
    screen.getByText('Goud Plumbing Works', { selector: 'p' });
    expect(conversationLink('Goud Plumbing Works').getAttribute('aria-current')).toBe('page');
    expect(api.to('GET', `/api/messages/conversation/${CUSTOMER}/${VENDOR_2}`)).toEqual([]);

    // A message moving the other conversation to the top does not switch the open one.
    act(() => socket().fire('receiveMessage', message(VENDOR_2, CUSTOMER, 'Rs 410 a bag.')));
    await within(conversationLink('Rao Cement Traders')).findByTestId('unread-badge');
    expect(within(screen.getByRole('navigation', { name: 'Conversations' })).getAllByRole('link')[0]!.textContent).toContain('Rao Cement Traders');
    expect(screen.getByTestId('chat-partner').textContent).toBe('Ravi Goud');

    // The search box narrows the list by vendor name.
    fireEvent.change(screen.getByPlaceholderText(CHAT_MSG.searchVendors), { target: { value: 'cement' } });
    expect(within(screen.getByRole('navigation', { name: 'Conversations' })).getAllByRole('link')).toHaveLength(1);
    conversationLink('Rao Cement Traders');
  });

  it('a vendor with no conversation yet: header, "No messages yet", and the first message starts one', async () => {
    chatServer([]);
    openChat(`/customer/chat/${VENDOR_2}`);
    await screen.findByText('Meena Rao');
    screen.getByText('Rao Cement Traders');
    await screen.findByText(CHAT_MSG.noMessages, { selector: 'p' });
    type('  Do you deliver to Kukatpally?  ');
    pressEnter();
    expect(socket().sent()).toEqual([expect.objectContaining({
      senderId: CUSTOMER, senderModel: 'Customer', receiverId: VENDOR_2, receiverModel: 'Vendor', text: 'Do you deliver to Kukatpally?',
    })]);
    await within(thread()).findByText('Do you deliver to Kukatpally?');
    expect(input().value).toBe('');
  });

  it('Enter sends trimmed text once, shown at once and not twice after the ack and the echo; whitespace is not sent', async () => {
    const reply = message(VENDOR_1, CUSTOMER, 'Yes, after 3 PM.');
    chatServer([summary(VENDOR_1, 'Goud Plumbing Works', reply)], { [VENDOR_1]: [reply] });
    openChat(`/customer/chat/${VENDOR_1}`);
    await within(thread()).findByText('Yes, after 3 PM.');

    type('   ');
    pressEnter();
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(socket().sent()).toEqual([]);

    let echo: ChatMessage | undefined;
    socket().answer = (body) => {
      echo = { ...message(CUSTOMER, VENDOR_1, body.text), clientId: body.clientId ?? null };
      return undefined; // acknowledged below, after the echo
    };
    type('  See you at 3.  ');
    pressEnter();
    const [sent] = socket().sent().slice(-1);
    expect(sent).toMatchObject({ text: 'See you at 3.', receiverId: VENDOR_1 });
    expect(sent!.clientId).toBeTruthy();
    expect(within(thread()).getByText('See you at 3.').closest('li')!.textContent).toContain('Sending…');

    act(() => socket().fire('receiveMessage', echo));
    const ackCall = socket().emitted.filter((e) => e.event === 'sendMessage').at(-1)!.args.at(-1) as (a: unknown) => void;
    act(() => ackCall({ ok: true, message: echo }));
    await waitFor(() => expect(within(thread()).getByText('See you at 3.').closest('li')!.textContent).not.toContain('Sending…'));
    expect(within(thread()).getAllByText('See you at 3.')).toHaveLength(1);
    // The list's last message follows.
    within(conversationLink('Goud Plumbing Works')).getByText('See you at 3.');
  });

  it('a message for another conversation raises its badge; one for the open conversation is read at once', async () => {
    const first = message(VENDOR_1, CUSTOMER, 'Yes, after 3 PM.');
    const second = message(VENDOR_2, CUSTOMER, 'Rs 410 a bag.');
    const api = chatServer([summary(VENDOR_1, 'Goud Plumbing Works', first), summary(VENDOR_2, 'Rao Cement Traders', second)], { [VENDOR_1]: [first] });
    openChat(`/customer/chat/${VENDOR_1}`);
    await within(thread()).findByText('Yes, after 3 PM.');
    expect(within(conversationLink('Rao Cement Traders')).queryByTestId('unread-badge')).toBeNull();

    act(() => socket().fire('receiveMessage', message(VENDOR_2, CUSTOMER, 'Delivery is free above 100 bags.')));
    const badge = await within(conversationLink('Rao Cement Traders')).findByTestId('unread-badge');
    expect(badge.textContent).toBe('1 unread message');
    within(conversationLink('Rao Cement Traders')).getByText('Delivery is free above 100 bags.');
    expect(within(thread()).queryByText('Delivery is free above 100 bags.')).toBeNull();

    act(() => socket().fire('receiveMessage', message(VENDOR_1, CUSTOMER, 'Bring the pipe sizes.')));
    await within(thread()).findByText('Bring the pipe sizes.');
    expect(within(conversationLink('Goud Plumbing Works')).queryByTestId('unread-badge')).toBeNull();
    await waitFor(() => expect(api.to('POST', `/api/chat/read/${VENDOR_1}`)).toHaveLength(1));

    // Read in another tab of ours: the badge goes here too.
    act(() => socket().fire('messagesRead', { customerId: CUSTOMER, vendorId: VENDOR_2, reader: 'Customer' }));
    await waitFor(() => expect(within(conversationLink('Rao Cement Traders')).queryByTestId('unread-badge')).toBeNull());
    act(() => socket().fire('receiveMessage', message(VENDOR_2, CUSTOMER, 'Also, we stock TMT bars.')));
    await within(conversationLink('Rao Cement Traders')).findByTestId('unread-badge');

    // Opening the other conversation marks it read.
    fireEvent.click(conversationLink('Rao Cement Traders'));
    await waitFor(() => expect(api.to('POST', `/api/chat/read/${VENDOR_2}`)).toHaveLength(1));
    await waitFor(() => expect(within(conversationLink('Rao Cement Traders')).queryByTestId('unread-badge')).toBeNull());
  });

  it('renders an HTML payload as text, in the thread and in the list', async () => {
    const payload = '<img src=x onerror=alert(1)><b>bold</b>';
    const html = message(VENDOR_1, CUSTOMER, payload);
    chatServer([summary(VENDOR_1, 'Goud Plumbing Works', html)], { [VENDOR_1]: [html] });
    openChat(`/customer/chat/${VENDOR_1}`);
    await within(thread()).findByText(payload);
    within(conversationLink('Goud Plumbing Works')).getByText(payload);
    expect(document.querySelector('.chat-screen b')).toBeNull();
    expect(document.querySelector('.chat-screen img[src="x"]')).toBeNull();
  });

  it('pages back to older messages with ?before=', async () => {
    const older = message(CUSTOMER, VENDOR_1, 'The very first question');
    const newest = Array.from({ length: CHAT_PAGE_SIZE }, (_, i) => message(VENDOR_1, CUSTOMER, `Update ${i + 1}`));
    const api = chatServer([summary(VENDOR_1, 'Goud Plumbing Works', newest.at(-1)!)], { [VENDOR_1]: newest }, (c) => (
      c.path === `/api/messages/conversation/${CUSTOMER}/${VENDOR_1}?before=${newest[0]!._id}` ? { body: [older] } : undefined
    ));
    openChat(`/customer/chat/${VENDOR_1}`);
    await within(thread()).findByText(`Update ${CHAT_PAGE_SIZE}`);
    fireEvent.click(screen.getByRole('button', { name: 'Load older messages' }));
    await within(thread()).findByText('The very first question');
    expect(api.calls.filter((c) => c.path.includes('?before='))).toHaveLength(1);
    const texts = within(thread()).getAllByTestId('chat-message').map((li) => li.querySelector('.chat-text')!.textContent);
    expect(texts[0]).toBe('The very first question');
    expect(texts).toHaveLength(CHAT_PAGE_SIZE + 1);
    expect(screen.queryByRole('button', { name: 'Load older messages' })).toBeNull();
  });

  it('shows a refusal such as sending too fast, and the message as not sent', async () => {
    const reply = message(VENDOR_1, CUSTOMER, 'Yes, after 3 PM.');
    chatServer([summary(VENDOR_1, 'Goud Plumbing Works', reply)], { [VENDOR_1]: [reply] });
    openChat(`/customer/chat/${VENDOR_1}`);
    await within(thread()).findByText('Yes, after 3 PM.');
    socket().answer = (body) => {
      queueMicrotask(() => socket().fire('chatError', { message: CHAT_MSG.tooFast, code: 'RATE_LIMITED', clientId: body.clientId }));
      return { ok: false, message: CHAT_MSG.tooFast, code: 'RATE_LIMITED' };
    };
    type('One more thing');
    pressEnter();
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', expect.stringContaining(CHAT_MSG.tooFast));
    expect(within(thread()).getByText('One more thing').closest('li')!.textContent).toContain('Not sent');
  });

  it('a join refused for want of a session is retried once (the server makes the socket reconnect), then chat goes offline and asks to log in', async () => {
    chatServer([]);
    openChat('/customer/chat');
    const refuseJoin = () => act(() => socket().fire('chatError', { message: CHAT_MSG.notLoggedIn, code: 'UNAUTHENTICATED' }));
    refuseJoin();
    screen.getByText(CHAT_MSG.notLoggedIn);
    // The server closed the transport; the reconnect carries the cookie the browser has now, and it joins.
    act(() => socket().serverDrop());
    act(() => socket().serverConnect());
    expect(socket().active).toBe(true);
    expect(screen.queryByText(CHAT_MSG.notLoggedIn)).toBeNull();
    expect(socket().emitted.filter((e) => e.event === 'joinRoom')).toHaveLength(2);

    // The connection drops and the session ends meanwhile: refused on the reconnect and on the one after it,
    // it stops there rather than reconnect forever.
    act(() => socket().serverDrop());
    act(() => socket().serverConnect());
    refuseJoin();
    act(() => socket().serverDrop());
    act(() => socket().serverConnect());
    expect(socket().active).toBe(true);
    refuseJoin();
    expect(socket().active).toBe(false);
    screen.getByText(CHAT_MSG.offline);
    screen.getByText(CHAT_MSG.notLoggedIn);
  });

  it('while disconnected says so, keeps what is typed, and sends it with its clientId after reconnecting', async () => {
    const reply = message(VENDOR_1, CUSTOMER, 'Yes, after 3 PM.');
    const api = chatServer([summary(VENDOR_1, 'Goud Plumbing Works', reply)], { [VENDOR_1]: [reply] });
    openChat(`/customer/chat/${VENDOR_1}`);
    await within(thread()).findByText('Yes, after 3 PM.');
    const threadPath = `/api/messages/conversation/${CUSTOMER}/${VENDOR_1}`;
    expect(api.to('GET', threadPath)).toHaveLength(1);

    act(() => socket().serverDrop());
    screen.getByText(CHAT_MSG.disconnected);
    type('Typed while offline');
    pressEnter();
    expect(socket().sent()).toEqual([]);
    expect(within(thread()).getByText('Typed while offline').closest('li')!.textContent).toContain('Waiting for connection…');

    act(() => socket().serverConnect());
    expect(screen.queryByText(CHAT_MSG.disconnected)).toBeNull();
    expect(socket().emitted.filter((e) => e.event === 'joinRoom')).toHaveLength(2);
    // What arrived while away is fetched again.
    await waitFor(() => expect(api.to('GET', threadPath)).toHaveLength(2));
    expect(api.to('GET', '/api/chat/conversations')).toHaveLength(2);
    expect(socket().sent()).toEqual([expect.objectContaining({ text: 'Typed while offline', clientId: expect.any(String) })]);
    await waitFor(() => expect(within(thread()).getByText('Typed while offline').closest('li')!.textContent).not.toContain('Waiting'));

    // After the last attempt: offline, and what is typed then is shown as failed.
    act(() => socket().serverDrop());
    act(() => socket().fireManager('reconnect_failed'));
    screen.getByText(CHAT_MSG.offline);
    type('Too late');
    pressEnter();
    expect(within(thread()).getByText('Too late').closest('li')!.textContent).toContain('Not sent');
  });
});
