import { randomBytes } from 'node:crypto';
import { devRouteAccounts } from './dev-route-accounts.ts';
import type { Fetch } from '../../lib/razorpay/call.ts';
import { hmac } from './razorpay.ts';

/**
 * Development without Razorpay keys: an in-process stand-in that answers the same API calls (orders and their
 * payments, payment fetch and capture, refunds) and signs payments with a development secret, so the very same
 * verification code runs. Its checkout (GET /dev/razorpay/checkout.js on our own origin) offers Pay and Fail.
 */
export const DEV_KEYS = {
  keyId: 'rzp_test_nirmaanDevGateway', keySecret: 'nirmaan-dev-gateway-secret', webhookSecret: 'nirmaan-dev-gateway-webhook', apiUrl: 'http://dev-gateway.invalid',
};
export const DEV_CHECKOUT_PATH = '/dev/razorpay/checkout.js';

interface Order { id: string; amount: number; receipt: string; notes: Record<string, string> }
interface Payment { id: string; order_id: string; amount: number; currency: 'INR'; status: string }

export function devGateway() {
  const orders = new Map<string, Order>();
  const payments = new Map<string, Payment>();
  const refunds: { id: string; payment_id: string; amount: number; status: string; receipt: string | null }[] = [];
  const id = (prefix: string) => `${prefix}_${randomBytes(7).toString('hex')}`;
  const route = devRoute(id);
  const json = (status: number, body: object) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const routeAccounts = devRouteAccounts();

  const fetchImpl: Fetch = async (url, init) => {
    const account = routeAccounts(url, init);
    if (account) return account;
    const body = typeof init.body === 'string' ? JSON.parse(init.body) as { amount?: number; receipt?: string; notes?: Record<string, string> } : {};
    if (url.pathname === '/v1/orders') {
      if (init.method === 'GET') return json(200, { items: [...orders.values()].filter((o) => o.receipt === url.searchParams.get('receipt')) });
      const order = { id: id('order'), amount: Number(body.amount), receipt: String(body.receipt), notes: body.notes ?? {} };
      orders.set(order.id, order);
      return json(200, { ...order, currency: 'INR', status: 'created' });
    }
    const ofOrder = /^\/v1\/orders\/([^/]+)\/payments$/.exec(url.pathname);
    if (ofOrder) return json(200, { entity: 'collection', items: [...payments.values()].filter((p) => p.order_id === decodeURIComponent(ofOrder[1]!)) });
    const routed = route(url, init, payments);
    if (routed) return routed;
    const pay = /^\/v1\/payments\/([^/]+)(\/refunds?|\/capture)?$/.exec(url.pathname);
    const payment = pay ? payments.get(decodeURIComponent(pay[1]!)) : undefined;
    if (!payment) return json(400, { error: { description: 'The id provided does not exist' } });
    if (!pay![2]) return json(200, payment);
    if (pay![2] === '/capture') {
      payment.status = 'captured';
      return json(200, payment);
    }
    if (pay![2] === '/refunds') return json(200, { items: refunds.filter((r) => r.payment_id === payment.id) });
    const amount = Number(body.amount);
    const done = refunds.filter((r) => r.payment_id === payment.id).reduce((sum, r) => sum + r.amount, 0);
    if (!Number.isInteger(amount) || amount < 1 || done + amount > payment.amount) return json(400, { error: { description: 'The refund amount is invalid' } });
    const refund = { id: id('rfnd'), payment_id: payment.id, amount, status: 'processed', receipt: body.receipt ?? null };
    refunds.push(refund);
    return json(200, refund);
  };

  return {
    fetch: fetchImpl,
    /** The Pay button: a captured payment of the order, and checkout.js's signed handler fields. */
    pay(orderId: string) {
      const order = orders.get(orderId);
      if (!order) return null;
      const p: Payment = { id: id('pay'), order_id: orderId, amount: order.amount, currency: 'INR', status: 'captured' };
      payments.set(p.id, p);
      return { razorpay_order_id: orderId, razorpay_payment_id: p.id, razorpay_signature: hmac(DEV_KEYS.keySecret, `${orderId}|${p.id}`) };
    },
  };
}
export type DevGateway = ReturnType<typeof devGateway>;

interface DevTransfer { id: string; entity: 'transfer'; status: string; source: string; recipient: string; amount: number; currency: 'INR'; on_hold: boolean; amount_reversed: number; notes: Record<string, string> }

