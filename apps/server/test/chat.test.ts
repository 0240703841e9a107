import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_MSG, CHAT_TEXT_MAX, MSG, type ChatMessage } from '@nirmaan/shared';
import { messages, vendors } from '../src/db/schema/index.ts';
import { countUnread } from '../src/modules/chat/service.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { cookieHeader } from './support/auth.ts';
import { sessionOf } from './support/chat.ts';
import { createBooking, createCustomer, createOrder, createProduct, createVendor } from './support/factories.ts';

/** Chat over HTTP: the spec's chat host calls, conversations, read marks, who may write to whom. */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? cookieHeader(token) : {} });
const post = (url: string, payload: object | undefined, token?: string) =>
  t.app.inject({ method: 'POST', url, ...(payload ? { payload } : {}), headers: token ? cookieHeader(token) : {} });

async function pair() {
  const customer = await createCustomer(t.db, { fullName: 'Lakshmi Narayan' });
  const vendor = await createVendor(t.db, { businessName: 'Goud Plumbing Works' });
  return {
    customer, vendor,
    c: await sessionOf(t.db, { customerId: customer.id }),
    v: await sessionOf(t.db, { vendorId: vendor.id }),
  };
}

describe('sending and reading over HTTP', () => {
  it('delivers customer → vendor and vendor → customer, listed by the conversation and the customer’s messages', async () => {
    const { customer, vendor, c, v } = await pair();
    const first = await post('/api/messages/send', { senderId: customer.id, senderModel: 'Customer', receiverId: vendor.id, receiverModel: 'Vendor', text: '  Is Monday 10 AM free?  ' }, c);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ senderId: customer.id, senderModel: 'Customer', receiverId: vendor.id, receiverModel: 'Vendor', text: 'Is Monday 10 AM free?', readAt: null });
    const reply = await post('/api/messages/send', { senderId: vendor.id, senderModel: 'Vendor', receiverId: customer.id, receiverModel: 'Customer', text: 'Yes, it is.' }, v);
    expect(reply.statusCode).toBe(201);

    for (const token of [c, v]) {
      const thread = await get(`/api/messages/conversation/${customer.id}/${vendor.id}`, token);
      expect(thread.statusCode).toBe(200);
      expect(thread.json().map((m: ChatMessage) => [m.senderModel, m.text])).toEqual([['Customer', 'Is Monday 10 AM free?'], ['Vendor', 'Yes, it is.']]);
    }
    const mine = (await get(`/api/messages/customer/${customer.id}`, c)).json();
    expect(mine).toHaveLength(2);
    expect(mine[0].senderId).toEqual({ _id: customer.id, Full_Name: 'Lakshmi Narayan' });
    expect(mine[0].receiverId).toEqual({ _id: vendor.id, Business_Name: 'Goud Plumbing Works', Profile_Image: vendor.profileImage });
    expect(mine[1].senderId._id).toBe(vendor.id);
  });

  it('pages a long conversation: the newest 50 oldest first, then older ones with ?before=', async () => {
    const { customer, vendor, c } = await pair();
    await t.db.insert(messages).values(Array.from({ length: 60 }, (_, i) => ({
      customerId: customer.id, vendorId: vendor.id, sender: i % 2 === 0 ? 'Customer' as const : 'Vendor' as const,
      text: `message ${i}`, createdAt: new Date(Date.UTC(2026, 0, 1, 10, 0, i)),
    })));
    const newest = (await get(`/api/messages/conversation/${customer.id}/${vendor.id}`, c)).json() as ChatMessage[];
    expect(newest.map((m) => m.text)).toEqual(Array.from({ length: 50 }, (_, i) => `message ${i + 10}`));
    const older = (await get(`/api/messages/conversation/${customer.id}/${vendor.id}?before=${newest[0]!._id}`, c)).json() as ChatMessage[];
    expect(older.map((m) => m.text)).toEqual(Array.from({ length: 10 }, (_, i) => `message ${i}`));
    expect((await get(`/api/messages/conversation/${customer.id}/${vendor.id}?before=${older[0]!._id}`, c)).json()).toEqual([]);
  });

  it('trims text and refuses empty or too long text with the contract’s messages', async () => {
    const { vendor, c } = await pair();
    for (const text of ['', '   \n ']) {
      const res = await post('/api/messages/send', { receiverId: vendor.id, text }, c);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain('Please type a message.');
    }
    const long = await post('/api/messages/send', { receiverId: vendor.id, text: 'x'.repeat(CHAT_TEXT_MAX + 1) }, c);
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toContain('at most 2,000 characters');
    expect((await post('/api/messages/send', { receiverId: vendor.id, text: ` ${'x'.repeat(CHAT_TEXT_MAX)} ` }, c)).statusCode).toBe(201);
  });

  it('stores identical texts sent twice by one channel as two messages, and one clientId sent 40 times at once as one', async () => {
    const { customer, vendor, c } = await pair();
    expect((await post('/api/messages/send', { receiverId: vendor.id, text: 'ok' }, c)).statusCode).toBe(201);
    expect((await post('/api/messages/send', { receiverId: vendor.id, text: 'ok' }, c)).statusCode).toBe(201);
    const answers = await Promise.all(Array.from({ length: 40 }, () => post('/api/messages/send', { receiverId: vendor.id, text: 'retry me', clientId: 'c-1' }, c)));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((s) => s === 201)).toHaveLength(1);
    // Retries are answered with the stored message; one racing past the limit before it was stored may get 429.
    expect(codes.every((s) => s === 201 || s === 200 || s === 429)).toBe(true);
    expect(codes.filter((s) => s === 200).length).toBeGreaterThanOrEqual(17);
    expect(new Set(answers.filter((a) => a.statusCode < 300).map((a) => a.json()._id)).size).toBe(1);
    const later = await post('/api/messages/send', { receiverId: vendor.id, text: 'retry me', clientId: 'c-1' }, c);
    expect(later.statusCode).toBe(200);
    expect(later.json()._id).toBe(answers.find((a) => a.statusCode === 201)!.json()._id);
    const thread = (await get(`/api/messages/conversation/${customer.id}/${vendor.id}`, c)).json() as ChatMessage[];
    expect(thread.map((m) => m.text)).toEqual(['ok', 'ok', 'retry me']);
  });
});

