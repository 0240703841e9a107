import { eq, sql } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_MSG, type ChatMessage } from '@nirmaan/shared';
import { chatNotifications, emailOutbox, messages } from '../src/db/schema.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { cookieHeader } from './support/auth.ts';
import { chatSocket, collect, errorsOf, listen, pause, sendBySocket, sessionOf, until } from './support/chat.ts';
import { createCustomer, createVendor } from './support/factories.ts';

/** Chat over real socket.io clients (websocket transport) against the app listening on a free port (issue 10). */

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

async function connect(token: string | undefined, headers: Record<string, string> = {}) {
  const s = await chatSocket(url, token, headers);
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
  it('refuses a socket without a session, with a clear error, so it can neither join nor send', async () => {
    const err = await chatSocket(url, undefined).then(() => null, (e: Error & { data?: { code: string } }) => e);
    expect(err?.message).toBe(CHAT_MSG.notLoggedIn);
    expect(err?.data?.code).toBe('UNAUTHENTICATED');
    const bogus = await chatSocket(url, 'not-a-real-session-token').then(() => null, (e: Error) => e);
    expect(bogus?.message).toBe(CHAT_MSG.notLoggedIn);
  });

  it('refuses a handshake from another website’s page (cross-site websocket hijacking), accepts our own origin', async () => {
    const { c } = await pair();
    const err = await chatSocket(url, c, { origin: 'https://evil.example' }).then(() => null, (e: Error) => e);
    expect(err?.message).toBe('This connection came from another website and was refused.');
    const ok = await connect(c, { origin: url });
    expect(ok.connected).toBe(true);
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
    await gone;
    expect(s.connected).toBe(false);
    expect(await chatSocket(url, c).then(() => 'connected', (e: Error) => e.message)).toBe(CHAT_MSG.notLoggedIn);
    expect((await postSend(c, { receiverId: vendor.id, text: 'still here?' })).statusCode).toBe(401);
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
    expect(mails[0]!.text).toContain('/vendor/messages');
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
});
