import type { Fetch } from '../../lib/razorpay/call.ts';
import { razorpayStandIn } from './stand-in.ts';

/**
 * Development without Razorpay keys: the Razorpay stand-in (stand-in.ts, the one the tests run against) answers the
 * same API calls in process, behind a fetch, and signs payments with a development secret, so the very same
 * verification code runs. Linked accounts activate and transfers process at once (no review, no webhook here).
 * Its checkout (GET /dev/razorpay/checkout.js on our own origin) offers Pay and Fail.
 */
export const DEV_KEYS = {
  keyId: 'rzp_test_nirmaanDevGateway', keySecret: 'nirmaan-dev-gateway-secret', webhookSecret: 'nirmaan-dev-gateway-webhook', apiUrl: 'http://dev-gateway.invalid',
};
export const DEV_CHECKOUT_PATH = '/dev/razorpay/checkout.js';

export function devGateway() {
  const standIn = razorpayStandIn(DEV_KEYS, { development: true });
  const fetchImpl: Fetch = async (url, init) => {
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    const rawBody = typeof init.body === 'string' ? init.body : '';
    const answer = await standIn.handle({ method: init.method ?? 'GET', url, rawBody, headers }, () => init.signal?.aborted === true);
    // A lost answer is a network failure to the caller, as fetch reports one.
    if (answer === 'drop') throw new TypeError('fetch failed');
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
  };
  return {
    fetch: fetchImpl,
    /** The Pay button: a captured payment of the order, and checkout.js's signed handler fields (null for an unknown order). */
    pay: (orderId: string) => standIn.pay(orderId),
  };
}
export type DevGateway = ReturnType<typeof devGateway>;

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
