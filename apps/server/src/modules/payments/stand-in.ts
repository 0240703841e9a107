import { createHmac, randomBytes } from 'node:crypto';
import { routeAccountsStandIn } from './stand-in-route-accounts.ts';
import { routeTransfers } from './stand-in-route-transfers.ts';

/**
 * The one Razorpay stand-in, for development without keys (dev-gateway.ts: in process, behind a fetch) and for the
 * tests (apps/server/test/support/razorpay.ts: a local HTTP server). It speaks the part of Razorpay's API we call:
 * POST and GET /v1/orders (by receipt), GET /v1/orders/{id}/payments, GET /v1/payments/{id},
 * POST /v1/payments/{id}/capture, POST /v1/payments/{id}/refund and GET .../refunds, with basic auth
 * key_id:key_secret and amounts in paise; Route's linked accounts (stand-in-route-accounts.ts) and transfers
 * (stand-in-route-transfers.ts) too. `pay()` plays the customer's checkout: it records a payment of an order
 * (captured, or only authorized) and returns checkout.js's handler fields, signed as Razorpay signs them;
 * `webhook()` signs an event as Razorpay delivers it.
 *
 * What tests make go wrong: `state.down` answers every call 503; `state.delayMs` answers every call that late;
 * `hold()` keeps every call unanswered (and not yet applied) until `release()`; Route's own `state`s lose answers.
 * `calls` lists every call received. In `development` (in process, its memory lost at each restart) a linked
 * account's product activates as soon as its settlements are set and transfers are processed at once, as there is
 * no review and no webhook to wait for, and an order made before a restart has no payments rather than not existing.
 */
export interface StandInKeys { keyId: string; keySecret: string; webhookSecret: string }

export interface GatewayOrder { id: string; amount: number; currency: string; receipt: string; notes: Record<string, string>; status: string }
export interface GatewayPayment { id: string; entity: 'payment'; order_id: string; amount: number; currency: string; status: string }
export interface GatewayRefund { id: string; payment_id: string; amount: number; status: string; receipt: string | null; notes: Record<string, string> }

/** One call as it reached the stand-in (headers with lowercase names). */
export interface StandInRequest { method: string; url: URL; rawBody: string; headers: Record<string, string | string[] | undefined> }
/** Its answer, or `drop`: the call was applied but its answer is lost (the connection closes, as after a timeout). */
export type StandInAnswer = { status: number; body: object } | 'drop';

const sign = (secret: string, data: string) => createHmac('sha256', secret).update(data).digest('hex');
const rid = (prefix: string) => `${prefix}_${randomBytes(7).toString('hex')}`;
const fail = (status: number, description: string): StandInAnswer => ({ status, body: { error: { code: 'BAD_REQUEST_ERROR', description } } });
const ok = (body: object): StandInAnswer => ({ status: 200, body });

