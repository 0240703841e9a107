import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_MSG } from '@nirmaan/shared/cart';
import { OPS_MSG } from '@nirmaan/shared/ops';
import { auditLog, productReviews, products, reviewReports, vendors } from '../src/db/schema/index.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { createProduct, createVendor } from './support/factories.ts';
import { caller, loggedInCustomer, loggedInVendor, type Who } from './support/http.ts';
import { createOperator, loginOperator, operatorSessions, opsCookie, type OperatorSessions } from './support/ops.ts';
import { startTwoServers, twoServersPossible } from './support/two-servers.ts';

/** Review moderation (operator console): hiding and showing reviews, and customers' reports. */

let t: TestApp;
let ops: OperatorSessions;

beforeAll(async () => {
  t = await createTestApp();
  ops = await operatorSessions(t.app, t.db, '10.78.0');
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const call = caller(() => t);
const customer = () => loggedInCustomer(t);

async function reviewProduct(who: Who, productId: string, rating: number, comment = 'Bags arrived dry and sealed') {
  const res = await call(who, 'POST', `/review/${who.id}`, { productId, rating, comment });
  expect(res.statusCode).toBe(201);
  return res.json().review._id as string;
}
async function reviewVendor(who: Who, vendorId: string, rating: number, comment = 'Came on time, neat work') {
  const res = await call(who, 'POST', `/review/${who.id}`, { vendorids: vendorId, rating, comment });
  expect(res.statusCode).toBe(201);
  return res.json().review._id as string;
}

const hide = (headers: Headers, id: string, kind: 'product' | 'vendor', reason = 'Abusive language') =>
  call({ headers }, 'POST', `/api/ops/reviews/${id}/hide`, { kind, reason });
const unhide = (headers: Headers, id: string, kind: 'product' | 'vendor', reason = 'Checked again: fair') =>
  call({ headers }, 'POST', `/api/ops/reviews/${id}/unhide`, { kind, reason });
const auditOf = (id: string) => t.db.select().from(auditLog).where(eq(auditLog.subjectId, id)).orderBy(auditLog.id);

async function productPage(id: string) {
  const page = await call(null, 'GET', `/product/${id}`);
  const list = await call(null, 'GET', `/fetch/review/${id}`);
  return {
    average: page.json().ProductReview, count: page.json().ProductReviewCount, ids: list.json().getreview.map((r: { _id: string }) => r._id),
    cached: page.headers['x-cache'] === 'hit' && list.headers['x-cache'] === 'hit',
  };
}
async function vendorPage(id: string) {
  const page = await call(null, 'GET', `/profesionaldetails/${id}`);
  const list = await call(null, 'GET', `/fetch/review/service/${id}`);
  return {
    average: page.json().Rating, count: page.json().ReviewCount, ids: list.json().getreview.map((r: { _id: string }) => r._id),
    cached: page.headers['x-cache'] === 'hit' && list.headers['x-cache'] === 'hit',
  };
}

describe('hiding a review', () => {
  it('takes a product review out of the cached list and average at once, audited; unhiding restores both', async () => {
    const product = await createProduct(t.db);
    const [a, b] = [await customer(), await customer()];
    const kept = await reviewProduct(a, product.id, 5);
    const rude = await reviewProduct(b, product.id, 1, 'Rubbish seller, all thieves');
    await productPage(product.id);
    expect(await productPage(product.id)).toEqual({ average: 3, count: 2, ids: expect.arrayContaining([kept, rude]), cached: true });

    const res = await hide(ops.support, rude, 'product');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ kind: 'product', id: rude, subjectId: product.id, hiddenReason: 'Abusive language', rating: 1 });
    expect(res.json().hiddenAt).toEqual(expect.any(String));
    expect(await productPage(product.id)).toEqual({ average: 5, count: 1, ids: [kept], cached: false });
    // The materials list carries the stored average too.
    const [sums] = await t.db.select({ sum: products.ratingSum, count: products.ratingCount }).from(products).where(eq(products.id, product.id));
    expect(sums).toEqual({ sum: 5, count: 1 });

    const audit = await auditOf(rude);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'review.hide', subjectType: 'product_review', reason: 'Abusive language' });
    expect(audit[0]!.before).toMatchObject({ hiddenAt: null });
    expect(audit[0]!.after).toMatchObject({ hiddenReason: 'Abusive language', ratingSum: 5, ratingCount: 1 });

    await productPage(product.id);
    const back = await unhide(ops.admin, rude, 'product');
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({ hiddenAt: null, hiddenReason: null });
    expect(await productPage(product.id)).toEqual({ average: 3, count: 2, ids: expect.arrayContaining([kept, rude]), cached: false });
    expect((await auditOf(rude)).map((e) => [e.action, e.reason])).toEqual([['review.hide', 'Abusive language'], ['review.unhide', 'Checked again: fair']]);
    expect((await unhide(ops.admin, rude, 'product')).json().message).toBe(OPS_MSG.notHidden);
  });

  it('does the same for a vendor review, and a hidden review edited by its author stays hidden and out of the average', async () => {
    const pro = await createVendor(t.db, { kind: 'professional', category: 'Plumber' });
    const [a, b] = [await customer(), await customer()];
    const kept = await reviewVendor(a, pro.id, 4);
    const rude = await reviewVendor(b, pro.id, 2, 'Phone number is 98xxxxxx, call me');
    await vendorPage(pro.id);
    expect(await vendorPage(pro.id)).toEqual({ average: 3, count: 2, ids: expect.arrayContaining([kept, rude]), cached: true });

    expect((await hide(ops.admin, rude, 'vendor', 'Personal details')).statusCode).toBe(200);
    expect(await vendorPage(pro.id)).toEqual({ average: 4, count: 1, ids: [kept], cached: false });

    // Editing does not bring it back, nor put its new rating into the sums.
    await reviewVendor(b, pro.id, 5, 'Edited to get round the moderators');
    expect(await vendorPage(pro.id)).toMatchObject({ average: 4, count: 1, ids: [kept] });
    const [sums] = await t.db.select({ sum: vendors.ratingSum, count: vendors.ratingCount }).from(vendors).where(eq(vendors.id, pro.id));
    expect(sums).toEqual({ sum: 4, count: 1 });

    expect((await unhide(ops.support, rude, 'vendor')).statusCode).toBe(200);
    expect(await vendorPage(pro.id)).toMatchObject({ average: 4.5, count: 2, ids: expect.arrayContaining([kept, rude]) });
  });

  it('20 racing hides give one hide, nineteen 409s and one audit row', async () => {
    const product = await createProduct(t.db);
    const rude = await reviewProduct(await customer(), product.id, 1);
    const answers = await Promise.all(Array.from({ length: 20 }, () => hide(ops.admin, rude, 'product')));
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    expect(answers.find((r) => r.statusCode === 409)!.json().message).toBe(OPS_MSG.alreadyHidden);
    expect(await auditOf(rude)).toHaveLength(1);
    const [sums] = await t.db.select({ sum: products.ratingSum, count: products.ratingCount }).from(products).where(eq(products.id, product.id));
    expect(sums).toEqual({ sum: 0, count: 0 });
  });

  it('lets finance read the list but not hide or unhide; asks for a reason and the right kind', async () => {
    const product = await createProduct(t.db);
    const id = await reviewProduct(await customer(), product.id, 3);
    const refused = await hide(ops.finance, id, 'product');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(OPS_MSG.wrongRole);
    expect((await unhide(ops.finance, id, 'product')).statusCode).toBe(403);
    expect((await call({ headers: ops.finance }, 'GET', `/api/ops/reviews?productId=${product.id}`)).json().reviews.map((r: { id: string }) => r.id)).toEqual([id]);

    expect((await call({ headers: ops.admin }, 'POST', `/api/ops/reviews/${id}/hide`, { kind: 'product' })).statusCode).toBe(400);
    const wrongKind = await hide(ops.admin, id, 'vendor');
    expect(wrongKind.statusCode).toBe(404);
    expect(wrongKind.json().message).toBe(OPS_MSG.reviewNotFound);
    expect((await t.db.select().from(productReviews).where(eq(productReviews.id, id)))[0]!.hiddenAt).toBeNull();
    expect(await auditOf(id)).toEqual([]);
  });
});

