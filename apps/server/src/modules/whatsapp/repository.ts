import { and, asc, desc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { whatsappContacts, whatsappInbound, whatsappMessages, whatsappSettings } from '../../db/schema/whatsapp.ts';
import type { Inbound } from './protocol.ts';
import type { Party } from './templates.ts';

export type SettingRow = typeof whatsappSettings.$inferSelect;
export type MessageRow = typeof whatsappMessages.$inferSelect;

export async function findSetting(db: Db | Tx, party: Party, partyId: string): Promise<SettingRow | null> {
  const [row] = await db.select().from(whatsappSettings).where(and(eq(whatsappSettings.party, party), eq(whatsappSettings.partyId, partyId)));
  return row ?? null;
}

/**
 * One statement whatever races it. Consent given anew (or to another number) takes this moment and screen; consent
 * already in force for the same number keeps when and where it was given. Unticking ends it now.
 */
export async function saveSetting(db: Db | Tx, party: Party, partyId: string, s: { phone: string; consent: boolean; language: string | null | undefined; source: string }) {
  const given = s.consent;
  const t = whatsappSettings;
  const keep = sql`${t.consent} = 'given' and ${t.phone} = excluded.phone`;
  const [row] = await db.insert(t).values({
    party, partyId, phone: s.phone, consent: given ? 'given' : 'withdrawn', language: s.language ?? null,
    consentedAt: given ? sql`now()` : null, consentSource: given ? s.source : null,
    withdrawnAt: given ? null : sql`now()`, withdrawnBy: given ? null : s.source,
  }).onConflictDoUpdate({
    target: [t.party, t.partyId],
    set: {
      phone: sql`excluded.phone`,
      consent: sql`excluded.consent`,
      language: s.language === undefined ? sql`${t.language}` : sql`excluded.language`,
      consentedAt: given ? sql`case when ${keep} then ${t.consentedAt} else now() end` : sql`${t.consentedAt}`,
      consentSource: given ? sql`case when ${keep} then ${t.consentSource} else excluded.consent_source end` : sql`${t.consentSource}`,
      withdrawnAt: given ? sql`null` : sql`case when ${t.consent} = 'withdrawn' then ${t.withdrawnAt} else now() end`,
      withdrawnBy: given ? sql`null` : sql`case when ${t.consent} = 'withdrawn' then ${t.withdrawnBy} else excluded.withdrawn_by end`,
      updatedAt: sql`now()`,
    },
  }).returning();
  return row!;
}

/** STOP from a number ends every consent given to it, at once. */
export async function withdrawPhone(db: Db | Tx, phone: string, by: string) {
  return db.update(whatsappSettings).set({ consent: 'withdrawn', withdrawnAt: sql`now()`, withdrawnBy: by, updatedAt: sql`now()` })
    .where(and(eq(whatsappSettings.phone, phone), eq(whatsappSettings.consent, 'given'))).returning();
}

/** The parties a number belongs to, with consent in force. */
export async function consentingParties(db: Db | Tx, phone: string) {
  return db.select().from(whatsappSettings).where(and(eq(whatsappSettings.phone, phone), eq(whatsappSettings.consent, 'given')));
}

export async function insertMessage(tx: Db | Tx, row: typeof whatsappMessages.$inferInsert) {
  const [inserted] = await tx.insert(whatsappMessages).values(row).onConflictDoNothing().returning({ id: whatsappMessages.id });
  return inserted?.id ?? null;
}

const LEASE_SECONDS = 30;

/** Held while leasing (a transaction-level advisory lock): leases are taken one pass at a time, across processes. */
const LEASE_LOCK = sql`select pg_advisory_xact_lock(hashtextextended('whatsapp_messages:lease', 0))`;

/**
 * The due messages, leased to this process for 30 seconds, at most `perNumberPerMinute` to one number in any minute
 * (decision record 038): what was sent to it in the last 60 seconds and what is leased to a sender now count; the
 * rest stay queued, due, and go in a later pass (deferred, never dropped). The passes of all processes lease one
 * after another under an advisory lock, so two never count the same minute twice; SKIP LOCKED keeps a row another
 * transaction holds out. A send cut off by a crash keeps its lease, and the next pass retries it after the lease with
 * the same idempotency key.
 */
export async function leaseDue(db: Db, limit: number, perNumberPerMinute: number): Promise<MessageRow[]> {
  const m = whatsappMessages;
  return db.transaction(async (tx) => {
    await tx.execute(LEASE_LOCK);
    const due = await tx.select({ id: m.id, phone: m.phone }).from(m)
      .where(and(eq(m.status, 'queued'), lte(m.nextAttemptAt, sql`now()`), or(isNull(m.leaseUntil), lte(m.leaseUntil, sql`now()`))))
      .orderBy(asc(m.nextAttemptAt), asc(m.createdAt)).limit(limit * 10).for('update', { skipLocked: true });
    if (due.length === 0) return [];
    const phones = [...new Set(due.map((d) => d.phone))];
    const busy = await tx.select({ phone: m.phone, n: sql<number>`count(*)::int` }).from(m)
      .where(and(inArray(m.phone, phones), or(sql`${m.sentAt} > now() - interval '60 seconds'`, and(eq(m.status, 'queued'), sql`${m.leaseUntil} > now()`))))
      .groupBy(m.phone);
    const room = new Map(phones.map((p) => [p, perNumberPerMinute]));
    for (const b of busy) room.set(b.phone, perNumberPerMinute - Number(b.n));
    const picked: string[] = [];
    for (const d of due) {
      const left = room.get(d.phone)!;
      if (left <= 0) continue;
      room.set(d.phone, left - 1);
      picked.push(d.id);
      if (picked.length === limit) break;
    }
    if (picked.length === 0) return [];
    return tx.update(m).set({ leaseUntil: sql`now() + make_interval(secs => ${LEASE_SECONDS})`, attempts: sql`${m.attempts} + 1` })
      .where(inArray(m.id, picked)).returning();
  });
}

export async function markSent(db: Db, id: string, wamid: string, body: unknown) {
  await db.update(whatsappMessages).set({ status: 'sent', statusAt: sql`now()`, wamid, body, sentAt: sql`now()`, leaseUntil: null, error: null })
    .where(and(eq(whatsappMessages.id, id), eq(whatsappMessages.status, 'queued')));
}

export async function markRetry(db: Db, id: string, attempts: number, error: string) {
  const backoff = Math.min(2 ** attempts * 5, 3600);
  await db.update(whatsappMessages).set({ leaseUntil: null, error: error.slice(0, 500), nextAttemptAt: sql`now() + make_interval(secs => ${backoff})` })
    .where(eq(whatsappMessages.id, id));
}

/** A message that will not go: `failed` (WhatsApp refused it, or too many attempts) or `skipped` (no consent, no window). */
export async function markDone(db: Db | Tx, id: string, status: 'failed' | 'skipped', error: string, body?: unknown): Promise<boolean> {
  const rows = await db.update(whatsappMessages).set({ status, statusAt: sql`now()`, leaseUntil: null, error: error.slice(0, 500), ...(body ? { body } : {}) })
    .where(and(eq(whatsappMessages.id, id), eq(whatsappMessages.status, 'queued'))).returning({ id: whatsappMessages.id });
  return rows.length > 0;
}

const RANK = { sent: 1, delivered: 2, read: 3, failed: 3 } as const;

/**
 * A status WhatsApp reported, recorded on its message. Statuses can arrive out of order: one never moves a message
 * back (delivered after read), and read and failed are final.
 */
export async function recordStatus(db: Db | Tx, wamid: string, status: keyof typeof RANK, error: string | null) {
  const m = whatsappMessages;
  const rank = sql`(case ${m.status} when 'queued' then 0 when 'sent' then 1 when 'delivered' then 2 else 9 end)`;
  const [row] = await db.update(m).set({ status, statusAt: sql`now()`, ...(error ? { error: error.slice(0, 500) } : {}) })
    .where(and(eq(m.wamid, wamid), sql`${rank} < ${RANK[status]}`)).returning();
  return row ?? null;
}

/**
 * A status for a message we have no id for yet: a send that reached WhatsApp but whose answer was lost (a crash, a
 * timeout) before `markSent`. The status carries our row's id back (`biz_opaque_callback_data`): the row takes the
 * message id and leaves the queue, so the send is not repeated when its lease ends (decision record 038).
 */
export async function claimByCallback(db: Db | Tx, rowId: string, wamid: string, status: keyof typeof RANK, error: string | null) {
  if (!/^[0-9a-f-]{36}$/i.test(rowId)) return null;
  const m = whatsappMessages;
  const sent = status !== 'failed';
  const [row] = await db.update(m).set({
    status, statusAt: sql`now()`, wamid, leaseUntil: null, ...(sent ? { sentAt: sql`coalesce(${m.sentAt}, now())` } : {}), ...(error ? { error: error.slice(0, 500) } : {}),
  }).where(and(eq(m.id, rowId), isNull(m.wamid), eq(m.status, 'queued'))).returning();
  return row ?? null;
}

export async function findByWamid(db: Db | Tx, wamid: string) {
  const [row] = await db.select().from(whatsappMessages).where(eq(whatsappMessages.wamid, wamid));
  return row ?? null;
}

/** The message received, once: false when this id was stored before (a redelivered webhook). */
export async function insertInbound(tx: Db | Tx, m: Inbound): Promise<boolean> {
  const rows = await tx.insert(whatsappInbound).values({ wamid: m.wamid, phone: m.phone, kind: m.kind, text: m.text?.slice(0, 4096) ?? null, replyId: m.replyId, contextWamid: m.contextWamid })
    .onConflictDoNothing().returning({ wamid: whatsappInbound.wamid });
  return rows.length > 0;
}

export async function setOutcome(db: Db | Tx, wamid: string, outcome: string) {
  await db.update(whatsappInbound).set({ outcome: outcome.slice(0, 300) }).where(eq(whatsappInbound.wamid, wamid));
}

export async function touchContact(tx: Db | Tx, phone: string) {
  await tx.insert(whatsappContacts).values({ phone, lastInboundAt: sql`now()` })
    .onConflictDoUpdate({ target: whatsappContacts.phone, set: { lastInboundAt: sql`greatest(${whatsappContacts.lastInboundAt}, now())` } });
}

export async function windowOpen(db: Db | Tx, phone: string): Promise<boolean> {
  const [row] = await db.select({ open: sql<boolean>`${whatsappContacts.lastInboundAt} > now() - interval '24 hours'` }).from(whatsappContacts).where(eq(whatsappContacts.phone, phone));
  return row?.open === true;
}

export async function messagesOf(db: Db | Tx, party: Party, partyId: string, limit = 50) {
  return db.select().from(whatsappMessages).where(and(eq(whatsappMessages.party, party), eq(whatsappMessages.partyId, partyId)))
    .orderBy(desc(whatsappMessages.createdAt)).limit(limit);
}

export async function recentMessages(db: Db, limit: number) {
  return db.select().from(whatsappMessages).orderBy(desc(whatsappMessages.createdAt)).limit(limit);
}

export async function recentInbound(db: Db, limit: number) {
  return db.select().from(whatsappInbound).orderBy(desc(whatsappInbound.receivedAt)).limit(limit);
}
