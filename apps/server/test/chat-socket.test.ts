import { eq, sql } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { CHAT_MSG, type ChatMessage } from '@nirmaan/shared';
import { chatNotifications, emailOutbox, messages } from '../src/db/schema/index.ts';
import { POST_TWIN_GRACE_MS, REAUTH_CLOSES_PER_SECOND } from '../src/realtime/index.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { cookieHeader, createCustomerWithPassword, loginWithPassword } from './support/auth.ts';
import { chatSocket, collect, errorsOf, listen, pause, sendBySocket, sessionOf, until } from './support/chat.ts';
import { createCustomer, createVendor } from './support/factories.ts';

/** Chat over real socket.io clients (websocket transport) against the app listening on a free port. */

let t: TestApp;
let url: string;
const open: Socket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  url = await listen(t.app);
});
afterEach(() => {
  for (const s of open.splice(0)) s.close();
});
afterAll(async () => {
  await t.close();
});

async function connect(token: string | undefined, headers: Record<string, string> = {}, opts: Parameters<typeof chatSocket>[3] = {}) {
  const s = await chatSocket(url, token, headers, opts);
  open.push(s);
  return s;
}

async function pair() {
  const customer = await createCustomer(t.db, { fullName: 'Anjali Rao' });
  const vendor = await createVendor(t.db, { businessName: 'Rao Electricals' });
  return { customer, vendor, c: await sessionOf(t.db, { customerId: customer.id }), v: await sessionOf(t.db, { vendorId: vendor.id }) };
}

const thread = async (customerId: string, vendorId: string) =>
  t.db.select().from(messages).where(sql`${messages.customerId} = ${customerId} and ${messages.vendorId} = ${vendorId}`).orderBy(messages.createdAt);
const postSend = (token: string, payload: object) => t.app.inject({ method: 'POST', url: '/api/messages/send', payload, headers: cookieHeader(token) });

