import type { FastifyBaseLogger } from 'fastify';
import { isLocale, type Locale } from '@nirmaan/shared/i18n';
import type { WhatsAppSetting, WhatsAppSettingBody } from '@nirmaan/shared/whatsapp';
import type { Config, WhatsAppConfig } from '../../config/index.ts';
import type { Db, Tx } from '../../db/client.ts';
import { enqueueEmail } from '../../email/outbox.ts';
import { AppError } from '../../lib/errors.ts';
import { escapeHtml } from '../../lib/html.ts';
import { IntentWorker } from '../../lib/intent-worker.ts';
import { whatsappClient, WhatsAppRefused, type Fetch, type WhatsAppClient } from './client.ts';
import { isStopWord, messageBody, readWebhook, signatureValid, textBody, ZWebhookPayload, type Inbound } from './protocol.ts';
import * as auth from '../auth/service.ts';
import * as vendors from '../vendors/service.ts';
import * as repo from './repository.ts';
import { whatsappStandIn, type WhatsAppStandIn } from './stand-in.ts';
import { REPLIES, TEMPLATES, fill, type Party, type ReplyAction, type Template, type WhatsAppEvent } from './templates.ts';

export { TEMPLATES, WORDS, REPLIES, templateName, type ReplyAction, type WhatsAppEvent, type Party } from './templates.ts';
export type { MessageRow } from './repository.ts';
export { whatsappStandIn, type WhatsAppStandIn, type StandInKeys } from './stand-in.ts';
export { signatureOf } from './protocol.ts';

/** The development stand-in's account: the same client, signature checks and webhook code run against it. */
export const DEV_WHATSAPP: WhatsAppConfig = {
  apiUrl: 'http://dev-whatsapp.invalid', apiVersion: 'v21.0', phoneNumberId: '100000000000042',
  accessToken: 'nirmaan-dev-whatsapp-token', appSecret: 'nirmaan-dev-whatsapp-secret', verifyToken: 'nirmaan-dev-whatsapp-verify',
};

export interface WhatsApp {
  db: Db;
  /** The account in use (the configured one, or the development stand-in's); null: email only. */
  account: WhatsAppConfig | null;
  client: WhatsAppClient | null;
  /** The in-process stand-in when no WHATSAPP_* is set outside production (/dev/whatsapp). */
  dev: WhatsAppStandIn | null;
  worker: WhatsAppWorker;
}

/** The configured Cloud API account; without one the stand-in outside production, and email only in production. */
export function createWhatsApp(db: Db, config: Config, log: FastifyBaseLogger): WhatsApp {
  const dev = !config.whatsapp && config.NODE_ENV !== 'production' ? whatsappStandIn(DEV_WHATSAPP) : null;
  const account = config.whatsapp ?? (dev ? DEV_WHATSAPP : null);
  const client = config.whatsapp ? whatsappClient(config.whatsapp) : dev ? whatsappClient(DEV_WHATSAPP, inProcess(dev)) : null;
  return { db, account, client, dev, worker: new WhatsAppWorker(db, client, log) };
}

/** The stand-in behind a fetch, as development calls it. */
function inProcess(standIn: WhatsAppStandIn): Fetch {
  return async (url, init) => {
    const answer = standIn.handle({ method: init.method ?? 'GET', url: new URL(url), rawBody: typeof init.body === 'string' ? init.body : '', headers: Object.fromEntries(new Headers(init.headers).entries()) });
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
  };
}

/**
 * The language a recipient's messages are written in: the one chosen in their WhatsApp setting, else their
 * account's (the languages' work: the switcher or the cookie at login), else English.
 */
export function recipientLanguage(setting: { language: string | null } | null, account: string | null = null): Locale {
  if (setting?.language && isLocale(setting.language)) return setting.language;
  return isLocale(account) ? account : 'en';
}

