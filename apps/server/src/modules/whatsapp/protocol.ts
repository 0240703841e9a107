import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { Locale } from '@nirmaan/shared/i18n';
import { fill, templateName, templateOf, type WhatsAppEvent } from './templates.ts';

/**
 * The WhatsApp Cloud API as the WhatsApp Business Platform documents it: the bodies of POST /{version}/{phone number
 * id}/messages, and the webhook's payloads (message statuses, messages received, taps on reply buttons). The stand-in
 * (stand-in.ts) and our client speak the same shapes, so tests and development run the very code production runs.
 */

/** `to` is the number without its plus, as WhatsApp's `wa_id` writes it. */
export const waIdOf = (phone: string) => phone.replace(/^\+/, '');
export const phoneOfWaId = (waId: string) => `+${waId.replace(/^\+/, '')}`;

/**
 * The body that sends an event's message: its template (any time), or within the 24-hour window an interactive
 * message with the same words and the template's buttons as reply buttons (ids are the payloads).
 */
export function messageBody(phone: string, event: WhatsAppEvent, language: Locale, params: readonly string[], windowOpen: boolean) {
  const template = templateOf(event);
  const to = waIdOf(phone);
  if (windowOpen && template.buttons) {
    return {
      messaging_product: 'whatsapp', recipient_type: 'individual', to, type: 'interactive',
      interactive: {
        type: 'button',
        body: { text: fill(template.body[language], params) },
        action: { buttons: template.buttons.map((b) => ({ type: 'reply', reply: { id: b.payload, title: b.title[language] } })) },
      },
    };
  }
  const components: unknown[] = [{ type: 'body', parameters: params.map((text) => ({ type: 'text', text })) }];
  template.buttons?.forEach((b, index) => {
    components.push({ type: 'button', sub_type: 'quick_reply', index: String(index), parameters: [{ type: 'payload', payload: b.payload }] });
  });
  return { messaging_product: 'whatsapp', to, type: 'template', template: { name: templateName(event), language: { code: language }, components } };
}

/** A free-form text: only within 24 hours of the person's last message. */
export const textBody = (phone: string, text: string) => ({ messaging_product: 'whatsapp', recipient_type: 'individual', to: waIdOf(phone), type: 'text', text: { body: text } });

/** `sha256=<hex>` of the raw body with the app secret, as WhatsApp signs its webhooks. */
export const signatureOf = (appSecret: string, rawBody: Buffer | string) => `sha256=${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`;

/** The X-Hub-Signature-256 header checked against the raw bytes, in constant time. */
export function signatureValid(appSecret: string, rawBody: Buffer, header: string | undefined): boolean {
  if (!header) return false;
  const expected = Buffer.from(signatureOf(appSecret, rawBody));
  const given = Buffer.from(header.trim());
  return expected.length === given.length && timingSafeEqual(expected, given);
}

const ZStatus = z.object({
  id: z.string().min(1).max(300),
  status: z.string().max(40),
  timestamp: z.string().max(20).optional(),
  recipient_id: z.string().max(30).optional(),
  biz_opaque_callback_data: z.string().max(512).optional(),
  errors: z.array(z.object({ code: z.number().optional(), title: z.string().optional(), message: z.string().optional() }).loose()).optional(),
}).loose();

const ZInboundMessage = z.object({
  from: z.string().max(30),
  id: z.string().min(1).max(300),
  timestamp: z.string().max(20).optional(),
  type: z.string().max(40),
  context: z.object({ from: z.string().optional(), id: z.string().max(300).optional() }).loose().optional(),
  text: z.object({ body: z.string().max(4096) }).loose().optional(),
  button: z.object({ payload: z.string().max(256).optional(), text: z.string().max(256).optional() }).loose().optional(),
  interactive: z.object({
    type: z.string(),
    button_reply: z.object({ id: z.string().max(256), title: z.string().max(256) }).loose().optional(),
  }).loose().optional(),
}).loose();

export const ZWebhookPayload = z.object({
  object: z.string(),
  entry: z.array(z.object({
    id: z.string().optional(),
    changes: z.array(z.object({
      field: z.string(),
      value: z.object({
        messaging_product: z.string().optional(),
        statuses: z.array(ZStatus).optional(),
        messages: z.array(ZInboundMessage).optional(),
      }).loose(),
    }).loose()),
  }).loose()),
}).loose();

export type WebhookStatus = z.infer<typeof ZStatus>;

/** A message received, reduced to what we act on: its id, the sender, its text, and a reply's button and message. */
export interface Inbound {
  wamid: string;
  phone: string;
  kind: string;
  text: string | null;
  /** The payload of the reply button tapped (template quick reply or interactive button_reply). */
  replyId: string | null;
  /** The id of our message it replies to. */
  contextWamid: string | null;
}

export function readWebhook(payload: z.infer<typeof ZWebhookPayload>): { statuses: WebhookStatus[]; inbound: Inbound[] } {
  const statuses: WebhookStatus[] = [];
  const inbound: Inbound[] = [];
  for (const entry of payload.entry) {
    for (const change of entry.changes) {
      if (change.field !== 'messages') continue;
      statuses.push(...(change.value.statuses ?? []));
      for (const m of change.value.messages ?? []) {
        const replyId = m.interactive?.button_reply?.id ?? m.button?.payload ?? null;
        const text = m.text?.body ?? m.interactive?.button_reply?.title ?? m.button?.text ?? null;
        inbound.push({ wamid: m.id, phone: phoneOfWaId(m.from), kind: m.type, text, replyId, contextWamid: m.context?.id ?? null });
      }
    }
  }
  return { statuses, inbound };
}

/** The words that end consent, as WhatsApp Business users are told to honour them. */
export const isStopWord = (text: string | null) => text !== null && /^\s*(stop|unsubscribe|रोकें|बंद|ఆపు|थांबवा)\s*[.!]?\s*$/i.test(text);