describe('handshake and rooms', () => {
  it('accepts a socket without a session (the spec’s client opens it before login) into no room: it receives nothing and can send nothing', async () => {
    const { customer, vendor, c, v } = await pair();
    const anon = await connect(undefined);
    const bogus = await connect('not-a-real-session-token');
    const heard = [...[anon, bogus].map((s) => collect(s, 'receiveMessage')), ...[anon, bogus].map((s) => collect(s, 'messagesRead'))];
    const errors = errorsOf(anon);

    const ack = await sendBySocket(anon, { senderId: customer.id, senderModel: 'Customer', receiverId: vendor.id, text: 'let me in', clientId: 'anon-1' });
    expect(ack).toEqual({ ok: false, code: 'UNAUTHENTICATED', message: CHAT_MSG.notLoggedIn });
    await until(() => errors.length === 1);
    expect(errors[0]).toEqual({ message: CHAT_MSG.notLoggedIn, code: 'UNAUTHENTICATED', clientId: 'anon-1' });
    expect((await sendBySocket(bogus, { receiverId: vendor.id, text: 'me too' })).ok).toBe(false);

    // The conversation goes on around them, and neither hears it.
    const cs = await connect(c);
    await sendBySocket(cs, { receiverId: vendor.id, text: 'Hello' });
    await sendBySocket(await connect(v), { receiverId: customer.id, text: 'Namaste' });
    await t.app.inject({ method: 'POST', url: `/api/chat/read/${vendor.id}`, headers: cookieHeader(c) });
    await pause(POST_TWIN_GRACE_MS + 200);
    expect(heard.flat()).toEqual([]);
    expect((await thread(customer.id, vendor.id)).map((m) => m.text)).toEqual(['Hello', 'Namaste']);
    expect(anon.connected && bogus.connected).toBe(true);
  });

  it('after a login, the socket opened before it reconnects on joinRoom and hears live messages without another joinRoom', async () => {
    const customer = await createCustomerWithPassword(t.db, { fullName: 'Meera Iyer' });
    const vendor = await createVendor(t.db, { businessName: 'Iyer Tiles' });
    const v = await sessionOf(t.db, { vendorId: vendor.id });
    // An earlier visit wrote to the vendor, so the vendor may answer.
    expect((await postSend(await sessionOf(t.db, { customerId: customer.id }), { receiverId: vendor.id, text: 'Do you have blue tiles?' })).statusCode).toBe(201);
    // As the spec's client: one socket from app load, socket.io's own reconnection.
    const s = await connect(undefined, {}, { reconnection: true, reconnectionDelay: 200, randomizationFactor: 0 });
    let connects = 1;
    s.on('connect', () => { connects += 1; });
    const got = collect(s, 'receiveMessage');

    const { token } = await loginWithPassword(t.app, customer.email);
    // The browser sends the cookie it now has on the next handshake.
    s.io.opts.extraHeaders = { cookie: `nirmaan_session=${token}` };
    // The chat page opens: its one joinRoom.
    expect(await s.timeout(5_000).emitWithAck('joinRoom', customer.id)).toEqual({ ok: false, code: 'UNAUTHENTICATED', message: CHAT_MSG.notLoggedIn });
    await until(() => connects === 2 && s.connected);
    expect(await t.app.realtime.isConnected('customer', customer.id)).toBe(true);

    expect((await sendBySocket(await connect(v), { receiverId: customer.id, text: 'Your tiles ship today.' })).ok).toBe(true);
    await until(() => got.length === 1);
    expect(got[0]).toMatchObject({ senderId: vendor.id, receiverId: customer.id, text: 'Your tiles ship today.' });
    // And it can send now.
    expect(await sendBySocket(s, { receiverId: vendor.id, text: 'Thank you' })).toMatchObject({ ok: true, message: { senderId: customer.id } });
  });

  it('closes a still-anonymous socket at most once per connection, so joinRoom cannot spin reconnects', async () => {
    const s = await connect(undefined, {}, { reconnection: true, reconnectionDelay: 100, randomizationFactor: 0 });
    let connects = 1;
    let drops = 0;
    s.on('connect', () => { connects += 1; });
    s.on('disconnect', () => { drops += 1; });
    for (let i = 0; i < 10; i++) s.emit('joinRoom', 'whatever');
    await until(() => connects === 2 && s.connected);
    // Still anonymous after the reconnect, and nothing asked again: it stays connected.
    await pause(600);
    expect({ connects, drops }).toEqual({ connects: 2, drops: 1 });
    // A joinRoom on the new connection may ask once more, but never faster than the client's reconnect delay.
    for (let i = 0; i < 10; i++) s.emit('joinRoom', 'whatever');
    await until(() => connects === 3 && s.connected);
    await pause(600);
    expect({ connects, drops }).toEqual({ connects: 3, drops: 2 });
  });

  it('makes at most REAUTH_CLOSES_PER_SECOND anonymous sockets reconnect per second; the rest are only refused', async () => {
    // A server of its own: the budget is per process and per second, and another test's closes in the same second
    // would leave fewer than REAUTH_CLOSES_PER_SECOND for this one.
    const own = await createTestApp();
    const ownUrl = await listen(own.app);
    onTestFinished(() => own.close());
    const sockets = await Promise.all(Array.from({ length: 2 * REAUTH_CLOSES_PER_SECOND + 20 }, async () => {
      const s = await chatSocket(ownUrl, undefined);
      open.push(s);
      return s;
    }));
    const closed = new Set<Socket>();
    for (const s of sockets) s.once('disconnect', () => closed.add(s));
    // All at once: their joins land within a second or two, so at most two seconds' worth are closed.
    const acks = await Promise.all(sockets.map((s) => s.timeout(10_000).emitWithAck('joinRoom', 'x')));
    expect(acks).toEqual(sockets.map(() => ({ ok: false, code: 'UNAUTHENTICATED', message: CHAT_MSG.notLoggedIn })));
    await until(() => closed.size >= REAUTH_CLOSES_PER_SECOND);
    await pause(300);
    expect(closed.size).toBeLessThanOrEqual(2 * REAUTH_CLOSES_PER_SECOND);
    expect(sockets.filter((s) => s.connected).length).toBe(sockets.length - closed.size);
  });

  it('refuses a handshake from another website’s page (cross-site websocket hijacking), accepts our own origin', async () => {
    const { c } = await pair();
    const err = await chatSocket(url, c, { origin: 'https://evil.example' }).then(() => null, (e: Error) => e);
    expect(err?.message).toBe('This connection came from another website and was refused.');
    const ok = await connect(c, { origin: url });
    expect(ok.connected).toBe(true);
    // The same rule as HTTP writes: our host on another protocol is another origin.
    const otherProtocol = url.replace(/^http:/, 'https:');
    const refused = await chatSocket(url, c, { origin: otherProtocol }).then(() => null, (e: Error) => e);
    expect(refused?.message).toBe('This connection came from another website and was refused.');
    const write = await fetch(`${url}/api/logout`, { method: 'POST', headers: { origin: otherProtocol } });
    expect(write.status).toBe(403);
  });

  it('lets a socket join only its own room', async () => {
    const { customer, vendor, c } = await pair();
    const s = await connect(c);
    const errors = errorsOf(s);
    expect(await s.timeout(5_000).emitWithAck('joinRoom', customer.id)).toEqual({ ok: true });
    s.emit('joinRoom', vendor.id);
    await until(() => errors.length === 1);
    expect(errors[0]).toEqual({ message: CHAT_MSG.ownRoomOnly, code: 'FORBIDDEN' });
  });

  it('puts a socket with a session in its party’s room at connect, and a joinRoom with another id joins nothing', async () => {
    const { customer, vendor, c, v } = await pair();
    const other = await pair();
    const s = await connect(c);
    const got = collect(s, 'receiveMessage');
    s.emit('joinRoom', other.customer.id);
    await sendBySocket(await connect(c), { receiverId: vendor.id, text: 'from my other tab' });
    await sendBySocket(await connect(v), { receiverId: customer.id, text: 'no joinRoom needed' });
    await sendBySocket(await connect(other.c), { receiverId: other.vendor.id, text: 'not for you' });
    await sendBySocket(await connect(other.v), { receiverId: other.customer.id, text: 'not for you either' });
    await until(() => got.length >= 2);
    await pause(200);
    expect(got.map((m) => m.text)).toEqual(['from my other tab', 'no joinRoom needed']);
  });
});