/** The account's own language (null: never chosen). */
async function accountLanguage(db: Db | Tx, party: Party, id: string): Promise<string | null> {
  if (party === 'customer') return (await auth.findCustomerContact(db, id))?.language ?? null;
  return (await vendors.vendorContacts(db, [id])).get(id)?.language ?? null;
}

export async function getSetting(wa: WhatsApp, party: Party, partyId: string): Promise<WhatsAppSetting> {
  return settingAnswer(wa, await repo.findSetting(wa.db, party, partyId));
}

function settingAnswer(wa: WhatsApp, row: repo.SettingRow | null): WhatsAppSetting {
  const consent = row?.consent === 'given';
  return {
    phone: row?.phone ?? null, consent, language: row?.language && isLocale(row.language) ? row.language : null,
    consentedAt: consent ? row!.consentedAt?.toISOString() ?? null : null, source: consent ? row!.consentSource : null,
    available: wa.client !== null,
  };
}

/** The body is parsed by the shared schema: the phone is already +91 and ten digits. */
export async function saveSetting(wa: WhatsApp, db: Db | Tx, party: Party, partyId: string, body: Omit<WhatsAppSettingBody, 'phone'> & { phone: string }, source: string) {
  const row = await repo.saveSetting(db, party, partyId, { phone: body.phone, consent: body.consent, language: body.language, source: body.source ?? source });
  return settingAnswer(wa, row);
}

/**
 * Inside the caller's transaction (the account's, order's or booking's): the consent ticked on the signup, checkout or
 * booking form, stored with this moment and that screen, so it is kept only if the change commits and the change's own
 * messages (written after it in the same transaction) already follow it. An unticked box changes nothing.
 */
export async function giveConsent(tx: Db | Tx, to: { party: Party; id: string }, optIn: { phone: string; consent: boolean } | undefined, source: 'signup' | 'checkout' | 'booking') {
  if (!optIn?.consent) return;
  await repo.saveSetting(tx, to.party, to.id, { phone: optIn.phone, consent: true, language: undefined, source });
}

type Params = readonly string[] | ((language: Locale) => readonly string[]);

/**
 * Inside the caller's transaction: the event's message to a customer or vendor who consented, in their language. It is
 * sent only if the transaction commits; without consent nothing is written. `dedupeKey` keeps a message that must go
 * once to one row; `ref` is what its reply buttons act on.
 */
export async function notify(tx: Db | Tx, to: { party: Party; id: string }, event: WhatsAppEvent, params: Params, opts: { ref?: Record<string, string>; dedupeKey?: string } = {}) {
  if (TEMPLATES[event].party !== to.party) throw new Error(`${event} is a message to a ${TEMPLATES[event].party}`);
  const setting = await repo.findSetting(tx, to.party, to.id);
  const template: Template = TEMPLATES[event];
  if (setting?.consent !== 'given') {
    // Nothing to a number without consent. An event without a mail of its own goes by email instead, once (the row,
    // marked 'email', holds its dedupe key).
    if (!template.mail) return null;
    const language = recipientLanguage(setting, await accountLanguage(tx, to.party, to.id));
    const row = { party: to.party, partyId: to.id, phone: setting?.phone ?? '', event, language, params: [...(typeof params === 'function' ? params(language) : params)], ref: opts.ref ?? null, dedupeKey: opts.dedupeKey ?? null };
    const id = await repo.insertMessage(tx, { ...row, status: 'email', statusAt: new Date(), error: 'no consent: sent by email' });
    if (id) await mailInstead(tx, row);
    return id;
  }
  const language = recipientLanguage(setting, setting.language ? null : await accountLanguage(tx, to.party, to.id));
  const values = typeof params === 'function' ? params(language) : params;
  return repo.insertMessage(tx, {
    party: to.party, partyId: to.id, phone: setting.phone, event, language, params: [...values], ref: opts.ref ?? null, dedupeKey: opts.dedupeKey ?? null,
  });
}

