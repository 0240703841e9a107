import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { addDays } from '@nirmaan/shared/dates';
import type { Quote } from '@nirmaan/shared/jobs';
import { bookings } from '../../src/db/schema/index.ts';
import { todayInIndia } from '../../src/modules/bookings/service.ts';
import type { TestApp } from './app.ts';
import { activatePayoutAccount } from './payout-accounts.ts';
import type { RazorpayStandIn } from './razorpay-app.ts';
import type { transferKit } from './transfers.ts';

/** The site visit fee of the kit's engineer: ₹500. */
export const VISIT_FEE = 50_000;
/** Three days of masonry at ₹2,400 a day and ₹300 for the scaffolding: ₹7,500 of labour; cement the customer may buy here. */
export const QUOTE = {
  labour: [{ kind: 'days', description: 'Masonry, 2 masons', days: 3, ratePaise: 240_000 }, { kind: 'lump', description: 'Scaffolding', amountPaise: 30_000 }],
  materials: [{ description: 'OPC 53 cement', quantity: 10, unit: 'bags', amountPaise: 42_000 }],
  days: 3, validDays: 7, note: 'Plastering of the compound wall, both sides.',
};

/**
 * Site visits and their quotes (decision records 042, 044, 048) through the HTTP calls, paid through the Razorpay
 * stand-in: an engineer offering ₹500 visits, a paid visit started with its code, the quote sent and accepted.
 */
export function siteVisitKit(get: () => { t: TestApp; rzp: RazorpayStandIn }, k: ReturnType<typeof transferKit>) {
  type Who = Awaited<ReturnType<typeof k.customer>>;
  type Pro = Awaited<ReturnType<typeof k.vendor>>;
  const inDays = (n: number) => addDays(todayInIndia(), n);

  async function engineer() {
    const pro = await k.vendor('professional', { chargeAmount: 800 });
    const account = await activatePayoutAccount(get().t.db, pro.id);
    const saved = await k.call(pro.headers, 'PUT', '/api/vendor/job-offers', { siteVisitFeePaise: VISIT_FEE, multiDay: null });
    expect(saved.statusCode, saved.body).toBe(200);
    return { pro, account };
  }

  /** Books a site visit by UPI and pays it through checkout and verify. */
  async function paidVisit(me: Who, pro: Pro, time = '11:00 AM') {
    const res = await k.call(me.headers, 'POST', '/api/booking', { ...k.bookingBody(me, pro.id, 'upi', time), siteVisit: true });
    expect(res.statusCode, res.body).toBe(201);
    const made = res.json() as { booking: { _id: string; kind: string; basePrice: number; totalAmount: number }; payment: { razorpayOrderId: string; amount: number } };
    expect(made.booking).toMatchObject({ kind: 'visit', basePrice: 500 });
    expect((await k.call(me.headers, 'POST', '/api/payments/razorpay/verify', get().rzp.pay(made.payment.razorpayOrderId))).statusCode).toBe(200);
    return made.booking._id;
  }

  const move = async (pro: Pro, id: string, status: string) => expect((await k.call(pro.headers, 'PATCH', `/api/vendor/bookings/${id}`, { status })).statusCode).toBe(200);
  /** The professional at the door: the customer's start code (from the row, as the customer reads it in My orders) moves it to In progress. */
  async function startAtDoor(pro: Pro, id: string) {
    const [row] = await get().t.db.select({ code: bookings.startCode }).from(bookings).where(eq(bookings.id, id));
    expect((await k.call(pro.headers, 'POST', `/api/vendor/bookings/${id}/start`, { code: row!.code })).statusCode).toBe(200);
  }
  const send = (pro: Pro, visitId: string, body: object = QUOTE) => k.call(pro.headers, 'POST', `/api/vendor/bookings/${visitId}/quotes`, body);
  const accept = (me: Who, quoteId: string, extra: object = {}) =>
    k.call(me.headers, 'POST', `/api/quotes/${quoteId}/accept`, { startDate: inDays(3), payment: { method: 'upi' }, ...extra });

  async function visitedAndQuoted(me: Who, pro: Pro, body: object = QUOTE, time = '11:00 AM') {
    const visitId = await paidVisit(me, pro, time);
    await move(pro, visitId, 'Confirmed');
    await startAtDoor(pro, visitId);
    const sent = await send(pro, visitId, body);
    expect(sent.statusCode, sent.body).toBe(201);
    return { visitId, quote: sent.json() as Quote };
  }

  return { inDays, engineer, paidVisit, move, startAtDoor, send, accept, visitedAndQuoted };
}