describe('no echo to the sending socket', () => {
  it('delivers to the receiver and the sender’s other tabs, never back to the socket it came from', async () => {
    const { customer, vendor, c, v } = await pair();
    const [tab1, tab2, vs, vs2] = [await connect(c), await connect(c), await connect(v), await connect(v)];
    const [got1, got2, gotV, gotV2] = [collect(tab1, 'receiveMessage'), collect(tab2, 'receiveMessage'), collect(vs, 'receiveMessage'), collect(vs2, 'receiveMessage')];

    const ack = await sendBySocket(tab1, { senderId: customer.id, senderModel: 'Customer', receiverId: vendor.id, receiverModel: 'Vendor', text: 'Is the 12 mm steel in stock?' });
    expect(ack.ok).toBe(true);
    await until(() => gotV.length === 1 && gotV2.length === 1 && got2.length === 1);
    for (const m of [gotV[0], gotV2[0], got2[0]]) expect(m).toEqual((ack as { message: ChatMessage }).message);

    expect((await sendBySocket(vs, { receiverId: customer.id, text: 'Yes, 40 bars.' })).ok).toBe(true);
    await until(() => got1.length === 1 && got2.length === 2 && gotV2.length === 2);

    await pause(200);
    expect(got1.map((m) => m.text)).toEqual(['Yes, 40 bars.']);
    expect(got2.map((m) => m.text)).toEqual(['Is the 12 mm steel in stock?', 'Yes, 40 bars.']);
    expect(gotV.map((m) => m.text)).toEqual(['Is the 12 mm steel in stock?']);
    expect(gotV2.map((m) => m.text)).toEqual(['Is the 12 mm steel in stock?', 'Yes, 40 bars.']);
  });

  it('gives a message sent only by POST to every socket of both parties, once', async () => {
    const { customer, vendor, c, v } = await pair();
    const [tab1, tab2, vs] = [await connect(c), await connect(c), await connect(v)];
    const got = [tab1, tab2, vs].map((s) => collect(s, 'receiveMessage'));
    const res = await postSend(c, { senderId: customer.id, senderModel: 'Customer', receiverId: vendor.id, receiverModel: 'Vendor', text: 'By POST only' });
    expect(res.statusCode).toBe(201);
    await until(() => got.every((g) => g.length === 1));
    await pause(POST_TWIN_GRACE_MS + 200);
    expect(got.map((g) => g.map((m) => m._id))).toEqual([[res.json()._id], [res.json()._id], [res.json()._id]]);
  });

  it('a socket + POST twin without clientId reaches the receiver and the other tab once and the sending socket never, in either order', async () => {
    const { customer, vendor, c, v } = await pair();
    const [sender, otherTab, vs] = [await connect(c), await connect(c), await connect(v)];
    const [toSender, toOtherTab, toVendor] = [collect(sender, 'receiveMessage'), collect(otherTab, 'receiveMessage'), collect(vs, 'receiveMessage')];
    const body = (text: string) => ({ senderId: customer.id, senderModel: 'Customer' as const, receiverId: vendor.id, receiverModel: 'Vendor' as const, text });

    // As the spec's client: emit and POST at once.
    for (let i = 0; i < 5; i++) {
      const [ack, res] = await Promise.all([sendBySocket(sender, body(`twin ${i}`)), postSend(c, body(`twin ${i}`))]);
      expect(ack.ok && ack.message._id).toBe(res.json()._id);
    }
    // The socket first, then the POST.
    const socketFirst = await sendBySocket(sender, body('socket first'));
    expect((await postSend(c, body('socket first'))).json()._id).toBe((socketFirst as { message: ChatMessage }).message._id);
    // The POST first, its socket twin a moment later.
    const postFirst = await postSend(c, body('POST first'));
    expect(postFirst.statusCode).toBe(201);
    await pause(100);
    expect(await sendBySocket(sender, body('POST first'))).toMatchObject({ ok: true, message: { _id: postFirst.json()._id } });

    const texts = [...Array.from({ length: 5 }, (_, i) => `twin ${i}`), 'socket first', 'POST first'];
    expect((await thread(customer.id, vendor.id)).map((m) => m.text)).toEqual(texts);
    await until(() => toVendor.length === texts.length && toOtherTab.length === texts.length);
    await pause(POST_TWIN_GRACE_MS + 300);
    expect(toVendor.map((m) => m.text).sort()).toEqual([...texts].sort());
    expect(toOtherTab.map((m) => m.text).sort()).toEqual([...texts].sort());
    expect(toSender).toEqual([]);
  });
});