/**
 * The update of a message WhatsApp cannot carry (no consent, refused for good, a failed status) by email instead,
 * in the recipient's language, for the events that have no mail of their own (`mail` in templates.ts): every other
 * event's own mail goes whatever happens on WhatsApp (decision record 038).
 */
async function mailInstead(tx: Db | Tx, m: Pick<repo.MessageRow, 'party' | 'partyId' | 'event' | 'language' | 'params'>) {
  const template = m.event in TEMPLATES ? (TEMPLATES[m.event as WhatsAppEvent] as Template) : null;
  if (!template?.mail) return;
  const email = m.party === 'customer' ? (await auth.findCustomerContact(tx, m.partyId))?.email : (await vendors.vendorContacts(tx, [m.partyId])).get(m.partyId)?.email;
  if (!email) return;
  const language = recipientLanguage({ language: m.language });
  const text = fill((template.mail.body ?? template.body)[language], m.params);
  await enqueueEmail(tx, {
    to: email, subject: fill(template.mail.subject[language], m.params), text: `${text}\n\n— Team Nirmaan`,
    html: `<!doctype html><html><body style="font-family:system-ui,Segoe UI,Arial,sans-serif;color:#1e293b"><h1 style="color:#c2410c;font-size:20px">Nirmaan</h1><p>${escapeHtml(text)}</p><p>— Team Nirmaan</p></body></html>`,
  });
}

/** A message that will not go on WhatsApp, marked once; its update then goes by email when it has no mail of its own. */
async function giveUp(db: Db, row: repo.MessageRow, status: 'failed' | 'skipped', why: string, body?: unknown) {
  await db.transaction(async (tx) => {
    if (await repo.markDone(tx, row.id, status, why, body)) await mailInstead(tx, row);
  });
}

/** A free-form answer to a person who just wrote (their 24-hour window is open), through the outbox. */
export async function answer(db: Db | Tx, to: { party: Party; id: string; phone: string; language: Locale }, reply: keyof typeof REPLIES, params: readonly string[] = []) {
  return repo.insertMessage(db, { party: to.party, partyId: to.id, phone: to.phone, event: 'reply', language: to.language, params: [fill(REPLIES[reply][to.language], params)] });
}

/** Answers WhatsApp's GET verification: the challenge only for our verify token. */
export function verifyChallenge(wa: WhatsApp, q: { mode?: string; token?: string; challenge?: string }): string | null {
  if (!wa.account || q.mode !== 'subscribe' || !q.challenge || q.token !== wa.account.verifyToken) return null;
  return q.challenge;
}

/** A reply button tapped, new (never seen before), on one of our messages: what the replies flow acts on. */
export interface ButtonReply {
  inbound: Inbound;
  action: ReplyAction;
  /** The message it replies to, sent to this very number. */
  message: repo.MessageRow;
  language: Locale;
}

/**
 * A webhook POST: refused (false) unless X-Hub-Signature-256 is the app secret's HMAC of these very bytes, and then
 * nothing is changed. Statuses are recorded on their messages; each message received is stored once by its id (a
 * redelivery changes nothing), opens the sender's 24-hour window, and STOP ends the sender's consent at once. The
 * taps on reply buttons come back for the flow to act on, once each, only when they reply to a message we sent to
 * that same number.
 */