describe('reporting a review', () => {
  it('keeps one report of 40 racing ones by a customer; the console lists reported reviews with their counts, latest report first', async () => {
    const seller = await createVendor(t.db, { kind: 'seller' });
    const product = await createProduct(t.db, { vendorId: seller.id });
    const [author, reporter, other] = [await customer(), await customer(), await customer()];
    const first = await reviewProduct(author, product.id, 2);
    const second = await reviewVendor(author, seller.id, 1);
    const untouched = await reviewProduct(other, product.id, 4);

    const answers = await Promise.all(Array.from({ length: 40 }, () =>
      call(reporter, 'POST', `/api/reviews/${first}/report`, { kind: 'product', reason: 'Fake' })));
    expect(new Set(answers.map((r) => r.statusCode))).toEqual(new Set([200]));
    expect(answers[0]!.json()).toEqual({ message: REPORT_MSG.reported, reported: true });
    const stored = await t.db.select().from(reviewReports).where(and(eq(reviewReports.reviewId, first), eq(reviewReports.kind, 'product')));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ customerId: reporter.id, reason: 'Fake' });

    expect((await call(other, 'POST', `/api/reviews/${first}/report`, { kind: 'product' })).statusCode).toBe(200);
    expect((await call(reporter, 'POST', `/api/reviews/${second}/report`, { kind: 'vendor' })).statusCode).toBe(200);

    const list = await call({ headers: ops.support }, 'GET', `/api/ops/reviews?vendorId=${seller.id}&reported=true`);
    expect(list.statusCode).toBe(200);
    expect(list.json().reviews.map((r: { id: string; kind: string; reportCount: number }) => [r.id, r.kind, r.reportCount])).toEqual([
      [second, 'vendor', 1], [first, 'product', 2],
    ]);
    const all = await call({ headers: ops.support }, 'GET', `/api/ops/reviews?vendorId=${seller.id}`);
    expect(all.json().total).toBe(3);
    expect(all.json().reviews.find((r: { id: string }) => r.id === untouched)).toMatchObject({ reportCount: 0, lastReportedAt: null, customerId: other.id });
  });

  it('refuses visitors, vendors, your own review, unknown and hidden reviews, and a missing kind', async () => {
    const product = await createProduct(t.db);
    const author = await customer();
    const id = await reviewProduct(author, product.id, 3);
    const visitor = await call(null, 'POST', `/api/reviews/${id}/report`, { kind: 'product' });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().message).toBe(REPORT_MSG.loginRequired);
    const vendorAnswer = await call(await loggedInVendor(t, { kind: 'seller' }), 'POST', `/api/reviews/${id}/report`, { kind: 'product' });
    expect(vendorAnswer.statusCode).toBe(403);
    const own = await call(author, 'POST', `/api/reviews/${id}/report`, { kind: 'product' });
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe(REPORT_MSG.ownReview);
    const someone = await customer();
    expect((await call(someone, 'POST', `/api/reviews/${id}/report`, { kind: 'vendor' })).statusCode).toBe(404);
    expect((await call(someone, 'POST', `/api/reviews/${id}/report`, {})).statusCode).toBe(400);
    expect((await hide(ops.admin, id, 'product')).statusCode).toBe(200);
    expect((await call(someone, 'POST', `/api/reviews/${id}/report`, { kind: 'product' })).json().message).toBe(REPORT_MSG.notFound);
    expect(await t.db.select({ n: sql<number>`count(*)::int` }).from(reviewReports).where(eq(reviewReports.reviewId, id))).toEqual([{ n: 0 }]);
  });
});