describe('delivery', () => {
  it('delivers customer → vendor and vendor → customer, stored before it is emitted, and listed by the calls', async () => {
    const { customer, vendor, c, v } = await pair();
    const cs = await connect(c);
    const vs = await connect(v);
    cs.emit('joinRoom', customer.id);
    vs.emit('joinRoom', vendor.id);
    const toVendor = collect(vs, 'receiveMessage');
    const toCustomer = collect(cs, 'receiveMessage');

    const ack = await sendBySocket(cs, { senderId: customer.id, senderModel: 'Customer', receiverId: vendor.id, receiverModel: 'Vendor', text: ' Can you fit 4 fans on Friday? ' });
    expect(ack).toMatchObject({ ok: true, message: { senderId: customer.id, receiverId: vendor.id, text: 'Can you fit 4 fans on Friday?' } });
    await until(() => toVendor.length === 1);
    expect(toVendor[0]).toEqual((ack as { message: ChatMessage }).message);
    expect((await thread(customer.id, vendor.id)).map((m) => m.id)).toEqual([toVendor[0]!._id]);

    const back = await sendBySocket(vs, { receiverId: customer.id, text: 'Yes, after 2 PM.' });
    expect(back.ok).toBe(true);
    await until(() => toCustomer.some((m) => m.text === 'Yes, after 2 PM.'));
    expect(toCustomer.find((m) => m.text === 'Yes, after 2 PM.')).toMatchObject({ senderId: vendor.id, senderModel: 'Vendor', receiverId: customer.id });

    const listed = (await t.app.inject({ method: 'GET', url: `/api/messages/conversation/${customer.id}/${vendor.id}`, headers: cookieHeader(v) })).json() as ChatMessage[];
    expect(listed.map((m) => m.text)).toEqual(['Can you fit 4 fans on Friday?', 'Yes, after 2 PM.']);
  });

  it('ignores a forged senderId: the sender is the session’s party', async () => {
    const { customer, vendor, c, v } = await pair();
    const victim = await createCustomer(t.db);
    const vs = await connect(v);
    const got = collect(vs, 'receiveMessage');
    const ack = await sendBySocket(await connect(c), { senderId: victim.id, senderModel: 'Vendor', receiverId: vendor.id, text: 'who am I?' });
    expect(ack).toMatchObject({ ok: true, message: { senderId: customer.id, senderModel: 'Customer' } });
    await until(() => got.length === 1);
    expect(got[0]!.senderId).toBe(customer.id);
    expect(await thread(victim.id, vendor.id)).toEqual([]);
  });

  it('refuses empty, whitespace-only and too long text with chatError, storing nothing', async () => {
    const { customer, vendor, c } = await pair();
    const s = await connect(c);
    const errors = errorsOf(s);
    for (const text of ['', '   ', 'x'.repeat(2_001)]) {
      const ack = await sendBySocket(s, { receiverId: vendor.id, text, clientId: `bad-${text.length}` });
      expect(ack.ok).toBe(false);
    }
    await until(() => errors.length === 3);
    expect(errors.map((e) => e.code)).toEqual(['BAD_REQUEST', 'BAD_REQUEST', 'BAD_REQUEST']);
    expect(errors[0]).toEqual({ message: 'Please type a message.', code: 'BAD_REQUEST', clientId: 'bad-0' });
    expect(errors[2]!.message).toBe('A message can be at most 2,000 characters.');
    expect(await thread(customer.id, vendor.id)).toEqual([]);
  });

  it('refuses a vendor writing first to a stranger', async () => {
    const { customer, v } = await pair();
    const ack = await sendBySocket(await connect(v), { receiverId: customer.id, text: 'Buy my wires' });
    expect(ack).toEqual({ ok: false, code: 'FORBIDDEN', message: CHAT_MSG.noConversationWithCustomer });
  });

  it('tells the reader’s other tabs when a conversation is read', async () => {
    const { customer, vendor, c, v } = await pair();
    const otherTab = await connect(c);
    const reads = collect(otherTab, 'messagesRead');
    await sendBySocket(await connect(c), { receiverId: vendor.id, text: 'Hello' });
    await sendBySocket(await connect(v), { receiverId: customer.id, text: 'Hello, how can I help?' });
    const res = await t.app.inject({ method: 'POST', url: `/api/chat/read/${vendor.id}`, headers: cookieHeader(c) });
    expect(res.json()).toEqual({ read: 1 });
    await until(() => reads.length === 1);
    expect(reads[0]).toEqual({ customerId: customer.id, vendorId: vendor.id, reader: 'Customer' });
  });

  it('ends a session’s sockets when it logs out', async () => {
    const { vendor, c } = await pair();
    const s = await connect(c);
    const gone = new Promise((resolve) => s.once('disconnect', resolve));
    await t.app.inject({ method: 'POST', url: '/api/logout', headers: cookieHeader(c) });
    // The transport is closed, which a client retries by itself, not a server disconnect, which it never retries.
    expect(await gone).toBe('transport close');
    expect(s.connected).toBe(false);
    // The old cookie now opens only an anonymous socket, which can send nothing.
    expect(await sendBySocket(await connect(c), { receiverId: vendor.id, text: 'still here?' })).toEqual({ ok: false, code: 'UNAUTHENTICATED', message: CHAT_MSG.notLoggedIn });
    expect((await postSend(c, { receiverId: vendor.id, text: 'still here?' })).statusCode).toBe(401);
  });
});

