import { randomBytes } from 'node:crypto';
import { signatureOf } from './protocol.ts';

/**
 * A WhatsApp Cloud API stand-in speaking the documented protocol: it accepts POST /{version}/{phone number id}/messages
 * with the bearer token, answers with a message id, keeps every request body as sent (one per Idempotency-Key: a
 * repeated key gets the first answer and is not counted again), and writes the webhooks WhatsApp would post (statuses,
 * texts, taps on reply buttons), signed with the app secret. Development runs it in process (dev.ts); the tests run it
 * on a local HTTP server of its own (test/support/whatsapp.ts) through the same WHATSAPP_* settings production uses.
 */
export interface StandInKeys { accessToken: string; phoneNumberId: string; appSecret: string; verifyToken: string }

export interface ReceivedMessage { wamid: string; to: string; body: Record<string, unknown>; at: string }

export interface StandInCall { method: string; url: URL; rawBody: string; headers: Record<string, string | string[] | undefined> }

export function whatsappStandIn(keys: StandInKeys) {
  const received: ReceivedMessage[] = [];
  const byKey = new Map<string, string>();
  const state = { down: false, refuse: new Set<string>() };
  /** When each number last wrote (by the webhooks this stand-in wrote): free-form goes only within 24 hours of it. */
  const lastInbound = new Map<string, number>();
  const error = (status: number, code: number, message: string) => ({ status, body: { error: { message, type: 'OAuthException', code, fbtrace_id: randomBytes(8).toString('hex') } } });
  const wamid = () => `wamid.${randomBytes(18).toString('base64url')}`;

  function handle(call: StandInCall): { status: number; body: unknown } {
    const path = /^\/v\d+\.\d+\/([^/]+)\/messages$/.exec(call.url.pathname);
    if (call.method !== 'POST' || !path) return error(404, 100, `Unknown path components: ${call.url.pathname}`);
    if (path[1] !== keys.phoneNumberId) return error(400, 100, 'Unsupported post request. Object does not exist');
    if (call.headers.authorization !== `Bearer ${keys.accessToken}`) return error(401, 190, 'Invalid OAuth access token - Cannot parse access token');
    if (state.down) return error(503, 2, 'Service temporarily unavailable');
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(call.rawBody) as Record<string, unknown>;
    } catch {
      return error(400, 100, 'Invalid JSON');
    }
    const to = typeof body.to === 'string' ? body.to.replace(/^\+/, '') : '';
    if (body.messaging_product !== 'whatsapp') return error(400, 100, 'The parameter messaging_product is required.');
    if (!/^\d{8,15}$/.test(to)) return error(400, 131009, 'Parameter value is not valid: to');
    if (state.refuse.has(to)) return error(400, 131026, 'Message undeliverable');
    const problem = shapeProblem(body);
    if (problem) return error(400, 131008, problem);
    if (body.type !== 'template' && Date.now() - (lastInbound.get(to) ?? 0) > 24 * 3600_000) {
      return error(400, 131047, 'Re-engagement message: more than 24 hours have passed since the recipient last replied');
    }
    const key = typeof call.headers['idempotency-key'] === 'string' ? call.headers['idempotency-key'] : null;
    const known = key ? byKey.get(key) : undefined;
    const id = known ?? wamid();
    if (!known) {
      if (key) byKey.set(key, id);
      received.push({ wamid: id, to, body, at: new Date().toISOString() });
    }
    return { status: 200, body: { messaging_product: 'whatsapp', contacts: [{ input: body.to, wa_id: to }], messages: [{ id }] } };
  }

  const envelope = (value: Record<string, unknown>) => JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [{ id: '100000000000001', changes: [{ field: 'messages', value: { messaging_product: 'whatsapp', metadata: { display_phone_number: '919000000000', phone_number_id: keys.phoneNumberId }, ...value } }] }],
  });
  const signed = (rawBody: string) => ({ rawBody, signature: signatureOf(keys.appSecret, rawBody) });
  const now = () => String(Math.floor(Date.now() / 1000));
  const contact = (from: string) => ({ contacts: [{ profile: { name: 'Customer' }, wa_id: from }] });

  return {
    handle,
    state,
    /** Every message received, oldest first: the Cloud API request bodies as sent. */
    received,
    /** The webhook WhatsApp posts when a message's status changes. */
    statusWebhook(id: string, status: 'sent' | 'delivered' | 'read' | 'failed') {
      const sent = received.find((m) => m.wamid === id);
      const errors = status === 'failed' ? { errors: [{ code: 131026, title: 'Message undeliverable', message: 'Message undeliverable' }] } : {};
      // WhatsApp hands back the sender's biz_opaque_callback_data on the statuses of the message it came with.
      const callback = typeof sent?.body.biz_opaque_callback_data === 'string' ? { biz_opaque_callback_data: sent.body.biz_opaque_callback_data } : {};
      return signed(envelope({ statuses: [{ id, status, timestamp: now(), recipient_id: sent?.to ?? '', ...callback, ...errors }] }));
    },
    /** A text the person types (`from` without the plus, as WhatsApp writes it). */
    textWebhook(from: string, text: string, id = wamid()) {
      lastInbound.set(from, Date.now());
      return signed(envelope({ ...contact(from), messages: [{ from, id, timestamp: now(), type: 'text', text: { body: text } }] }));
    },
    /**
     * A tap on a reply button of message `contextId`: an interactive button_reply for an interactive message, a
     * template quick reply (`type: button`) for a template.
     */
    replyWebhook(from: string, contextId: string, payload: string, title: string, id = wamid()) {
      lastInbound.set(from, Date.now());
      const original = received.find((m) => m.wamid === contextId);
      const context = { from: '919000000000', id: contextId };
      const message = original?.body.type === 'interactive'
        ? { context, from, id, timestamp: now(), type: 'interactive', interactive: { type: 'button_reply', button_reply: { id: payload, title } } }
        : { context, from, id, timestamp: now(), type: 'button', button: { payload, text: title } };
      return signed(envelope({ ...contact(from), messages: [message] }));
    },
  };
}
export type WhatsAppStandIn = ReturnType<typeof whatsappStandIn>;

/** What WhatsApp refuses in a message's shape before sending it. */
function shapeProblem(body: Record<string, unknown>): string | null {
  if (body.type === 'template') {
    const t = body.template as { name?: unknown; language?: { code?: unknown } } | undefined;
    if (typeof t?.name !== 'string' || typeof t.language?.code !== 'string') return 'template.name and template.language.code are required';
    return null;
  }
  if (body.type === 'text') return typeof (body.text as { body?: unknown } | undefined)?.body === 'string' ? null : 'text.body is required';
  if (body.type === 'interactive') {
    const buttons = (body.interactive as { action?: { buttons?: { reply?: { title?: string } }[] } } | undefined)?.action?.buttons;
    if (!Array.isArray(buttons) || buttons.length === 0 || buttons.length > 3) return 'interactive.action.buttons: 1 to 3 buttons';
    if (buttons.some((b) => !b.reply?.title || b.reply.title.length > 20)) return 'a button title is at most 20 characters';
    return null;
  }
  return `Unsupported message type: ${String(body.type)}`;
}