/** Two apps on one PostgreSQL database and one Redis, each with its own response cache, as two processes would be. */
describe.skipIf(!twoServersPossible)('hiding a review across two servers through Redis', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c().catch(() => undefined);
  });

  it("evicts the other server's cached review list and average at once", async () => {
    const [a, b] = await startTwoServers('nirmaan-review-redis', cleanups);
    const product = await createProduct(a.db);
    const c = await loggedInCustomer(a);
    const { headers } = c;
    const review = await a.app.inject({ method: 'POST', url: `/review/${c.id}`, headers, payload: { productId: product.id, rating: 1, comment: 'Spam spam' } });
    const op = await createOperator(a.db, 'admin');
    const opHeaders = opsCookie((await loginOperator(a.app, op.email)).token);

    const read = async (app: FastifyInstance) => {
      const page = await app.inject({ method: 'GET', url: `/product/${product.id}` });
      const list = await app.inject({ method: 'GET', url: `/fetch/review/${product.id}` });
      return { count: page.json().ProductReviewCount, reviews: list.json().getreview.length, cached: page.headers['x-cache'] === 'hit' && list.headers['x-cache'] === 'hit' };
    };
    await read(b.app);
    expect(await read(b.app)).toEqual({ count: 1, reviews: 1, cached: true });
    const hidden = await a.app.inject({ method: 'POST', url: `/api/ops/reviews/${review.json().review._id}/hide`, headers: opHeaders, payload: { kind: 'product', reason: 'Spam' } });
    expect(hidden.statusCode).toBe(200);
    const deadline = Date.now() + 2_000;
    let seen = await read(b.app);
    while (seen.count !== 0 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20));
      seen = await read(b.app);
    }
    expect(seen).toEqual({ count: 0, reviews: 0, cached: false });
  }, 120_000);
});