describe('a spec client that logs out and in again without reloading', () => {
  it('reconnects by itself as anonymous after the logout, and hears its messages again after the next login', async () => {
    const { customer, vendor, c } = await pair();
    const s = await connect(c, {}, { reconnection: true, reconnectionDelay: 100, randomizationFactor: 0 });
    let connects = 1;
    s.on('connect', () => { connects += 1; });
    await t.app.inject({ method: 'POST', url: '/api/logout', headers: cookieHeader(c) });
    // The browser no longer sends the cleared cookie.
    s.io.opts.extraHeaders = {};
    await until(() => connects === 2 && s.connected);
    expect(await sendBySocket(s, { receiverId: vendor.id, text: 'still here?' })).toMatchObject({ ok: false, code: 'UNAUTHENTICATED' });

    // Logged in again in the same page: its joinRoom makes it reconnect once more, now with the new cookie.
    const again = await sessionOf(t.db, { customerId: customer.id });
    s.io.opts.extraHeaders = cookieHeader(again);
    s.emit('joinRoom', customer.id);
    await until(() => connects === 3 && s.connected);
    expect(await sendBySocket(s, { receiverId: vendor.id, text: 'Back again' })).toMatchObject({ ok: true, message: { senderId: customer.id } });
    const got = collect(s, 'receiveMessage');
    expect((await sendBySocket(await connect(await sessionOf(t.db, { vendorId: vendor.id })), { receiverId: customer.id, text: 'Welcome back' })).ok).toBe(true);
    await until(() => got.length === 1);
    expect(got[0]).toMatchObject({ senderId: vendor.id, text: 'Welcome back' });
  });
});