export async function receiveWebhook(wa: WhatsApp, rawBody: Buffer, signature: string | undefined, log: FastifyBaseLogger): Promise<{ ok: false } | { ok: true; replies: ButtonReply[] }> {
  if (!wa.account || !signatureValid(wa.account.appSecret, rawBody, signature)) return { ok: false };
  let json: unknown;
  try {
    json = JSON.parse(rawBody.toString('utf8'));
  } catch {
    return { ok: true, replies: [] };
  }
  const parsed = ZWebhookPayload.safeParse(json);
  if (!parsed.success) {
    log.warn('WhatsApp webhook of an unknown shape ignored');
    return { ok: true, replies: [] };
  }
  const { statuses, inbound } = readWebhook(parsed.data);
  for (const s of statuses) {
    if (s.status !== 'sent' && s.status !== 'delivered' && s.status !== 'read' && s.status !== 'failed') continue;
    const error = s.errors?.map((e) => `${e.code ?? ''} ${e.title ?? e.message ?? ''}`.trim()).join('; ') || null;
    const status = s.status;
    await wa.db.transaction(async (tx) => {
      // A send whose answer never reached us (a crash before markSent): the status names our row, which takes it.
      const recorded = await repo.recordStatus(tx, s.id, status, error)
        ?? (s.biz_opaque_callback_data ? await repo.claimByCallback(tx, s.biz_opaque_callback_data, s.id, status, error) : null);
      // Failed for good (final, recorded once): the update goes by email.
      if (recorded?.status === 'failed') await mailInstead(tx, recorded);
    });
  }
  const replies: ButtonReply[] = [];
  for (const m of inbound) {
    const fresh = await wa.db.transaction(async (tx) => {
      if (!(await repo.insertInbound(tx, m))) return false;
      await repo.touchContact(tx, m.phone);
      if (isStopWord(m.text)) {
        const ended = await repo.withdrawPhone(tx, m.phone, 'STOP');
        await repo.setOutcome(tx, m.wamid, ended.length > 0 ? 'consent ended (STOP)' : 'STOP from a number without consent');
      }
      return true;
    });
    if (!fresh || !m.replyId || !m.contextWamid) continue;
    const message = await repo.findByWamid(wa.db, m.contextWamid);
    // Only a reply from the number the message went to acts: anyone else's tap does nothing.
    // A tap does what its message offered: only the buttons of that message's template act.
    const offered = message && message.event in TEMPLATES ? (TEMPLATES[message.event as WhatsAppEvent] as Template).buttons?.map((b) => b.payload) ?? [] : [];
    if (!message || message.phone !== m.phone || !offered.includes(m.replyId as ReplyAction)) {
      await repo.setOutcome(wa.db, m.wamid, 'ignored: not a button of a message sent to this number');
      continue;
    }
    replies.push({ inbound: m, action: m.replyId as ReplyAction, message, language: recipientLanguage({ language: message.language }) });
  }
  return { ok: true, replies };
}

export const setOutcome = (db: Db | Tx, wamid: string, outcome: string) => repo.setOutcome(db, wamid, outcome);
export const messagesOf = (db: Db | Tx, party: Party, partyId: string) => repo.messagesOf(db, party, partyId);
export const recentMessages = (db: Db, limit: number) => repo.recentMessages(db, limit);
export const recentInbound = (db: Db, limit: number) => repo.recentInbound(db, limit);

const MAX_ATTEMPTS = 8;
/** At most this many messages to one number in any 60 seconds; the rest wait for a later pass (decision record 038). */
export const PER_NUMBER_PER_MINUTE = 10;
/** How many messages one step of a pass leases and sends at once. */
const SEND_BATCH = 20;
const STALE_MS = 48 * 3600_000;

/**
 * Sends what the outbox holds (decision record 038): leased rows, so two processes never send one at once; the row's
 * id as the idempotency key, so a send repeated after a crash is the same message; retries with backoff; at most
 * `perNumberPerMinute` messages to one number in a minute, the rest deferred to a later pass. Consent is
 * checked again at the send: a STOP or an untick after the write stops the message. A message WhatsApp refuses for
 * good is marked failed; the email of the same event goes regardless.
 */
export class WhatsAppWorker extends IntentWorker {
  constructor(private readonly db: Db, private readonly client: WhatsAppClient | null, log: FastifyBaseLogger, private readonly perNumberPerMinute = PER_NUMBER_PER_MINUTE) {
    super(log, { name: 'whatsapp outbox', enabled: client !== null, intervalMs: 5_000, passAgainOnPoke: true });
  }

