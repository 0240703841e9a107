import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartItems, orderLines, orders, productReviews, products } from '../src/db/schema/index.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { caller, deliveryCodeOf, loggedInCustomer, loggedInVendor, orderLine, type VendorWho, type Who } from './support/http.ts';
import { DELIVERY_MSG } from '@nirmaan/shared';
import { createProduct, createVendor } from './support/factories.ts';
import { startGeocoder } from './support/geocoder.ts';

/** Cart, checkout, product orders and reviews, through the spec's calls. */

let t: TestApp;
let geocoder: Awaited<ReturnType<typeof startGeocoder>>;
beforeAll(async () => {
  geocoder = await startGeocoder();
  t = await createTestApp({ GEOCODER_URL: geocoder.url });
});
afterAll(async () => {
  await t.close();
  await geocoder.close();
});

const customer = () => loggedInCustomer(t);
const call = caller(() => t);
const addToCart = (who: Who, productid: string, productQuantity: number, extra: object = {}) =>
  call(who, 'POST', '/api/cart', { customerid: who.id, productid, productQuantity, ...extra });
const line = orderLine;

describe('cart', () => {
  it('adds a product with its name, price, image and seller from the catalogue, and adding again raises the quantity', async () => {
    const me = await customer();
    const seller = await createVendor(t.db, { kind: 'seller', businessName: 'Balaji Cement Traders' });
    const p = await createProduct(t.db, { vendorId: seller.id, name: 'UltraTech PPC', price: 410 });
    const first = await addToCart(me, p.id, 2, { productprice: 1, productname: 'Free cement', Vendorid: 'x' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ productname: 'UltraTech PPC', productprice: 410, productQuantity: 2, Vendorid: seller.id, productvendor: 'Balaji Cement Traders' });
    await addToCart(me, p.id, 3);
    const list = (await call(me, 'GET', `/carts/${me.id}`)).json();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ productid: p.id, productQuantity: 5, productprice: 410 });
    expect((await call(me, 'GET', `/cart/${me.id}/count`)).json()).toEqual({ count: 1 });
  });

  it('sets a quantity, removes an item, and refuses bad quantities without writing anything', async () => {
    const me = await customer();
    const p = await createProduct(t.db);
    const item = (await addToCart(me, p.id, 1)).json();
    expect((await call(me, 'PATCH', `/api/cart/${item._id}`, { quantity: 7 })).json().productQuantity).toBe(7);
    for (const quantity of [0, -1, 1.5, 1_000_000, 'abc', null]) {
      const res = await call(me, 'PATCH', `/api/cart/${item._id}`, { quantity });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/Quantity/);
      expect((await addToCart(me, p.id, quantity as number)).statusCode).toBe(400);
    }
    expect((await call(me, 'GET', `/carts/${me.id}`)).json()[0].productQuantity).toBe(7);
    expect((await addToCart(me, '00000000-0000-4000-8000-00000000beef', 1)).statusCode).toBe(404);
    const removed = await call(me, 'DELETE', `/delete/${item._id}`);
    expect(removed.json()).toEqual({ message: 'Item removed from cart.' });
    expect((await call(me, 'GET', `/cart/${me.id}/count`)).json()).toEqual({ count: 0 });
  });

  it('refuses another customer’s cart, count and cart items', async () => {
    const owner = await customer();
    const other = await customer();
    const item = (await addToCart(owner, (await createProduct(t.db)).id, 1)).json();
    expect((await call(other, 'GET', `/carts/${owner.id}`)).statusCode).toBe(403);
    expect((await call(other, 'GET', `/cart/${owner.id}/count`)).statusCode).toBe(403);
    expect((await call(other, 'POST', '/api/cart', { customerid: owner.id, productid: item.productid, productQuantity: 1 })).statusCode).toBe(403);
    expect((await call(other, 'PATCH', `/api/cart/${item._id}`, { quantity: 9 })).statusCode).toBe(404);
    expect((await call(other, 'DELETE', `/delete/${item._id}`)).statusCode).toBe(404);
    expect((await call(null, 'GET', `/carts/${owner.id}`)).statusCode).toBe(401);
    expect((await call(owner, 'GET', `/carts/${owner.id}`)).json()[0].productQuantity).toBe(1);
  });
});

