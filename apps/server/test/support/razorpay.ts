import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { razorpayStandIn, type StandInKeys } from '../../src/modules/payments/stand-in.ts';

export type { GatewayOrder, GatewayPayment, GatewayRefund } from '../../src/modules/payments/stand-in.ts';

/**
 * The Razorpay stand-in (src/modules/payments/stand-in.ts, the one development runs in process) on a local HTTP
 * server of its own, for a test app's RAZORPAY_API_URL (`env`). Everything the stand-in offers (`pay()`,
 * `webhook()`, `state.down`, `state.delayMs`, `hold()` and `release()`, `calls`, Route's accounts and transfers)
 * is here; a lost answer closes the connection.
 */
export const TEST_KEYS = { keyId: 'rzp_test_nirmaanLocal01', keySecret: 'local-key-secret-1234', webhookSecret: 'local-webhook-secret-99' };

export async function startRazorpay(keys: StandInKeys = TEST_KEYS) {
  const standIn = razorpayStandIn(keys);
  const server = createServer((req, res) => {
    let rawBody = '';
    req.on('data', (c: Buffer) => { rawBody += c.toString(); });
    req.on('end', () => {
      const call = { method: req.method ?? '', url: new URL(req.url ?? '/', 'http://x'), rawBody, headers: req.headers };
      void standIn.handle(call, () => res.destroyed).then((answer) => {
        if (res.destroyed) return;
        if (answer === 'drop') return void res.destroy();
        res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;

  return {
    ...standIn,
    url,
    env: { RAZORPAY_KEY_ID: keys.keyId, RAZORPAY_KEY_SECRET: keys.keySecret, RAZORPAY_WEBHOOK_SECRET: keys.webhookSecret, RAZORPAY_API_URL: url },
    /** The customer pays an order at checkout: a payment is recorded (captured unless told) and the handler's fields come back. */
    pay(orderId: string, opts: { amount?: number; status?: string } = {}) {
      const fields = standIn.pay(orderId, opts);
      if (!fields) throw new Error(`no gateway order ${orderId}`);
      return fields;
    },
    /** Answers every held call, then closes. */
    close: async () => {
      standIn.release();
      // The released calls answer on the next turns of the event loop, before the connections close.
      await new Promise((resolve) => setImmediate(resolve));
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