/**
 * Razorpay Route in development (decision record 019): transfers from a captured payment, their hold, and
 * reversals, enough for the vendor's Earnings to move as with the gateway. Not the protocol's checks: the test
 * stand-in (apps/server/test/support) has those.
 */
function devRoute(id: (prefix: string) => string) {
  const transfers = new Map<string, DevTransfer>();
  const reversals: { id: string; entity: 'reversal'; transfer_id: string; amount: number; notes: Record<string, string> }[] = [];
  const json = (status: number, body: object) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  return (url: URL, init: RequestInit, payments: Map<string, Payment>): Response | null => {
    const body = typeof init.body === 'string' ? JSON.parse(init.body) as Record<string, unknown> : {};
    const ofPayment = /^\/v1\/payments\/([^/]+)\/transfers$/.exec(url.pathname);
    if (ofPayment) {
      const source = decodeURIComponent(ofPayment[1]!);
      if (init.method === 'GET') return json(200, { entity: 'collection', items: [...transfers.values()].filter((t) => t.source === source) });
      if (!payments.has(source)) return json(400, { error: { description: 'The payment is not captured' } });
      const made = (body.transfers as { account: string; amount: number; notes?: Record<string, string>; on_hold?: boolean }[]).map((t): DevTransfer => ({
        id: id('trf'), entity: 'transfer', status: 'processed', source, recipient: t.account, amount: t.amount, currency: 'INR', on_hold: t.on_hold === true, amount_reversed: 0, notes: t.notes ?? {},
      }));
      for (const t of made) transfers.set(t.id, t);
      return json(200, { entity: 'collection', count: made.length, items: made });
    }
    const ofTransfer = /^\/v1\/transfers\/([^/]+)(\/reversals)?$/.exec(url.pathname);
    const transfer = ofTransfer ? transfers.get(decodeURIComponent(ofTransfer[1]!)) : undefined;
    if (!ofTransfer) return null;
    if (!transfer) return json(400, { error: { description: 'The id provided does not exist' } });
    if (!ofTransfer[2]) {
      if (init.method === 'PATCH') transfer.on_hold = body.on_hold === true;
      return json(200, transfer);
    }
    if (init.method === 'GET') return json(200, { entity: 'collection', items: reversals.filter((r) => r.transfer_id === transfer.id) });
    const amount = Number(body.amount);
    if (!Number.isInteger(amount) || amount < 1 || transfer.amount_reversed + amount > transfer.amount) return json(400, { error: { description: 'The reversal amount is invalid' } });
    const r = { id: id('rvrsl'), entity: 'reversal' as const, transfer_id: transfer.id, amount, notes: (body.notes ?? {}) as Record<string, string> };
    reversals.push(r);
    transfer.amount_reversed += amount;
    return json(200, r);
  };
}

/** The development checkout.js: a small window with Pay and Fail, same-origin (no CSP change). */
export const DEV_CHECKOUT_JS = `(() => {
  window.Razorpay = class {
    constructor(options) { this.options = options; this.handlers = {}; }
    on(event, cb) { this.handlers[event] = cb; }
    open() {
      const box = document.createElement('div');
      box.setAttribute('role', 'dialog');
      box.setAttribute('aria-label', 'Test payment');
      box.style.cssText = 'position:fixed;z-index:2000;top:20%;left:50%;transform:translateX(-50%);background:#fff;border:1px solid #ccc;border-radius:8px;padding:1.5rem;box-shadow:0 8px 24px rgba(0,0,0,.2);font-family:system-ui';
      const title = document.createElement('p');
      title.textContent = 'Test payment (development): ₹' + (this.options.amount / 100).toFixed(2);
      box.appendChild(title);
      const button = (label, cls, onClick) => {
        const b = document.createElement('button');
        b.type = 'button'; b.textContent = label; b.className = 'btn ' + cls + ' me-2'; b.onclick = onClick;
        box.appendChild(b);
      };
      const close = () => box.remove();
      button('Pay', 'btn-success', async () => {
        const res = await fetch('/dev/razorpay/pay', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ order_id: this.options.order_id }) });
        close();
        if (res.ok) this.options.handler(await res.json());
        else this.handlers['payment.failed']?.({ error: { description: 'Test payment failed' } });
      });
      button('Fail', 'btn-danger', () => { close(); this.handlers['payment.failed']?.({ error: { description: 'Test payment failed' } }); });
      button('Close', 'btn-outline-secondary', () => { close(); this.options.modal?.ondismiss?.(); });
      document.body.appendChild(box);
    }
  };
})();
`;