describe('placing orders', () => {
  it('prices every line from the catalogue, adds the delivery fee below ₹50,000, and empties the cart of what was ordered', async () => {
    const me = await customer();
    const a = await createProduct(t.db, { price: 400, stock: 50 });
    const b = await createProduct(t.db, { price: 1200, stock: 50 });
    const kept = await createProduct(t.db);
    await addToCart(me, a.id, 2);
    await addToCart(me, b.id, 1);
    await addToCart(me, kept.id, 1);
    const res = await call(me, 'POST', '/ordercart', {
      paymentMethod: 'online',
      orders: [line(me, a.id, 2, { pricePerUnit: 1, totalPrice: 2, paymentStatus: 'Paid', orderStatus: 'Delivered' }), line(me, b.id, 1, { pricePerUnit: 0 })],
    });
    expect(res.statusCode).toBe(201);
    const placed = res.json();
    expect(placed).toMatchObject({ message: 'Order placed successfully!', subtotal: 2000, deliveryFee: 300, total: 2300, payment: null });
    const byProduct = Object.fromEntries(placed.orders.map((l: { productId: string; totalPrice: number; pricePerUnit: number; paymentStatus: string; orderStatus: string }) =>
      [l.productId, [l.pricePerUnit, l.totalPrice, l.paymentStatus, l.orderStatus]]));
    expect(byProduct).toEqual({ [a.id]: [400, 800, 'Pending', 'Pending'], [b.id]: [1200, 1200, 'Pending', 'Pending'] });
    const [stored] = await t.db.select().from(orders).where(eq(orders.id, placed.orderId));
    expect(stored).toMatchObject({ totalPaise: 230_000, deliveryFeePaise: 30_000, paymentMethod: 'online', paymentStatus: 'Pending' });
    const cart = (await call(me, 'GET', `/carts/${me.id}`)).json();
    expect(cart.map((c: { productid: string }) => c.productid)).toEqual([kept.id]);
    const [after] = await t.db.select({ stock: products.stock }).from(products).where(eq(products.id, a.id));
    expect(after!.stock).toBe(48);
    const mails = ((await call(null, 'GET', '/dev/mailbox.json')).json() as { to: string; subject: string }[]).filter((m) => m.to === me.email);
    expect(mails.some((m) => m.subject.startsWith('Your Nirmaan order'))).toBe(true);
  });

  it('waives delivery from ₹50,000', async () => {
    const me = await customer();
    const p = await createProduct(t.db, { price: 25_000, stock: 5 });
    const placed = (await call(me, 'POST', '/ordercart', { orders: [line(me, p.id, 2)] })).json();
    expect(placed).toMatchObject({ subtotal: 50_000, deliveryFee: 0, total: 50_000 });
  });

  it('20 racing retries with one Idempotency-Key make one order and all answer alike', async () => {
    const me = await customer();
    const p = await createProduct(t.db, { price: 300, stock: 100 });
    const key = `checkout-${me.id}`;
    const results = await Promise.all(Array.from({ length: 20 }, () =>
      call(me, 'POST', '/ordercart', { orders: [line(me, p.id, 1)] }, { 'idempotency-key': key })));
    expect(results.every((r) => r.statusCode === 201)).toBe(true);
    expect(new Set(results.map((r) => r.json().orderId)).size).toBe(1);
    expect(await t.db.select().from(orders).where(eq(orders.customerId, me.id))).toHaveLength(1);
    const [after] = await t.db.select({ stock: products.stock }).from(products).where(eq(products.id, p.id));
    expect(after!.stock).toBe(99);
  });

  it('leaves no order and the cart intact when the last line fails', async () => {
    const me = await customer();
    const good = await createProduct(t.db, { stock: 10 });
    const gone = await createProduct(t.db, { stock: 10 });
    await addToCart(me, good.id, 1);
    await addToCart(me, gone.id, 1);
    await t.db.delete(cartItems).where(eq(cartItems.productId, gone.id));
    await t.db.delete(products).where(eq(products.id, gone.id));
    const res = await call(me, 'POST', '/ordercart', { orders: [line(me, good.id, 1), line(me, gone.id, 1)] });
    expect(res.statusCode).toBe(404);
    expect(await t.db.select().from(orders).where(eq(orders.customerId, me.id))).toHaveLength(0);
    expect((await call(me, 'GET', `/carts/${me.id}`)).json().map((c: { productid: string }) => c.productid)).toEqual([good.id]);
    const [stock] = await t.db.select({ stock: products.stock }).from(products).where(eq(products.id, good.id));
    expect(stock!.stock).toBe(10);
  });

  it('two customers racing for the last unit: one order wins, the other is told none are left', async () => {
    const [one, two] = [await customer(), await customer()];
    const p = await createProduct(t.db, { stock: 1, name: 'Last Teak Door' });
    const results = await Promise.all([one, two].map((who) => call(who, 'POST', '/ordercart', { orders: [line(who, p.id, 1)] })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().message).toBe('Last Teak Door is out of stock.');
  });

  it('refuses an empty order, bad contact details, and ordering for someone else, writing nothing', async () => {
    const me = await customer();
    const other = await customer();
    const p = await createProduct(t.db);
    expect((await call(me, 'POST', '/ordercart', { orders: [] })).json().message).toBe('No products in cart');
    expect((await call(me, 'POST', '/ordercart', { orders: [line(me, p.id, 1, { phone: '12345' })] })).json().message).toBe('Please enter a 10-digit Indian mobile number.');
    const badPin = line(me, p.id, 1);
    badPin.shippingAddress.pincode = '5000';
    expect((await call(me, 'POST', '/ordercart', { orders: [badPin] })).json().message).toBe('Please enter a 6-digit pincode.');
    expect((await call(me, 'POST', '/ordercart', { orders: [line(other, p.id, 1)] })).statusCode).toBe(403);
    expect((await call(null, 'POST', '/ordercart', { orders: [line(me, p.id, 1)] })).statusCode).toBe(401);
    expect(await t.db.select().from(orders).where(sql`${orders.customerId} in (${me.id}, ${other.id})`)).toHaveLength(0);
  });
});

describe('stock', () => {
  const stockOf = async (id: string) => (await t.db.select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0]!.stock;

  it('refuses more than is in stock, naming how many are left, and takes nothing', async () => {
    const me = await customer();
    const p = await createProduct(t.db, { stock: 3, name: 'ACC Gold Water Shield' });
    const res = await call(me, 'POST', '/ordercart', { orders: [line(me, p.id, 4)] });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Only 3 left of ACC Gold Water Shield. Please lower the quantity.');
    expect(await stockOf(p.id)).toBe(3);
    expect(await t.db.select().from(orders).where(eq(orders.customerId, me.id))).toHaveLength(0);
  });

  it('40 customers racing for the last 2 units: exactly 2 orders, the rest told it is out of stock, stock 0', async () => {
    // Each logs in from a network of its own, as 40 real customers would (logins are limited per network).
    const racers = await Promise.all(Array.from({ length: 40 }, () => customer()));
    const p = await createProduct(t.db, { stock: 2, name: 'Kajaria Last Carton' });
    const results = await Promise.all(racers.map((who) => call(who, 'POST', '/ordercart', { orders: [line(who, p.id, 1)] })));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(2);
    const refused = results.filter((r) => r.statusCode === 409);
    expect(refused).toHaveLength(38);
    expect(new Set(refused.map((r) => r.json().message))).toEqual(new Set(['Kajaria Last Carton is out of stock.']));
    expect(await stockOf(p.id)).toBe(0);
    const lines = await t.db.select().from(orderLines).where(eq(orderLines.productId, p.id));
    expect(lines).toHaveLength(2);
  }, 60_000);

  it('cancelling a whole order puts every line’s quantity back, once', async () => {
    const me = await customer();
    const p = await createProduct(t.db, { stock: 10 });
    const q = await createProduct(t.db, { stock: 4 });
    const placed = (await call(me, 'POST', '/ordercart', { orders: [line(me, p.id, 3), line(me, q.id, 4)] })).json();
    expect([await stockOf(p.id), await stockOf(q.id)]).toEqual([7, 0]);
    const racing = await Promise.all(Array.from({ length: 10 }, () => call(me, 'PUT', `/api/cancel/${placed.orderId}`)));
    expect(racing.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect([await stockOf(p.id), await stockOf(q.id)]).toEqual([10, 4]);
  });
});

describe('my orders and cancelling', () => {
  it('lists the spec’s order-line fields, cancels a line once, restores its stock, and refuses others', async () => {
    const me = await customer();
    const other = await customer();
    const p = await createProduct(t.db, { stock: 10 });
    const q = await createProduct(t.db, { stock: 10 });
    const placed = (await call(me, 'POST', '/ordercart', { orders: [line(me, p.id, 3), line(me, q.id, 1)] })).json();
    const list = (await call(me, 'GET', `/orderdetails/${me.id}`)).json();
    expect(list).toHaveLength(2);
    expect(Object.keys(list[0])).toEqual(expect.arrayContaining(['_id', 'vendorid', 'productId', 'productName', 'productImage', 'quantity', 'pricePerUnit',
      'totalPrice', 'customerId', 'customerName', 'phone', 'email', 'shippingAddress', 'paymentStatus', 'orderStatus', 'orderedAt']));
    expect((await call(other, 'GET', `/orderdetails/${me.id}`)).statusCode).toBe(403);
    const lineOfP = placed.orders.find((l: { productId: string }) => l.productId === p.id)._id;
    expect((await call(other, 'PUT', `/api/cancel/${lineOfP}`)).statusCode).toBe(404);
    const racing = await Promise.all(Array.from({ length: 10 }, () => call(me, 'PUT', `/api/cancel/${lineOfP}`)));
    expect(racing.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(racing.find((r) => r.statusCode === 200)!.json().message).toBe('Order cancelled successfully.');
    const [stock] = await t.db.select({ stock: products.stock }).from(products).where(eq(products.id, p.id));
    expect(stock!.stock).toBe(10);
    await t.db.update(orderLines).set({ status: 'Delivered' }).where(eq(orderLines.productId, q.id));
    const delivered = await call(me, 'PUT', `/api/cancel/${placed.orderId}`);
    expect(delivered.statusCode).toBe(409);
    expect(delivered.json().message).toMatch(/can no longer be cancelled/);
    const statuses = (await call(me, 'GET', `/orderdetails/${me.id}`)).json().map((l: { orderStatus: string }) => l.orderStatus).sort();
    expect(statuses).toEqual(['Cancelled', 'Delivered']);
  });
});

describe('the vendor portal’s orders', () => {
  it('lists a vendor’s own lines with the customer’s contact and address, and no other vendor’s', async () => {
    const me = await customer();
    const sellerA = await loggedInVendor(t, { kind: 'seller' });
    const sellerB = await createVendor(t.db, { kind: 'seller' });
    const a = await createProduct(t.db, { vendorId: sellerA.id, stock: 10 });
    const b = await createProduct(t.db, { vendorId: sellerB.id, stock: 10 });
    expect((await call(me, 'POST', '/ordercart', { orders: [line(me, a.id, 2), line(me, b.id, 1)] })).statusCode).toBe(201);
    const res = await call(sellerA, 'GET', '/api/vendor/orders');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveLength(1);
    expect(res.json()[0]).toMatchObject({ productId: a.id, vendorid: sellerA.id, quantity: 2, customerName: me.fullName, orderStatus: 'Pending' });
    expect(res.json()[0].shippingAddress.fullAddress).toBe('12 Road No. 36, Jubilee Hills');
    expect((await call(me, 'GET', '/api/vendor/orders')).statusCode).toBe(403);
    expect((await call(null, 'GET', '/api/vendor/orders')).statusCode).toBe(401);
  });

  it('moves a line Pending → Shipped → Delivered once each, never back, only for its vendor, and mails the customer', async () => {
    const me = await customer();
    const seller = await loggedInVendor(t, { kind: 'seller' });
    const rival = await loggedInVendor(t, { kind: 'seller' });
    const p = await createProduct(t.db, { vendorId: seller.id, stock: 5, name: 'JSW Neosteel TMT 12 mm' });
    const placed = (await call(me, 'POST', '/ordercart', { orders: [line(me, p.id, 2)] })).json();
    const lineId = placed.orders[0]._id;
    const move = (who: Who | VendorWho, status: string, proof: object = {}) => call(who, 'PATCH', `/api/vendor/orders/${lineId}`, { status, ...proof });

    expect((await move(rival, 'Shipped')).statusCode).toBe(404);
    expect((await move(me, 'Shipped')).statusCode).toBe(403);
    // Delivered needs the customer's code (decision 032); a Pending line is not next for Delivered, whatever the code.
    const noProof = await move(seller, 'Delivered');
    expect([noProof.statusCode, noProof.json().message]).toEqual([400, DELIVERY_MSG.needProof]);
    const early = await move(seller, 'Delivered', { deliveryCode: '0000' });
    expect([early.statusCode, early.json().message]).toEqual([409, 'This item is Pending: it cannot be marked Delivered.']);
    const bad = await move(seller, 'Pending');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('The status must be Shipped, Delivered or Cancelled.');

    const racing = await Promise.all(Array.from({ length: 40 }, () => move(seller, 'Shipped')));
    expect(racing.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(racing.filter((r) => r.statusCode === 409)).toHaveLength(39);
    expect((await call(me, 'GET', `/orderdetails/${me.id}`)).json()[0].orderStatus).toBe('Shipped');
    const delivered = await move(seller, 'Delivered', { deliveryCode: await deliveryCodeOf(t, me, lineId) });
    expect(delivered.statusCode).toBe(200);
    expect(delivered.json()).toMatchObject({ _id: lineId, orderStatus: 'Delivered' });
    const back = await move(seller, 'Shipped');
    expect(back.statusCode).toBe(409);
    expect(back.json().message).toBe('This item is Delivered: it cannot be marked Shipped.');

    const mails = ((await call(null, 'GET', '/dev/mailbox.json')).json() as { to: string; subject: string }[]).filter((m) => m.to === me.email);
    expect(mails.map((m) => m.subject)).toEqual(expect.arrayContaining([
      'Your Nirmaan order: JSW Neosteel TMT 12 mm shipped', 'Your Nirmaan order: JSW Neosteel TMT 12 mm delivered',
    ]));
    expect(mails.filter((m) => /shipped$/.test(m.subject))).toHaveLength(1);
  });
  it('lets a seller cancel a Pending line it cannot fulfil, once: the stock goes back and the customer is told', async () => {
    const me = await customer();
    const seller = await loggedInVendor(t, { kind: 'seller' });
    const rival = await loggedInVendor(t, { kind: 'seller' });
    const p = await createProduct(t.db, { vendorId: seller.id, stock: 6, name: 'Birla White Putty 40 kg' });
    const q = await createProduct(t.db, { vendorId: seller.id, stock: 6 });
    const placed = (await call(me, 'POST', '/ordercart', { orders: [line(me, p.id, 4), line(me, q.id, 1)] })).json();
    const lineOf = (id: string) => placed.orders.find((l: { productId: string }) => l.productId === id)._id as string;
    const move = (who: VendorWho, lineId: string, status: string) => call(who, 'PATCH', `/api/vendor/orders/${lineId}`, { status });

    expect((await move(rival, lineOf(p.id), 'Cancelled')).statusCode).toBe(404);
    const racing = await Promise.all(Array.from({ length: 40 }, () => move(seller, lineOf(p.id), 'Cancelled')));
    expect(racing.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(racing.filter((r) => r.statusCode === 409)).toHaveLength(39);
    const [stock] = await t.db.select({ stock: products.stock }).from(products).where(eq(products.id, p.id));
    expect(stock!.stock).toBe(6);
    const mine = (await call(me, 'GET', `/orderdetails/${me.id}`)).json() as { productId: string; orderStatus: string }[];
    expect(mine.find((l) => l.productId === p.id)!.orderStatus).toBe('Cancelled');
    expect(mine.find((l) => l.productId === q.id)!.orderStatus).toBe('Pending');
    const mails = ((await call(null, 'GET', '/dev/mailbox.json')).json() as { to: string; subject: string; text: string }[])
      .filter((m) => m.to === me.email && m.subject === 'Your Nirmaan order is cancelled');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('The seller could not fulfil these items of your order and cancelled them:\nBirla White Putty 40 kg × 4');

    // A shipped line is on its way: the seller can no longer cancel it.
    expect((await move(seller, lineOf(q.id), 'Shipped')).statusCode).toBe(200);
    const late = await move(seller, lineOf(q.id), 'Cancelled');
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('This item is Shipped: it cannot be marked Cancelled.');
  });
});

describe('reviews keep their sums', () => {
  it('needs a login and a rating and comment; averages follow new reviews; a second review edits the first', async () => {
    const [one, two] = [await customer(), await customer()];
    const p = await createProduct(t.db);
    const review = (who: Who | null, body: object, as = who?.id ?? one.id) => call(who, 'POST', `/review/${as}`, body);
    expect((await review(null, { productId: p.id, rating: 5, comment: 'Great' })).statusCode).toBe(401);
    expect((await review(one, { productId: p.id, rating: 0, comment: 'Great' })).json().message).toBe('Please provide a rating and comment.');
    expect((await review(one, { productId: p.id, rating: 4, comment: '   ' })).json().message).toBe('Please provide a rating and comment.');
    expect((await review(two, { productId: p.id, rating: 4, comment: 'As someone else' }, one.id)).statusCode).toBe(403);
    const first = await review(one, { productId: p.id, rating: 5, comment: 'Strong and fresh', customerName: 'Forged Name' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ message: 'Review submitted successfully!', average: 5, count: 1, review: { customerName: one.fullName } });
    expect((await review(two, { productId: p.id, rating: 2, comment: 'Bags were torn' })).json()).toMatchObject({ average: 3.5, count: 2 });
    expect((await review(one, { productId: p.id, rating: 3, comment: 'Changed my mind' })).json()).toMatchObject({ average: 2.5, count: 2 });
    const shown = (await call(null, 'GET', `/product/${p.id}`)).json();
    expect(shown).toMatchObject({ ProductReview: 2.5, ProductReviewCount: 2 });
  });

  it('40 racing reviews by one customer leave one review and a true sum', async () => {
    const me = await customer();
    const p = await createProduct(t.db);
    await Promise.all(Array.from({ length: 40 }, (_, i) => call(me, 'POST', `/review/${me.id}`, { productId: p.id, rating: (i % 5) + 1, comment: `Take ${i}` })));
    const stored = await t.db.select().from(productReviews).where(eq(productReviews.productId, p.id));
    expect(stored).toHaveLength(1);
    const [sums] = await t.db.select({ sum: products.ratingSum, count: products.ratingCount }).from(products).where(eq(products.id, p.id));
    expect(sums).toEqual({ sum: stored[0]!.rating, count: 1 });
  });

  it('reviews vendors with the spec’s {vendorids} body and shows the new average on the profile', async () => {
    const me = await customer();
    const pro = await createVendor(t.db, { kind: 'professional' });
    await call(null, 'GET', `/profesionaldetails/${pro.id}`);
    const res = await call(me, 'POST', `/review/${me.id}`, { vendorids: pro.id, customerName: 'x', rating: 4, comment: 'On time, neat work' });
    expect(res.statusCode).toBe(201);
    expect((await call(null, 'GET', `/profesionaldetails/${pro.id}`)).json()).toMatchObject({ Rating: 4, ReviewCount: 1 });
    expect((await call(null, 'GET', `/fetch/review/service/${pro.id}`)).json().getreview[0]).toMatchObject({ comment: 'On time, neat work', customerName: me.fullName });
  });
});

describe('reverse geocoding', () => {
  it('answers city, state, pincode and address from a Nominatim-compatible server, with a User-Agent, cached', async () => {
    const res = await call(null, 'GET', '/api/geocode/reverse?lat=17.4239&lon=78.4128');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ city: 'Hyderabad', state: 'Telangana', pincode: '500033', street: '12, Road No. 36, Jubilee Hills' });
    const before = geocoder.requests.length;
    expect(geocoder.requests.at(-1)!.headers['user-agent']).toMatch(/^Nirmaan\//);
    await call(null, 'GET', '/api/geocode/reverse?lat=17.42391&lon=78.41281');
    expect(geocoder.requests.length).toBe(before);
    expect((await call(null, 'GET', '/api/geocode/reverse?lat=917&lon=78')).statusCode).toBe(400);
  });

  it('says so clearly when the geocoder is down', async () => {
    const down = await createTestApp({ GEOCODER_URL: 'http://127.0.0.1:9' });
    try {
      const res = await caller(() => down)(null, 'GET', '/api/geocode/reverse?lat=19.07&lon=72.87');
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({ message: 'We could not find your address right now. Please type it in.', code: 'BAD_GATEWAY' });
    } finally {
      await down.close();
    }
  });
});

describe('contact details as people type them', () => {
  it('takes a phone number with spaces, as profiles store it', async () => {
    const me = await customer();
    const p = await createProduct(t.db);
    const res = await call(me, 'POST', '/ordercart', { orders: [line(me, p.id, 1, { phone: '+91 98480 22345' })] });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().orders[0].phone).toBe('+919848022345');
  });
});
