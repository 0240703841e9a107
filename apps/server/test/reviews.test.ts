import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productReviews, products, vendorReviews, vendors } from '../src/db/schema/index.ts';
import { todayInIndia } from '../src/modules/bookings/service.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { createVendorWithPassword } from './support/auth.ts';
import { createProduct } from './support/factories.ts';
import { caller, deliveredBody, loggedInCustomer, loggedInVendor, orderLine, startAndComplete, type Who } from './support/http.ts';

/** Ratings (whole stars, nothing coerced) and verified purchases and bookings, through the real calls. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const call = caller(() => t);
const customer = () => loggedInCustomer(t);
const vendor = (overrides: Parameters<typeof loggedInVendor>[1]) => loggedInVendor(t, overrides);
type Seller = Pick<Who, 'headers'>;

const INCOMPLETE = 'Please provide a rating and comment.';
const ACCEPTED: [unknown, number][] = [[1, 1], [2, 2], [3, 3], [4, 4], [5, 5], ['1', 1], ['2', 2], ['3', 3], ['4', 4], ['5', 5]];
const REFUSED: unknown[] = [1.5, '5.0', ' 5', 0, 6, null, '', true, [5], { $gt: 0 }, '0x5', '1e0', -1, '05', '5 ', 'five', false, [], {}];

describe('ratings', () => {
  const kinds = [
    {
      name: 'product',
      make: async () => (await createProduct(t.db)).id,
      body: (id: string, rating: unknown) => ({ productId: id, rating, comment: 'Solid bags, delivered dry' }),
      stored: async (id: string) => (await t.db.select().from(productReviews).where(eq(productReviews.productId, id))).map((r) => r.rating),
      sums: async (id: string) => (await t.db.select({ sum: products.ratingSum, count: products.ratingCount }).from(products).where(eq(products.id, id)))[0],
    },
    {
      name: 'vendor',
      make: async () => (await createVendorWithPassword(t.db, { kind: 'professional', chargeAmount: 500 })).id,
      body: (id: string, rating: unknown) => ({ vendorids: id, customerName: 'x', rating, comment: 'Came on time, neat work' }),
      stored: async (id: string) => (await t.db.select().from(vendorReviews).where(eq(vendorReviews.vendorId, id))).map((r) => r.rating),
      sums: async (id: string) => (await t.db.select({ sum: vendors.ratingSum, count: vendors.ratingCount }).from(vendors).where(eq(vendors.id, id)))[0],
    },
  ];

  for (const kind of kinds) {
    it(`stores each of 1–5 and "1"–"5" as that whole number (${kind.name} reviews)`, async () => {
      const me = await customer();
      for (const [sent, stored] of ACCEPTED) {
        const target = await kind.make();
        const res = await call(me, 'POST', `/review/${me.id}`, kind.body(target, sent));
        expect(res.statusCode, `${JSON.stringify(sent)}: ${res.body}`).toBe(201);
        expect(res.json()).toMatchObject({ review: { rating: stored }, average: stored, count: 1 });
        expect(await kind.stored(target)).toEqual([stored]);
        expect(await kind.sums(target)).toEqual({ sum: stored, count: 1 });
      }
    });

    it(`refuses every other rating with "${INCOMPLETE}" and stores nothing (${kind.name} reviews)`, async () => {
      const me = await customer();
      const target = await kind.make();
      for (const rating of [...REFUSED, undefined]) {
        const res = await call(me, 'POST', `/review/${me.id}`, kind.body(target, rating));
        expect(res.statusCode, JSON.stringify(rating)).toBe(400);
        expect(res.json().message, JSON.stringify(rating)).toBe(INCOMPLETE);
      }
      expect(await kind.stored(target)).toEqual([]);
      expect(await kind.sums(target)).toEqual({ sum: 0, count: 0 });
      // A refused edit leaves the earlier review as it was.
      expect((await call(me, 'POST', `/review/${me.id}`, kind.body(target, 4))).statusCode).toBe(201);
      for (const rating of REFUSED) expect((await call(me, 'POST', `/review/${me.id}`, kind.body(target, rating))).statusCode).toBe(400);
      expect(await kind.stored(target)).toEqual([4]);
      expect(await kind.sums(target)).toEqual({ sum: 4, count: 1 });
    });
  }
});

async function order(who: Who, productId: string) {
  const res = await call(who, 'POST', '/ordercart', { orders: [orderLine(who, productId, 1)] });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().orders[0]._id as string;
}
async function move(seller: Seller, lineId: string, ...statuses: string[]) {
  for (const status of statuses) {
    const res = await call(seller, 'PATCH', `/api/vendor/orders/${lineId}`, { status });
    expect(res.statusCode, res.body).toBe(200);
  }
}
/** Delivers a Shipped line with the code its buyer's My orders shows. */
async function deliver(seller: Seller, buyer: Who, lineId: string) {
  const res = await call(seller, 'PATCH', `/api/vendor/orders/${lineId}`, await deliveredBody(t, buyer, lineId));
  expect(res.statusCode, res.body).toBe(200);
}
const inDays = (n: number) => {
  const d = new Date(`${todayInIndia()}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};
async function book(who: Who, vendorId: string, serviceTime: string) {
  const res = await call(who, 'POST', '/api/booking', {
    Vendorid: vendorId, customerid: who.id, serviceDate: inDays(2), serviceTime,
    customer: { fullName: who.fullName, email: who.email, phone: '9876543210', alternatePhone: '' },
    address: { street: '7 Hill Colony, Banjara Hills', city: 'Hyderabad', state: 'Telangana', zip: '500034', latitude: null, longitude: null, specialInstructions: '' },
    saveAddress: false, payment: { method: 'cash' }, totalAmount: 1,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().booking._id as string;
}
async function moveBooking(pro: Seller, id: string, ...statuses: string[]) {
  for (const status of statuses) {
    const res = await call(pro, 'PATCH', `/api/vendor/bookings/${id}`, { status });
    expect(res.statusCode, res.body).toBe(200);
  }
}
const marksOf = (list: { getreview: { customerName: string; verified?: string }[] }) =>
  Object.fromEntries(list.getreview.map((r) => [r.customerName, r.verified ?? null]));

describe('verified reviews', () => {
  it('marks a product review "purchase" once the reviewer’s line of it is Delivered, not before, and counts it beside the average', async () => {
    const seller = await vendor({ kind: 'seller' });
    const cement = await createProduct(t.db, { vendorId: seller.id, name: 'UltraTech PPC 50 kg', price: 410 });
    const buyer = await customer();
    const shipped = await customer();
    const stranger = await customer();

    // Reviews written before buying anything: no marks (and these answers are now cached).
    expect((await call(buyer, 'POST', `/review/${buyer.id}`, { productId: cement.id, rating: 5, comment: 'Set fast' })).json())
      .toMatchObject({ count: 1, verifiedCount: 0, review: { rating: 5 } });
    expect((await call(buyer, 'POST', `/review/${buyer.id}`, { productId: cement.id, rating: 5, comment: 'Set fast' })).json().review.verified).toBeUndefined();
    await call(shipped, 'POST', `/review/${shipped.id}`, { productId: cement.id, rating: 3, comment: 'Still waiting' });
    await call(stranger, 'POST', `/review/${stranger.id}`, { productId: cement.id, rating: 1, comment: 'Never bought it' });
    expect(marksOf((await call(null, 'GET', `/fetch/review/${cement.id}`)).json()))
      .toEqual({ [buyer.fullName]: null, [shipped.fullName]: null, [stranger.fullName]: null });
    expect((await call(null, 'GET', `/product/${cement.id}`)).json()).toMatchObject({ ProductReview: 3, ProductReviewCount: 3, ProductVerifiedReviewCount: 0 });

    // The buyer's line goes Pending → Shipped → Delivered through the vendor portal; another's is only Shipped.
    const buyerLine = await order(buyer, cement.id);
    await move(seller, buyerLine, 'Shipped');
    await move(seller, await order(shipped, cement.id), 'Shipped');
    expect(marksOf((await call(null, 'GET', `/fetch/review/${cement.id}`)).json())[buyer.fullName]).toBeNull();
    await deliver(seller, buyer, buyerLine);

    const list = (await call(null, 'GET', `/fetch/review/${cement.id}`)).json();
    expect(marksOf(list)).toEqual({ [buyer.fullName]: 'purchase', [shipped.fullName]: null, [stranger.fullName]: null });
    expect(list.getreview.find((r: { customerName: string }) => r.customerName === buyer.fullName))
      .toMatchObject({ productId: cement.id, rating: 5, comment: 'Set fast', verified: 'purchase' });
    expect((await call(null, 'GET', `/product/${cement.id}`)).json()).toMatchObject({ ProductReview: 3, ProductReviewCount: 3, ProductVerifiedReviewCount: 1 });

    // Editing keeps the mark, and the answer says so.
    expect((await call(buyer, 'POST', `/review/${buyer.id}`, { productId: cement.id, rating: '4', comment: 'Set fast, one bag torn' })).json())
      .toMatchObject({ review: { rating: 4, verified: 'purchase' }, average: 2.7, count: 3, verifiedCount: 1 });
    // The buyer's review of another product they never received stays unmarked.
    const other = await createProduct(t.db, { vendorId: seller.id });
    await call(buyer, 'POST', `/review/${buyer.id}`, { productId: other.id, rating: 4, comment: 'Looks fine' });
    expect(marksOf((await call(null, 'GET', `/fetch/review/${other.id}`)).json())).toEqual({ [buyer.fullName]: null });
    // Received from the seller: the buyer's review of the seller is a verified purchase too.
    await call(buyer, 'POST', `/review/${buyer.id}`, { vendorids: seller.id, rating: 5, comment: 'Quick delivery' });
    await call(stranger, 'POST', `/review/${stranger.id}`, { vendorids: seller.id, rating: 2, comment: 'Rude on the phone' });
    expect(marksOf((await call(null, 'GET', `/fetch/review/service/${seller.id}`)).json())).toEqual({ [buyer.fullName]: 'purchase', [stranger.fullName]: null });
  });

  it('marks a vendor review "booking" once the reviewer’s booking is Completed, and counts it on the profile and the vendor’s own page', async () => {
    const pro = await vendor({ kind: 'professional', chargeAmount: 700, businessName: 'Goud Plumbing Works' });
    const client = await customer();
    const confirmedOnly = await customer();
    const stranger = await customer();

    const completed = await book(client, pro.id, '10:00 AM');
    const confirmed = await book(confirmedOnly, pro.id, '1:00 PM');
    await call(client, 'POST', `/review/${client.id}`, { vendorids: pro.id, rating: 5, comment: 'Fixed the leak in an hour' });
    await call(confirmedOnly, 'POST', `/review/${confirmedOnly.id}`, { vendorids: pro.id, rating: 4, comment: 'Polite on the phone' });
    await call(stranger, 'POST', `/review/${stranger.id}`, { vendorids: pro.id, rating: 1, comment: 'Never came' });
    expect(marksOf((await call(null, 'GET', `/fetch/review/service/${pro.id}`)).json()))
      .toEqual({ [client.fullName]: null, [confirmedOnly.fullName]: null, [stranger.fullName]: null });
    expect((await call(null, 'GET', `/profesionaldetails/${pro.id}`)).json()).toMatchObject({ Rating: 3.3, ReviewCount: 3, VerifiedReviewCount: 0 });

    await moveBooking(pro, confirmed, 'Confirmed');
    await moveBooking(pro, completed, 'Confirmed');
    await startAndComplete(t, pro, client, completed);

    expect(marksOf((await call(null, 'GET', `/fetch/review/service/${pro.id}`)).json()))
      .toEqual({ [client.fullName]: 'booking', [confirmedOnly.fullName]: null, [stranger.fullName]: null });
    expect((await call(null, 'GET', `/profesionaldetails/${pro.id}`)).json()).toMatchObject({ Rating: 3.3, ReviewCount: 3, VerifiedReviewCount: 1 });
    const own = (await call(pro, 'GET', '/api/vendor/reviews')).json();
    expect(own).toMatchObject({ average: 3.3, count: 3, verifiedCount: 1 });
    expect(marksOf({ getreview: own.reviews })).toEqual({ [client.fullName]: 'booking', [confirmedOnly.fullName]: null, [stranger.fullName]: null });
    expect((await call(stranger, 'POST', `/review/${stranger.id}`, { vendorids: pro.id, rating: 2, comment: 'Never came, called back' })).json())
      .toMatchObject({ review: { rating: 2 }, count: 3, verifiedCount: 1 });
  });
});
