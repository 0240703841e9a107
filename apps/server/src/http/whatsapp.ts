import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorBody, ZMessageResponse } from '@nirmaan/shared';
import { ZWhatsAppSetting, ZWhatsAppSettingBody } from '@nirmaan/shared/whatsapp';
import { SESSION_SECURITY, VENDOR_SESSION_SECURITY, sessionErrorResponses } from '../lib/http-schemas.ts';
import { requireCustomer, requireVendor } from '../lib/identity.ts';
import { actOnReplies } from '../flows/whatsapp-replies.ts';
import * as whatsapp from '../modules/whatsapp/service.ts';

/**
 * WhatsApp (issue 36, decision record 038): each person's setting (the number and the consent to it), and the Cloud
 * API's webhook: the GET verification, and the signed POSTs of statuses, messages and taps on reply buttons.
 */
export const whatsappRoutes: FastifyPluginAsyncZod = async (app) => {
  const wa = app.whatsapp;

  app.get('/api/me/whatsapp', {
    schema: { tags: ['whatsapp'], security: SESSION_SECURITY, summary: "The customer's WhatsApp setting: the number, the consent (when and where given), the language", response: { 200: ZWhatsAppSetting, ...sessionErrorResponses } },
  }, async (req, reply) => {
    const me = await requireCustomer(req);
    reply.header('cache-control', 'no-store');
    return whatsapp.getSetting(wa, 'customer', me.id);
  });

  app.put('/api/me/whatsapp', {
    schema: {
      tags: ['whatsapp'], security: SESSION_SECURITY, body: ZWhatsAppSettingBody, response: { 200: ZWhatsAppSetting, ...sessionErrorResponses },
      summary: 'Set the WhatsApp number (an Indian mobile, stored as +91…) and tick or untick the consent to order and booking updates; unticking ends it at once',
    },
  }, async (req) => {
    const me = await requireCustomer(req);
    if (req.body.consent) whatsapp.assertAvailable(wa);
    return whatsapp.saveSetting(wa, app.db, 'customer', me.id, req.body, 'profile');
  });

  app.get('/api/vendor/whatsapp', {
    schema: { tags: ['whatsapp'], security: VENDOR_SESSION_SECURITY, summary: "The vendor's WhatsApp setting", response: { 200: ZWhatsAppSetting, ...sessionErrorResponses } },
  }, async (req, reply) => {
    const me = await requireVendor(req);
    reply.header('cache-control', 'no-store');
    return whatsapp.getSetting(wa, 'vendor', me.id);
  });

  app.put('/api/vendor/whatsapp', {
    schema: {
      tags: ['whatsapp'], security: VENDOR_SESSION_SECURITY, body: ZWhatsAppSettingBody, response: { 200: ZWhatsAppSetting, ...sessionErrorResponses },
      summary: "Set the vendor's WhatsApp number and consent to new orders, bookings, transfers and approval news",
    },
  }, async (req) => {
    const me = await requireVendor(req);
    if (req.body.consent) whatsapp.assertAvailable(wa);
    return whatsapp.saveSetting(wa, app.db, 'vendor', me.id, req.body, 'vendor-settings');
  });

  app.get('/api/webhooks/whatsapp', {
    schema: {
      tags: ['whatsapp'], summary: "WhatsApp's webhook verification: answers hub.challenge only for our verify token",
      querystring: z.object({ 'hub.mode': z.string().max(40).optional(), 'hub.verify_token': z.string().max(200).optional(), 'hub.challenge': z.string().max(200).optional() }),
      response: { 200: z.string(), 403: ZErrorBody },
    },
  }, async (req, reply) => {
    const q = req.query;
    const challenge = whatsapp.verifyChallenge(wa, { mode: q['hub.mode'], token: q['hub.verify_token'], challenge: q['hub.challenge'] });
    if (challenge === null) return reply.status(403).send({ message: 'Verification refused.', code: 'FORBIDDEN' });
    return reply.type('text/plain; charset=utf-8').send(challenge);
  });

  // The signature covers the raw bytes, so this route keeps the body as a Buffer.
  await app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    raw.post('/api/webhooks/whatsapp', {
      schema: {
        tags: ['whatsapp'],
        summary: 'WhatsApp webhook (X-Hub-Signature-256 over the raw body): message statuses, messages received (STOP ends consent), taps on reply buttons (each acts once)',
        response: { 200: ZMessageResponse, 401: ZErrorBody },
      },
    }, async (req, reply) => {
      const header = req.headers['x-hub-signature-256'];
      const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const got = await whatsapp.receiveWebhook(wa, body, typeof header === 'string' ? header : undefined, req.log);
      if (!got.ok) return reply.status(401).send({ message: 'Bad signature.', code: 'UNAUTHENTICATED' });
      const publicUrl = app.config.PUBLIC_URL ?? `http://localhost:${app.config.PORT}`;
      await actOnReplies({ payments: app.payments, money: app.money, wa, publicUrl, log: req.log }, got.replies);
      void app.outbox.poke();
      return { message: 'ok' };
    });
  });
};