describe('the limit, over socket and POST together', () => {
  it('refuses the 21st message within 10 s with chatError', async () => {
    const { vendor, c } = await pair();
    const s = await connect(c);
    const errors = errorsOf(s);
    for (let i = 0; i < 20; i++) expect((await sendBySocket(s, { receiverId: vendor.id, text: `m${i}` })).ok).toBe(true);
    expect(await sendBySocket(s, { receiverId: vendor.id, text: 'one too many' })).toEqual({ ok: false, code: 'RATE_LIMITED', message: CHAT_MSG.tooFast });
    await until(() => errors.length === 1);
    expect(errors[0]).toMatchObject({ code: 'RATE_LIMITED', message: CHAT_MSG.tooFast });
    expect((await postSend(c, { receiverId: vendor.id, text: 'by POST' })).statusCode).toBe(429);
  });

  it('holds when 40 sends race over two sockets and POST: 20 stored', async () => {
    const { customer, vendor, c } = await pair();
    const [a, b] = [await connect(c), await connect(c)];
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => {
      const body = { receiverId: vendor.id, text: `race ${i}` };
      if (i % 3 === 2) return postSend(c, body).then((r) => r.statusCode === 201);
      return sendBySocket(i % 3 === 0 ? a : b, body).then((ack) => ack.ok);
    }));
    expect(results.filter(Boolean)).toHaveLength(20);
    expect(await thread(customer.id, vendor.id)).toHaveLength(20);
  });
});

describe('one message, not two', () => {
  it('stores a message sent by socket and by POST (no id, as the spec’s clients do) once, also at the same instant', async () => {
    const { customer, vendor, c, v } = await pair();
    const cs = await connect(c);
    const vs = await connect(v);
    const got = collect(vs, 'receiveMessage');
    for (let i = 0; i < 8; i++) {
      const body = { senderId: customer.id, senderModel: 'Customer' as const, receiverId: vendor.id, receiverModel: 'Vendor' as const, text: `twin ${i}` };
      const [ack, res] = await Promise.all([sendBySocket(cs, body), postSend(c, body)]);
      expect(ack.ok).toBe(true);
      expect([200, 201]).toContain(res.statusCode);
      expect(res.json()._id).toBe((ack as { message: ChatMessage }).message._id);
    }
    // Sent one after the other too, POST first.
    const first = await postSend(c, { receiverId: vendor.id, text: 'then socket' });
    const second = await sendBySocket(cs, { receiverId: vendor.id, text: 'then socket' });
    expect((second as { message: ChatMessage }).message._id).toBe(first.json()._id);

    const stored = await thread(customer.id, vendor.id);
    expect(stored.map((m) => m.text)).toEqual([...Array.from({ length: 8 }, (_, i) => `twin ${i}`), 'then socket']);
    await pause(200);
    expect(got.map((m) => m.text)).toEqual(stored.map((m) => m.text));
  });

  it('stores identical texts sent twice on the socket as two messages, each with its twin by POST', async () => {
    const { customer, vendor, c } = await pair();
    const s = await connect(c);
    for (let i = 0; i < 2; i++) {
      await sendBySocket(s, { receiverId: vendor.id, text: 'ok' });
      await postSend(c, { receiverId: vendor.id, text: 'ok' });
    }
    await sendBySocket(s, { receiverId: vendor.id, text: 'ok' });
    expect((await thread(customer.id, vendor.id)).map((m) => m.text)).toEqual(['ok', 'ok', 'ok']);
  });

  it('stores one message when a client sends the same clientId 40 times at once (a retry after reconnecting)', async () => {
    const { customer, vendor, c, v } = await pair();
    const vs = await connect(v);
    const got = collect(vs, 'receiveMessage');
    const sockets = [await connect(c), await connect(c)];
    const acks = await Promise.all(Array.from({ length: 40 }, (_, i) => sendBySocket(sockets[i % 2]!, { receiverId: vendor.id, text: 'Send the quote', clientId: 'quote-1' })));
    const ids = new Set(acks.filter((a) => a.ok).map((a) => (a as { message: ChatMessage }).message._id));
    expect(ids.size).toBe(1);
    expect(acks.filter((a) => a.ok).length).toBeGreaterThanOrEqual(20);
    expect(await thread(customer.id, vendor.id)).toHaveLength(1);
    // After a reconnect, the retry gets the same message back.
    const again = await sendBySocket(await connect(c), { receiverId: vendor.id, text: 'Send the quote', clientId: 'quote-1' });
    expect(again).toMatchObject({ ok: true, message: { _id: [...ids][0] } });
    await pause(200);
    expect(got).toHaveLength(1);
  });
});