describe('who may read and write', () => {
  it('refuses visitors (401) and other customers and vendors (403) on conversations and the customer list', async () => {
    const { customer, vendor, c, v } = await pair();
    await post('/api/messages/send', { receiverId: vendor.id, text: 'Private question about my flat' }, c);
    const other = await sessionOf(t.db, { customerId: (await createCustomer(t.db)).id });
    const otherVendor = await sessionOf(t.db, { vendorId: (await createVendor(t.db)).id });
    const calls = [`/api/messages/conversation/${customer.id}/${vendor.id}`, `/api/messages/customer/${customer.id}`];
    for (const url of calls) {
      expect((await get(url)).statusCode).toBe(401);
      for (const token of [other, otherVendor]) {
        const res = await get(url, token);
        expect(res.statusCode).toBe(403);
        expect(res.body).not.toContain('Private question');
      }
    }
    // The customer list is the customer's; the vendor reads the thread through the conversation call.
    expect((await get(`/api/messages/customer/${customer.id}`, v)).statusCode).toBe(403);
    expect((await get(`/api/chat/conversations`)).statusCode).toBe(401);
    expect((await post(`/api/chat/read/${vendor.id}`, undefined)).statusCode).toBe(401);
    expect((await post('/api/messages/send', { receiverId: vendor.id, text: 'hi' })).statusCode).toBe(401);
  });

  it('refuses a senderId or senderModel that is not the session’s (403), storing nothing', async () => {
    const { customer, vendor, c } = await pair();
    const stranger = await createCustomer(t.db);
    const forged = await post('/api/messages/send', { senderId: stranger.id, senderModel: 'Customer', receiverId: vendor.id, text: 'as someone else' }, c);
    expect(forged.statusCode).toBe(403);
    expect((await post('/api/messages/send', { senderId: customer.id, senderModel: 'Vendor', receiverId: vendor.id, text: 'as a vendor' }, c)).statusCode).toBe(403);
    expect((await get(`/api/messages/conversation/${customer.id}/${vendor.id}`, c)).json()).toEqual([]);
  });

  it('lets a customer write to approved vendors only, and a vendor only to customers who wrote, ordered or booked', async () => {
    const { customer, vendor, c, v } = await pair();
    const unapproved = await createVendor(t.db);
    await t.db.update(vendors).set({ approvedAt: null }).where(sql`${vendors.id} = ${unapproved.id}`);
    const refused = await post('/api/messages/send', { receiverId: unapproved.id, text: 'hello' }, c);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe(MSG.noVendorFound);

    const first = await post('/api/messages/send', { receiverId: customer.id, text: 'Special offer on pipes!' }, v);
    expect(first.statusCode).toBe(403);
    expect(first.json().message).toBe(CHAT_MSG.noConversationWithCustomer);
    await post('/api/messages/send', { receiverId: vendor.id, text: 'Do you fix taps?' }, c);
    expect((await post('/api/messages/send', { receiverId: customer.id, text: 'Yes.' }, v)).statusCode).toBe(201);

    // A seller the customer ordered from may write first.
    const buyer = await createCustomer(t.db);
    const seller = await createVendor(t.db, { kind: 'seller' });
    const s = await sessionOf(t.db, { vendorId: seller.id });
    expect((await post('/api/messages/send', { receiverId: buyer.id, text: 'Your cement ships today.' }, s)).statusCode).toBe(403);
    const product = await createProduct(t.db, { vendorId: seller.id });
    await createOrder(t.db, buyer, [{ product }]);
    expect((await post('/api/messages/send', { receiverId: buyer.id, text: 'Your cement ships today.' }, s)).statusCode).toBe(201);

    // A professional the customer booked may write first.
    const booker = await createCustomer(t.db);
    const pro = await createVendor(t.db, { kind: 'professional' });
    const p = await sessionOf(t.db, { vendorId: pro.id });
    expect((await post('/api/messages/send', { receiverId: booker.id, text: 'On my way.' }, p)).statusCode).toBe(403);
    await createBooking(t.db, booker, pro.id, { days: 2 });
    expect((await post('/api/messages/send', { receiverId: booker.id, text: 'On my way.' }, p)).statusCode).toBe(201);
  });
});