export function razorpayStandIn(keys: StandInKeys, opts: { development?: boolean } = {}) {
  const orders = new Map<string, GatewayOrder>();
  const payments = new Map<string, GatewayPayment>();
  const refunds: GatewayRefund[] = [];
  const calls: { method: string; path: string }[] = [];
  const state = { down: false, delayMs: 0 };
  const route = routeTransfers(payments, keys.webhookSecret, { instant: opts.development === true });
  const routeAccounts = routeAccountsStandIn(keys.webhookSecret, { activation: opts.development ? 'activated' : 'under_review' });
  const auth = `Basic ${Buffer.from(`${keys.keyId}:${keys.keySecret}`).toString('base64')}`;
  let held: (() => void)[] | null = null;

  function createOrder(body: Record<string, unknown>) {
    if (!Number.isInteger(body.amount) || (body.amount as number) < 100) return fail(400, 'The amount must be an integer of at least 100.');
    if (body.currency !== 'INR') return fail(400, 'currency');
    const order: GatewayOrder = { id: rid('order'), amount: body.amount as number, currency: 'INR', receipt: String(body.receipt), notes: (body.notes ?? {}) as Record<string, string>, status: 'created' };
    orders.set(order.id, order);
    return ok({ entity: 'order', amount_paid: 0, amount_due: order.amount, attempts: 0, ...order });
  }

  function capture(id: string, body: Record<string, unknown>) {
    const p = payments.get(id);
    if (!p) return fail(400, 'The id provided does not exist');
    if (p.status !== 'authorized') return fail(400, 'This payment has already been captured');
    if (body.amount !== p.amount || body.currency !== 'INR') return fail(400, 'Capture amount must be equal to the amount authorized');
    p.status = 'captured';
    orders.get(p.order_id)!.status = 'paid';
    return ok(p);
  }

  function refund(id: string, body: Record<string, unknown>) {
    const p = payments.get(id);
    if (!p || p.status !== 'captured') return fail(400, 'The payment is not captured');
    const already = refunds.filter((r) => r.payment_id === p.id).reduce((s, r) => s + r.amount, 0);
    const amount = body.amount === undefined ? p.amount - already : body.amount as number;
    if (!Number.isInteger(amount) || amount < 100 || already + amount > p.amount) return fail(400, 'The refund amount is invalid');
    const r: GatewayRefund = { id: rid('rfnd'), payment_id: p.id, amount, status: 'processed', receipt: typeof body.receipt === 'string' ? body.receipt : null, notes: (body.notes ?? {}) as Record<string, string> };
    refunds.push(r);
    return ok({ entity: 'refund', currency: 'INR', ...r });
  }

  /** Orders, payments and refunds; null when the call is not one of theirs. */
  function paymentsApi(method: string, url: URL, body: Record<string, unknown>): StandInAnswer | null {
    const path = url.pathname;
    if (method === 'GET' && path === '/v1/orders') return ok({ entity: 'collection', items: [...orders.values()].filter((o) => o.receipt === url.searchParams.get('receipt')) });
    if (method === 'POST' && path === '/v1/orders') return createOrder(body);
    const id = (re: RegExp) => {
      const m = re.exec(path);
      return m ? decodeURIComponent(m[1]!) : null;
    };
    const ofOrder = id(/^\/v1\/orders\/([^/]+)\/payments$/);
    if (method === 'GET' && ofOrder !== null) {
      if (!orders.has(ofOrder) && !opts.development) return fail(400, 'The id provided does not exist');
      const items = [...payments.values()].filter((p) => p.order_id === ofOrder);
      return ok({ entity: 'collection', count: items.length, items });
    }
    const payment = id(/^\/v1\/payments\/([^/]+)$/);
    if (method === 'GET' && payment !== null) return payments.has(payment) ? ok(payments.get(payment)!) : fail(400, 'The id provided does not exist');
    const captured = id(/^\/v1\/payments\/([^/]+)\/capture$/);
    if (method === 'POST' && captured !== null) return capture(captured, body);
    const refundsOf = id(/^\/v1\/payments\/([^/]+)\/refunds$/);
    if (method === 'GET' && refundsOf !== null) return ok({ entity: 'collection', items: refunds.filter((r) => r.payment_id === refundsOf) });
    const refunded = id(/^\/v1\/payments\/([^/]+)\/refund$/);
    if (method === 'POST' && refunded !== null) return refund(refunded, body);
    return null;
  }

  /** The answer to one call, applied now. */
  function answerNow(req: StandInRequest): StandInAnswer {
    if (state.down) return fail(503, 'Service unavailable');
    if (req.headers.authorization !== auth) return fail(401, 'Authentication failed');
    let body: Record<string, unknown>;
    try {
      body = req.rawBody ? JSON.parse(req.rawBody) as Record<string, unknown> : {};
    } catch {
      return fail(400, 'bad json');
    }
    return paymentsApi(req.method, req.url, body)
      ?? routeAccounts.answer(req.method, req.url.pathname, body, req.headers)
      ?? route.handle(req.method, req.url.pathname, body)
      ?? fail(404, 'not found');
  }

  return {
    keys, orders, payments, refunds, calls, state,
    /** Route linked accounts, stakeholders and products (stand-in-route-accounts.ts). */
    routeAccounts,
    /** Route: transfers, holds and reversals (stand-in-route-transfers.ts). */
    route,
    /**
     * Answers a call: recorded in `calls`, then held or delayed as told, then applied, unless `gone()` says the
     * caller stopped waiting meanwhile (then it is not applied, and the answer is dropped).
     */
    async handle(req: StandInRequest, gone: () => boolean = () => false): Promise<StandInAnswer> {
      calls.push({ method: req.method, path: req.url.pathname });
      if (held) await new Promise<void>((resolve) => held!.push(resolve));
      else if (state.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, state.delayMs));
      return gone() ? 'drop' : answerNow(req);
    },
    /** The customer pays an order at checkout: a payment is recorded (captured unless told) and the handler's fields come back; null for an unknown order. */
    pay(orderId: string, o: { amount?: number; status?: string } = {}) {
      const order = orders.get(orderId);
      if (!order) return null;
      const p: GatewayPayment = { id: rid('pay'), entity: 'payment', order_id: orderId, amount: o.amount ?? order.amount, currency: 'INR', status: o.status ?? 'captured' };
      payments.set(p.id, p);
      if (p.status === 'captured') order.status = 'paid';
      return { razorpay_order_id: orderId, razorpay_payment_id: p.id, razorpay_signature: sign(keys.keySecret, `${orderId}|${p.id}`) };
    },
    /** A webhook delivery as Razorpay sends it: raw JSON body and its headers. */
    webhook(event: string, payload: object, eventId = rid('evt')) {
      const body = JSON.stringify({ entity: 'event', account_id: 'acc_local', event, contains: Object.keys(payload), payload, created_at: Math.floor(Date.now() / 1000) });
      return { body, headers: { 'content-type': 'application/json', 'x-razorpay-signature': sign(keys.webhookSecret, body), 'x-razorpay-event-id': eventId } };
    },
    /** From now on every call waits, unanswered and not applied, until `release()`. */
    hold() {
      held ??= [];
    },
    /** Answers (and applies) every held call, in the order received. */
    release() {
      const waiting = held ?? [];
      held = null;
      for (const go of waiting) go();
    },
    /** How many calls are held right now. */
    heldCount: () => held?.length ?? 0,
  };
}
export type RazorpayStandIn = ReturnType<typeof razorpayStandIn>;
