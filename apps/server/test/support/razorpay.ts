import { createHmac, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { routeAccountsStandIn } from './razorpay-route-accounts.ts';
import { routeTransfers } from './razorpay-route-transfers.ts';

/**
 * A local server that speaks the part of Razorpay's API we call: POST and GET /v1/orders (by receipt),
 * GET /v1/orders/{id}/payments, GET /v1/payments/{id}, POST /v1/payments/{id}/capture, POST /v1/payments/{id}/refund and GET .../refunds, with
 * basic auth key_id:key_secret and amounts in paise. `pay()` plays the customer's checkout: it records a payment of
 * an order (captured, or only authorized) and returns checkout.js's handler fields, signed as Razorpay signs them.
 * `state.down` makes every call answer 503; `state.delayMs` answers every call that late; `hold()` keeps every
 * call unanswered (and not yet applied) until `release()`. `calls` lists every call received.
 */
export const TEST_KEYS = { keyId: 'rzp_test_nirmaanLocal01', keySecret: 'local-key-secret-1234', webhookSecret: 'local-webhook-secret-99' };

export interface GatewayOrder { id: string; amount: number; currency: string; receipt: string; notes: Record<string, string>; status: string }
export interface GatewayPayment { id: string; entity: 'payment'; order_id: string; amount: number; currency: string; status: string }
export interface GatewayRefund { id: string; payment_id: string; amount: number; status: string; receipt: string | null; notes: Record<string, string> }

const sign = (secret: string, data: string) => createHmac('sha256', secret).update(data).digest('hex');
const rid = (prefix: string) => `${prefix}_${randomBytes(7).toString('hex')}`;

export async function startRazorpay(keys = TEST_KEYS) {
  const orders = new Map<string, GatewayOrder>();
  const payments = new Map<string, GatewayPayment>();
  const refunds: GatewayRefund[] = [];
  const calls: { method: string; path: string }[] = [];
  const state = { down: false, delayMs: 0 };
  const route = routeTransfers(payments, keys.webhookSecret);
  let held: (() => void)[] | null = null;
  const auth = `Basic ${Buffer.from(`${keys.keyId}:${keys.keySecret}`).toString('base64')}`;
  const routeAccounts = routeAccountsStandIn(keys.webhookSecret);

  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => { raw += c.toString(); });
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      const path = url.pathname;
      calls.push({ method: req.method ?? '', path });
      if (held) return void held.push(answer);
      if (state.delayMs > 0) return void setTimeout(answer, state.delayMs);
      answer();
    });
    const answer = () => {
      const url = new URL(req.url ?? '/', 'http://x');
      const path = url.pathname;
      if (res.destroyed) return;
      const send = (status: number, body: object) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      const fail = (status: number, description: string) => send(status, { error: { code: 'BAD_REQUEST_ERROR', description } });
      if (state.down) return fail(503, 'Service unavailable');
      if (req.headers.authorization !== auth) return fail(401, 'Authentication failed');
      let body: Record<string, unknown>;
      try {
        body = raw ? JSON.parse(raw) as Record<string, unknown> : {};
      } catch {
        return fail(400, 'bad json');
      }
      if (req.method === 'GET' && path === '/v1/orders') {
        return send(200, { entity: 'collection', items: [...orders.values()].filter((o) => o.receipt === url.searchParams.get('receipt')) });
      }
      if (req.method === 'POST' && path === '/v1/orders') {
        if (!Number.isInteger(body.amount) || (body.amount as number) < 100) return fail(400, 'The amount must be an integer of at least 100.');
        if (body.currency !== 'INR') return fail(400, 'currency');
        const order: GatewayOrder = { id: rid('order'), amount: body.amount as number, currency: 'INR', receipt: String(body.receipt), notes: (body.notes ?? {}) as Record<string, string>, status: 'created' };
        orders.set(order.id, order);
        return send(200, { entity: 'order', amount_paid: 0, amount_due: order.amount, attempts: 0, ...order });
      }
      const ofOrder = /^\/v1\/orders\/([^/]+)\/payments$/.exec(path);
      if (req.method === 'GET' && ofOrder) {
        const id = decodeURIComponent(ofOrder[1]!);
        if (!orders.has(id)) return fail(400, 'The id provided does not exist');
        const items = [...payments.values()].filter((p) => p.order_id === id);
        return send(200, { entity: 'collection', count: items.length, items });
      }
      const pay = /^\/v1\/payments\/([^/]+)$/.exec(path);
      if (req.method === 'GET' && pay) {
        const p = payments.get(decodeURIComponent(pay[1]!));
        return p ? send(200, p) : fail(400, 'The id provided does not exist');
      }
      const capture = /^\/v1\/payments\/([^/]+)\/capture$/.exec(path);
      if (req.method === 'POST' && capture) {
        const p = payments.get(decodeURIComponent(capture[1]!));
        if (!p) return fail(400, 'The id provided does not exist');
        if (p.status !== 'authorized') return fail(400, 'This payment has already been captured');
        if (body.amount !== p.amount || body.currency !== 'INR') return fail(400, 'Capture amount must be equal to the amount authorized');
        p.status = 'captured';
        orders.get(p.order_id)!.status = 'paid';
        return send(200, p);
      }
      const listRefunds = /^\/v1\/payments\/([^/]+)\/refunds$/.exec(path);
      if (req.method === 'GET' && listRefunds) {
        const id = decodeURIComponent(listRefunds[1]!);
        return send(200, { entity: 'collection', items: refunds.filter((r) => r.payment_id === id) });
      }
      const refund = /^\/v1\/payments\/([^/]+)\/refund$/.exec(path);
      if (req.method === 'POST' && refund) {
        const p = payments.get(decodeURIComponent(refund[1]!));
        if (!p || p.status !== 'captured') return fail(400, 'The payment is not captured');
        const already = refunds.filter((r) => r.payment_id === p.id).reduce((s, r) => s + r.amount, 0);
        const amount = body.amount === undefined ? p.amount - already : body.amount as number;
        if (!Number.isInteger(amount) || amount < 100 || already + amount > p.amount) return fail(400, 'The refund amount is invalid');
        const r: GatewayRefund = { id: rid('rfnd'), payment_id: p.id, amount, status: 'processed', receipt: typeof body.receipt === 'string' ? body.receipt : null, notes: (body.notes ?? {}) as Record<string, string> };
        refunds.push(r);
        return send(200, { entity: 'refund', currency: 'INR', ...r });
      }
      const routed = routeAccounts.answer(req.method ?? '', path, body, req.headers);
      if (routed) return send(routed.status, routed.body);
      if (route.handle(req.method ?? '', path, body, { send, fail, drop: () => res.destroy() })) return;
      return fail(404, 'not found');
    };
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    keys, orders, payments, refunds, calls, state,
    /** Route linked accounts, stakeholders and products (razorpay-route-accounts.ts). */
    routeAccounts,
    /** Route: transfers, holds and reversals (razorpay-route-transfers.ts). */
    route,
    env: { RAZORPAY_KEY_ID: keys.keyId, RAZORPAY_KEY_SECRET: keys.keySecret, RAZORPAY_WEBHOOK_SECRET: keys.webhookSecret, RAZORPAY_API_URL: `http://127.0.0.1:${port}` },
    /** The customer pays an order at checkout: a payment is recorded (captured unless told) and the handler's fields come back. */
    pay(orderId: string, opts: { amount?: number; status?: string } = {}) {
      const order = orders.get(orderId);
      if (!order) throw new Error(`no gateway order ${orderId}`);
      const p: GatewayPayment = { id: rid('pay'), entity: 'payment', order_id: orderId, amount: opts.amount ?? order.amount, currency: 'INR', status: opts.status ?? 'captured' };
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
      for (const answer of waiting) answer();
    },
    /** How many calls are held right now. */
    heldCount: () => held?.length ?? 0,
    close: () => {
      const waiting = held ?? [];
      held = null;
      for (const answer of waiting) answer();
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