describe('mail about unread messages', () => {
  const mailsTo = async (to: string) => t.db.select().from(emailOutbox).where(eq(emailOutbox.to, to));

  it('mails a disconnected receiver once an hour per conversation, and a connected one not at all', async () => {
    const { customer, vendor, c, v } = await pair();
    const cs = await connect(c);
    const vs = await connect(v);
    await sendBySocket(cs, { receiverId: vendor.id, text: 'Please call me about the wiring of my whole flat, all 3 rooms.' });
    await sendBySocket(cs, { receiverId: vendor.id, text: 'Any time after 5.' });
    // The vendor is connected: no mail.
    await t.app.realtime.sweepMail({ quietSeconds: 0 });
    expect(await mailsTo(vendor.email)).toEqual([]);

    vs.close();
    await until(async () => !(await t.app.realtime.isConnected('vendor', vendor.id)));
    await Promise.all([t.app.realtime.sweepMail({ quietSeconds: 0 }), t.app.realtime.sweepMail({ quietSeconds: 0 })]);
    const mails = await mailsTo(vendor.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('2 new messages from Anjali Rao');
    expect(mails[0]!.text).toContain(`/vendor/chat/${customer.id}`);
    expect(mails[0]!.text).not.toContain('wiring');

    // More messages within the hour: still one mail.
    await sendBySocket(cs, { receiverId: vendor.id, text: 'Hello?' });
    await t.app.realtime.sweepMail({ quietSeconds: 0 });
    expect(await mailsTo(vendor.email)).toHaveLength(1);

    // An hour later, a mail about what came since.
    await t.db.update(chatNotifications).set({ lastSentAt: sql`now() - interval '61 minutes'` }).where(eq(chatNotifications.vendorId, vendor.id));
    await t.app.db.update(messages).set({ createdAt: sql`now() - interval '90 minutes'` }).where(sql`${messages.vendorId} = ${vendor.id} and ${messages.text} <> 'Hello?'`);
    await t.app.realtime.sweepMail({ quietSeconds: 0 });
    const later = await mailsTo(vendor.email);
    expect(later).toHaveLength(2);
    expect(later.map((m) => m.subject)).toContain('1 new message from Anjali Rao');
    // The customer, still connected, got nothing.
    expect(await mailsTo(customer.email)).toEqual([]);
  });

  it('mails a customer who is away, with a link to that conversation', async () => {
    const { customer, vendor, c, v } = await pair();
    await postSend(c, { receiverId: vendor.id, text: 'Quote for 3 rooms, please.' });
    await sendBySocket(await connect(v), { receiverId: customer.id, text: 'Rs 12,000 all inclusive, materials extra' });
    await t.app.realtime.sweepMail({ quietSeconds: 0 });
    const mails = await mailsTo(customer.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('1 new message from Rao Electricals');
    expect(mails[0]!.text).toContain(`/customer/chat/${vendor.id}`);
    expect(mails[0]!.text).not.toContain('12,000');
  });
});