describe('limits', () => {
  it('lets a sender send 20 messages in 10 s: 40 racing sends get 20 × 201 and 20 × 429', async () => {
    const { customer, vendor, c } = await pair();
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => post('/api/messages/send', { receiverId: vendor.id, text: `quick ${i}` }, c)));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((s) => s === 201)).toHaveLength(20);
    expect(codes.filter((s) => s === 429)).toHaveLength(20);
    const refused = answers.find((a) => a.statusCode === 429)!;
    expect(refused.json().message).toBe(CHAT_MSG.tooFast);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(10);
    expect((await get(`/api/messages/conversation/${customer.id}/${vendor.id}`, c)).json()).toHaveLength(20);
  });
});

describe('conversations and read marks', () => {
  it('lists each party’s conversations with the partner, last message and unread counts; reading clears them', async () => {
    const { customer, vendor, c, v } = await pair();
    const vendor2 = await createVendor(t.db, { businessName: 'Sharma Cement Depot', ownerName: 'Ravi Sharma' });
    const v2 = await sessionOf(t.db, { vendorId: vendor2.id });
    await post('/api/messages/send', { receiverId: vendor.id, text: 'Need a plumber' }, c);
    await post('/api/messages/send', { receiverId: vendor2.id, text: 'Need cement' }, c);
    await post('/api/messages/send', { receiverId: customer.id, text: 'Coming Monday' }, v);
    await post('/api/messages/send', { receiverId: customer.id, text: 'Bring the key' }, v);
    await post('/api/messages/send', { receiverId: customer.id, text: '50 bags?' }, v2);

    const list = (await get('/api/chat/conversations', c)).json();
    expect(list.totalUnread).toBe(3);
    expect(list.conversations.map((x: { partner: { name: string }; unread: number; lastMessage: ChatMessage }) => [x.partner.name, x.unread, x.lastMessage.text]))
      .toEqual([['Sharma Cement Depot', 1, '50 bags?'], ['Goud Plumbing Works', 2, 'Bring the key']]);
    expect(list.conversations[0].partner).toMatchObject({ _id: vendor2.id, model: 'Vendor', ownerName: 'Ravi Sharma' });
    const vendorSide = (await get('/api/chat/conversations', v)).json();
    expect(vendorSide).toMatchObject({ totalUnread: 1, conversations: [{ partner: { _id: customer.id, model: 'Customer', name: 'Lakshmi Narayan' }, unread: 1 }] });

    const read = await post(`/api/chat/read/${vendor.id}`, undefined, c);
    expect(read.json()).toEqual({ read: 2 });
    expect((await post(`/api/chat/read/${vendor.id}`, undefined, c)).json()).toEqual({ read: 0 });
    expect(await countUnread(t.db, { role: 'customer', id: customer.id })).toBe(1);
    const thread = (await get(`/api/messages/conversation/${customer.id}/${vendor.id}`, c)).json() as ChatMessage[];
    expect(thread.filter((m) => m.senderModel === 'Vendor').every((m) => m.readAt !== null)).toBe(true);
    expect(thread.find((m) => m.senderModel === 'Customer')!.readAt).toBeNull();
  });

  it('counts what each party received and has not read, for the dashboard', async () => {
    const c = await createCustomer(t.db);
    const v = await createVendor(t.db);
    const v2 = await createVendor(t.db);
    await t.db.insert(messages).values([
      { customerId: c.id, vendorId: v.id, sender: 'Customer', text: 'Is the plumber free on Monday?' },
      { customerId: c.id, vendorId: v.id, sender: 'Vendor', text: 'Yes, from 10 AM.' },
      { customerId: c.id, vendorId: v.id, sender: 'Vendor', text: 'Shall I book it?' },
      { customerId: c.id, vendorId: v2.id, sender: 'Vendor', text: 'Cement arrives tomorrow.', readAt: new Date() },
      { customerId: c.id, vendorId: v2.id, sender: 'Customer', text: 'Thanks' },
    ]);
    expect(await countUnread(t.db, { role: 'customer', id: c.id })).toBe(2);
    expect(await countUnread(t.db, { role: 'vendor', id: v.id })).toBe(1);
    expect(await countUnread(t.db, { role: 'vendor', id: v2.id })).toBe(1);
    expect(await countUnread(t.db, { role: 'vendor', id: (await createVendor(t.db)).id })).toBe(0);
  });
});
