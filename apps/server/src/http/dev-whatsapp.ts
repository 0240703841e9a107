import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { openDevDoor } from '../lib/dev-doors.ts';
import { escapeHtml } from '../lib/html.ts';
import { shownOf } from '../modules/whatsapp/service.ts';
import { queueReminders } from '../modules/bookings/service.ts';

/**
 * The development WhatsApp (no WHATSAPP_* outside production; app.ts): what the in-process stand-in received, as each
 * number's chat would show it, with its buttons. A tap, or a typed message, posts a correctly signed webhook to
 * /api/webhooks/whatsapp, as WhatsApp would. From this machine only, like /dev/mailbox.
 */
export const devWhatsAppRoutes: FastifyPluginAsyncZod = async (app) => {
  const standIn = app.whatsapp.dev!;
  const onRequest = openDevDoor(app.log, { name: 'WhatsApp stand-in', paths: ['/dev/whatsapp', '/dev/whatsapp.json'], because: 'no WHATSAPP_* settings' });

  app.get('/dev/whatsapp.json', {
    onRequest,
    schema: { tags: ['development'], summary: 'What the WhatsApp stand-in received: the Cloud API request bodies as sent, oldest first (development only)' },
  }, async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    return standIn.received;
  });

  const post = async (webhook: { rawBody: string; signature: string }) => {
    const res = await app.inject({ method: 'POST', url: '/api/webhooks/whatsapp', headers: { 'content-type': 'application/json', 'x-hub-signature-256': webhook.signature }, payload: webhook.rawBody });
    return { status: res.statusCode };
  };

  app.post('/dev/whatsapp/tap', {
    onRequest,
    schema: { hide: true, body: z.object({ wamid: z.string().max(300), payload: z.string().max(256), title: z.string().max(256) }) },
  }, async (req) => {
    const sent = standIn.received.find((m) => m.wamid === req.body.wamid);
    if (!sent) return { status: 404 };
    return post(standIn.replyWebhook(sent.to, sent.wamid, req.body.payload, req.body.title));
  });

  app.post('/dev/whatsapp/type', {
    onRequest,
    schema: { hide: true, body: z.object({ to: z.string().regex(/^\d{8,15}$/), text: z.string().min(1).max(1000) }) },
  }, async (req) => post(standIn.textWebhook(req.body.to, req.body.text)));

  // The evening-before reminder sweep, now, as if the clock read `at` (development only: the browser journeys' hook).
  app.post('/dev/whatsapp/reminders', {
    onRequest,
    schema: { hide: true, body: z.object({ at: z.iso.datetime({ offset: true }).optional() }) },
  }, async (req) => {
    const queued = await queueReminders(app.db, req.body.at ? new Date(req.body.at) : new Date());
    if (queued > 0) void app.whatsapp.worker.poke();
    return { queued };
  });

  // A script of our own origin: the page's Content-Security-Policy allows no inline script.
  app.get('/dev/whatsapp.js', { onRequest, schema: { hide: true } }, async (_req, reply) => reply.type('text/javascript; charset=utf-8').send(DEV_PAGE_JS));

  app.get('/dev/whatsapp', { onRequest, schema: { hide: true } }, async (_req, reply) => {
    const chats = new Map<string, string[]>();
    for (const m of standIn.received) {
      const shown = shownOf(m.body);
      const buttons = shown.buttons.map((b) => `<button type="button" data-wamid="${escapeHtml(m.wamid)}" data-payload="${escapeHtml(b.payload)}" data-title="${escapeHtml(b.title)}">${escapeHtml(b.title)}</button>`).join('');
      const bubble = `<div class="bubble" lang="${escapeHtml(String((m.body.template as { language?: { code?: string } } | undefined)?.language?.code ?? ''))}"><p>${escapeHtml(shown.text)}</p>${buttons ? `<div class="buttons">${buttons}</div>` : ''}<small>${escapeHtml(m.at)}</small></div>`;
      chats.set(m.to, [...(chats.get(m.to) ?? []), bubble]);
    }
    const sections = [...chats].map(([to, bubbles]) => `<section data-to="${escapeHtml(to)}"><h2>+${escapeHtml(to)}</h2>${bubbles.join('')}<form class="type"><input name="text" aria-label="Message to Nirmaan" placeholder="Type a message (STOP ends updates)"><button>Send</button></form></section>`);
    reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Dev WhatsApp — Nirmaan</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;background:#efeae2}section{background:#fff;border-radius:.5rem;padding:1rem;margin:1rem 0}.bubble{background:#d9fdd3;border-radius:.5rem;padding:.5rem .75rem;margin:.5rem 0}.bubble p{white-space:pre-wrap;margin:0 0 .25rem}.buttons button{margin:.25rem .25rem 0 0}small{color:#667}</style></head>
<body><h1>Dev WhatsApp</h1><p>What the WhatsApp stand-in received (no WHATSAPP_* is set), per number. A tap posts a signed webhook.</p>${sections.join('') || '<p>No messages yet.</p>'}
<script src="/dev/whatsapp.js"></script></body></html>`;
  });
};

const DEV_PAGE_JS = `document.addEventListener('click', async (e) => {
  const b = e.target.closest('button[data-wamid]'); if (!b) return;
  b.disabled = true;
  await fetch('/dev/whatsapp/tap', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ wamid: b.dataset.wamid, payload: b.dataset.payload, title: b.dataset.title }) });
  setTimeout(() => location.reload(), 500);
});
document.addEventListener('submit', async (e) => {
  e.preventDefault();
  const to = e.target.closest('section').dataset.to, text = e.target.text.value;
  await fetch('/dev/whatsapp/type', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ to, text }) });
  setTimeout(() => location.reload(), 500);
});
`;