  /** Batches of 20 until fewer are due: a backlog (a burst of requests, a restart) is sent in one pass, not 20 a sweep. */
  protected async pass() {
    if (!this.client) return;
    for (;;) {
      const due = await repo.leaseDue(this.db, SEND_BATCH, this.perNumberPerMinute);
      await Promise.all(due.map((row) => this.track(this.sendOne(this.client!, row))));
      if (due.length < SEND_BATCH) return;
    }
  }

  private async sendOne(client: WhatsAppClient, row: repo.MessageRow) {
    const setting = await repo.findSetting(this.db, row.party, row.partyId);
    const consented = setting?.consent === 'given' && setting.phone === row.phone;
    // A free-form answer goes to whoever just wrote; every other message needs the consent in force now.
    if (row.event !== 'reply' && !consented) return giveUp(this.db, row, 'skipped', 'no consent at the time of sending');
    // A backlog from a time without WhatsApp would arrive as stale news: such messages are dropped (the email went).
    if (Date.now() - row.createdAt.getTime() > STALE_MS) return repo.markDone(this.db, row.id, 'skipped', 'too old to send');
    const open = await repo.windowOpen(this.db, row.phone);
    const language = recipientLanguage({ language: row.language });
    let body: object;
    if (row.event === 'reply') {
      if (!open) return repo.markDone(this.db, row.id, 'skipped', 'outside the 24-hour window');
      body = textBody(row.phone, row.params[0] ?? '');
    } else {
      body = messageBody(row.phone, row.event as WhatsAppEvent, language, row.params, open);
    }
    try {
      const { wamid } = await client.send(body, row.id);
      await repo.markSent(this.db, row.id, wamid, body);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      if (err instanceof WhatsAppRefused || row.attempts >= MAX_ATTEMPTS) {
        this.log.warn({ messageId: row.id, event: row.event }, 'WhatsApp message not sent, for good; its email goes regardless');
        return giveUp(this.db, row, 'failed', message, body);
      }
      this.log.warn({ messageId: row.id, attempts: row.attempts }, 'WhatsApp message not sent; will retry');
      await repo.markRetry(this.db, row.id, row.attempts, message);
    }
  }
}

/** Refuses a setting when this deployment has no WhatsApp (production without WHATSAPP_*). */
export function assertAvailable(wa: WhatsApp) {
  if (!wa.client) throw new AppError('BAD_REQUEST', 'WhatsApp updates are not available right now; updates come by email.');
}

/** What a phone shows of a message as sent: its words (a template filled in) and its buttons (dev page). */
export function shownOf(body: Record<string, unknown>): { text: string; buttons: { payload: string; title: string }[] } {
  if (body.type === 'text') return { text: String((body.text as { body?: string }).body ?? ''), buttons: [] };
  if (body.type === 'interactive') {
    const i = body.interactive as { body: { text: string }; action: { buttons: { reply: { id: string; title: string } }[] } };
    return { text: i.body.text, buttons: i.action.buttons.map((b) => ({ payload: b.reply.id, title: b.reply.title })) };
  }
  const t = body.template as { name: string; language: { code: string }; components?: { type: string; parameters?: { text?: string; payload?: string }[] }[] };
  const event = t.name.replace(/^nirmaan_/, '') as WhatsAppEvent;
  const template = TEMPLATES[event] as (typeof TEMPLATES)[WhatsAppEvent] | undefined;
  const language = recipientLanguage({ language: t.language.code });
  const params = t.components?.find((c) => c.type === 'body')?.parameters?.map((p) => p.text ?? '') ?? [];
  if (!template) return { text: `${t.name} (${t.language.code}): ${params.join(' · ')}`, buttons: [] };
  const buttons = ('buttons' in template ? template.buttons : []).map((b) => ({ payload: b.payload, title: b.title[language] }));
  return { text: fill(template.body[language], params), buttons };
}
