import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { whatsappStandIn, type StandInKeys } from '../../src/modules/whatsapp/service.ts';

/**
 * The WhatsApp Cloud API stand-in (src/modules/whatsapp/stand-in.ts, the one development runs in process) on a local
 * HTTP server of its own, for a test app's WHATSAPP_* settings (`env`): the tests go through the configuration a
 * production deployment uses. `post` delivers one of its signed webhooks to the app.
 */
export const WA_KEYS: StandInKeys = {
  accessToken: 'EAAG-local-test-token-0123456789', phoneNumberId: '106540352242922', appSecret: 'local-app-secret-42', verifyToken: 'local-verify-token-7',
};

export async function startWhatsApp(keys: StandInKeys = WA_KEYS) {
  const standIn = whatsappStandIn(keys);
  const server = createServer((req, res) => {
    let rawBody = '';
    req.on('data', (c: Buffer) => { rawBody += c.toString(); });
    req.on('end', () => {
      const answer = standIn.handle({ method: req.method ?? '', url: new URL(req.url ?? '/', 'http://x'), rawBody, headers: req.headers });
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    ...standIn,
    url,
    env: {
      WHATSAPP_ACCESS_TOKEN: keys.accessToken, WHATSAPP_PHONE_NUMBER_ID: keys.phoneNumberId, WHATSAPP_APP_SECRET: keys.appSecret,
      WHATSAPP_VERIFY_TOKEN: keys.verifyToken, WHATSAPP_API_URL: url,
    },
    /** Posts a signed webhook to the app, as WhatsApp does. */
    post: (app: FastifyInstance, webhook: { rawBody: string; signature: string }) =>
      app.inject({ method: 'POST', url: '/api/webhooks/whatsapp', headers: { 'content-type': 'application/json', 'x-hub-signature-256': webhook.signature }, payload: webhook.rawBody }),
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
export type WhatsAppTestServer = Awaited<ReturnType<typeof startWhatsApp>>;
