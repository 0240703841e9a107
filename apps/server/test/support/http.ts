import { eq } from 'drizzle-orm';
import { orderLines, orders } from '../../src/db/schema/index.ts';
import type { TestApp } from './app.ts';
import { cookieHeader, createCustomerWithPassword, createVendorWithPassword, loginVendor, PASSWORD, sessionCookie } from './auth.ts';

/**
 * The one HTTP helper of the API tests: a logged-in customer (`Who`) or vendor (`VendorWho`), a `call` bound to a
 * test app, and an order line as the spec's checkout sends it.
 */

export type Who = Awaited<ReturnType<typeof createCustomerWithPassword>> & { headers: Record<string, string> };
export type VendorWho = Awaited<ReturnType<typeof createVendorWithPassword>> & { headers: Record<string, string> };
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

let network = 0;

/**
 * A customer logged in through the spec's password login. Each comes from an address of its own, so files that
 * log many customers in stay under the per-address login limit.
 */
export async function loggedInCustomer(t: Pick<TestApp, 'app' | 'db'>, overrides: Parameters<typeof createCustomerWithPassword>[1] = {}): Promise<Who> {
  const c = await createCustomerWithPassword(t.db, overrides);
  network += 1;
  const res = await t.app.inject({
    method: 'POST', url: '/fetch/userprofile', payload: { email: c.email, password: PASSWORD },
    remoteAddress: `10.${(network >> 8) & 255}.${network & 255}.9`,
  });
  return { ...c, headers: cookieHeader(sessionCookie(res).value) };
}

/** A vendor (a seller or a professional, approved or not, as `overrides` say) logged in through POST /api/vendor/login. */
export async function loggedInVendor(t: Pick<TestApp, 'app' | 'db'>, overrides: Parameters<typeof createVendorWithPassword>[1] = {}): Promise<VendorWho> {
  const v = await createVendorWithPassword(t.db, overrides);
  return { ...v, headers: cookieHeader((await loginVendor(t.app, v.email)).token) };
}

/**
 * `call(who, method, url, payload?, headers?)` on the test app (`app()`, read at each call, so a file can bind it
 * before its `beforeAll` made the app), with `who`'s cookie (none for `null`) and `base` headers. The payload is
 * JSON, or sent as it is when a string or bytes (a webhook's raw body, an upload, with its content-type header).
 */
export function caller(app: () => Pick<TestApp, 'app'>, base: Record<string, string> = {}) {
  return (who: Pick<Who, 'headers'> | null, method: Method, url: string, payload?: object | string | Buffer, headers: Record<string, string> = {}) =>
    app().app.inject({ method, url, headers: { ...(who?.headers ?? {}), ...headers, ...base }, ...(payload ? { payload } : {}) });
}

/** Posts a webhook delivery (the stand-in's `webhook()`: raw body and signed headers) to our webhook, as Razorpay does. */
export function webhookDeliverer(app: () => Pick<TestApp, 'app'>) {
  const call = caller(app);
  return (d: { body: string; headers: Record<string, string> }) => call(null, 'POST', '/api/payments/razorpay/webhook', d.body, d.headers);
}

export const HYDERABAD_ADDRESS = { fullAddress: '12 Road No. 36, Jubilee Hills', city: 'Hyderabad', pincode: '500033', state: 'Telangana' };

/** An order line for `POST /ordercart` with the customer's contact and a Hyderabad address (a copy: tests edit it). */
export const orderLine = (who: Who, productId: string, quantity: number, extra: object = {}) => ({
  productId, quantity, customerId: who.id, customerName: who.fullName, phone: '9876543210', email: who.email,
  shippingAddress: { ...HYDERABAD_ADDRESS }, ...extra,
});

/**
 * A line's delivery code as a real vendor learns it at the door: from its customer's own My orders answer
 * (`GET /orderdetails/{userid}`), which carries it once the line is Shipped (decision 032).
 */
export async function deliveryCodeOf(t: Pick<TestApp, 'app'>, customer: Pick<Who, 'id' | 'headers'>, lineId: string): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: `/orderdetails/${customer.id}`, headers: customer.headers });
  const line = (res.json() as { _id: string; deliveryCode?: string }[]).find((l) => l._id === lineId);
  if (!line?.deliveryCode) throw new Error(`line ${lineId} has no delivery code in its customer's My orders (${res.statusCode})`);
  return line.deliveryCode;
}

/** The body that marks a Shipped line Delivered: the customer's code from their My orders, as the vendor is told it. */
export async function deliveredBody(t: Pick<TestApp, 'app'>, customer: Pick<Who, 'id' | 'headers'>, lineId: string) {
  return { status: 'Delivered', deliveryCode: await deliveryCodeOf(t, customer, lineId) };
}

/** Ships a line, then delivers it with the code its customer's My orders shows, as a vendor does: both answers. */
export async function shipAndDeliver(t: Pick<TestApp, 'app'>, vendor: Pick<VendorWho, 'headers'>, customer: Pick<Who, 'id' | 'headers'>, lineId: string) {
  const patch = (payload: object) => t.app.inject({ method: 'PATCH', url: `/api/vendor/orders/${lineId}`, headers: vendor.headers, payload });
  const shipped = await patch({ status: 'Shipped' });
  const delivered = await patch(await deliveredBody(t, customer, lineId));
  return [shipped, delivered] as const;
}

/**
 * The customers a test logged in, by id (`add` each), so that a vendor's delivery of any line, however it was made,
 * reads the code from the line's own customer's My orders: `deliveredBodyOf(lineId)`.
 */
export function knownBuyers(get: () => Pick<TestApp, 'app' | 'db'>) {
  const known = new Map<string, Pick<Who, 'id' | 'headers'>>();
  return {
    add<W extends Pick<Who, 'id' | 'headers'>>(who: W): W {
      known.set(who.id, who);
      return who;
    },
    async deliveredBodyOf(lineId: string) {
      const [row] = await get().db.select({ customerId: orders.customerId }).from(orderLines)
        .innerJoin(orders, eq(orders.id, orderLines.orderId)).where(eq(orderLines.id, lineId));
      const who = row && known.get(row.customerId);
      if (!who) throw new Error(`line ${lineId} was not ordered by a customer this test logged in`);
      return deliveredBody(get(), who, lineId);
    },
  };
}

/**
 * A Confirmed booking completed the one way there is (decision records 043, 044): the professional enters the start
 * code from its customer's own My orders (`GET /cart/service/{userid}`), then the customer confirms completion.
 * Throws when either step is refused; answers the customer's confirmation.
 */
export async function startAndComplete(t: Pick<TestApp, 'app'>, vendor: Pick<VendorWho, 'headers'>, customer: Pick<Who, 'id' | 'headers'>, bookingId: string) {
  const mine = await t.app.inject({ method: 'GET', url: `/cart/service/${customer.id}`, headers: customer.headers });
  const code = (mine.json() as { _id: string; startCode?: string }[]).find((b) => b._id === bookingId)?.startCode;
  if (!code) throw new Error(`booking ${bookingId} has no start code in its customer's My orders (${mine.statusCode})`);
  const started = await t.app.inject({ method: 'POST', url: `/api/vendor/bookings/${bookingId}/start`, headers: vendor.headers, payload: { code } });
  if (started.statusCode !== 200) throw new Error(`start refused: ${started.statusCode} ${started.body}`);
  const done = await t.app.inject({ method: 'POST', url: `/api/bookings/${bookingId}/complete`, headers: customer.headers });
  if (done.statusCode !== 200) throw new Error(`completion refused: ${done.statusCode} ${done.body}`);
  return done;
}
