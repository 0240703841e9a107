import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZMailboxMessage } from '@nirmaan/shared';
import { openDevDoor } from '../lib/dev-doors.ts';
import { escapeHtml } from '../lib/html.ts';
import { listRecent } from '../email/outbox.ts';

/**
 * The development mailbox: what would have been emailed, newest first. Registered only outside production and
 * without SMTP_URL (app.ts), and then only for requests from this machine: it shows every code ever mailed.
 */
export const devMailboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const onRequest = openDevDoor(app.log, { name: 'mailbox', paths: ['/dev/mailbox', '/dev/mailbox.json'], because: 'no SMTP_URL' });

  app.get('/dev/mailbox.json', {
    onRequest,
    schema: { tags: ['development'], summary: 'Outgoing mail, newest first (development only)', response: { 200: z.array(ZMailboxMessage) } },
  }, async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    const rows = await listRecent(app.db, 50);
    return rows.map((m) => ({ to: m.to, subject: m.subject, text: m.text, html: m.html, created: m.createdAt.toISOString() }));
  });

  app.get('/dev/mailbox', { onRequest, schema: { hide: true } }, async (_req, reply) => {
    const rows = await listRecent(app.db, 50);
    const items = rows.map((m) => `<article><h2>${escapeHtml(m.subject)}</h2><p class="meta">To ${escapeHtml(m.to)} · ${m.createdAt.toISOString()}</p><pre>${escapeHtml(m.text)}</pre></article>`);
    reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Dev mailbox — Nirmaan</title>
<style>body{font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem}article{border:1px solid #ddd;border-radius:.5rem;padding:1rem;margin:1rem 0}.meta{color:#666}pre{white-space:pre-wrap}</style></head>
<body><h1>Dev mailbox</h1><p>Mail the app would have sent (no SMTP_URL is set). Newest first.</p>${items.join('') || '<p>No mail yet.</p>'}</body></html>`;
  });
};
