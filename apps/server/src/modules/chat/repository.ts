import { and, asc, count, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { chatNotifications, messages } from '../../db/schema/chat.ts';

/** All SQL of chat: messages, read marks and the hourly mail claims. Names and emails come from the auth and vendors services. */

type Conn = Db | Tx;
export type MessageRow = typeof messages.$inferSelect;
export type Party = 'Customer' | 'Vendor';
export interface Thread { customerId: string; vendorId: string }

const inThread = (t: Thread) => and(eq(messages.customerId, t.customerId), eq(messages.vendorId, t.vendorId));

export interface NewMessage extends Thread {
  sender: Party;
  text: string;
  clientId: string | null;
  channel: 'socket' | 'post';
}

/** One stored message as chat_store_message returns it, with whether this call created it. */
interface StoredRow {
  id: string; customer_id: string; vendor_id: string; sender: Party; text: string; client_id: string | null;
  read_at: Date | string | null; channel: 'socket' | 'post'; paired: boolean; created_at: Date | string; created: boolean;
}
const asDate = (v: Date | string) => (v instanceof Date ? v : new Date(v));

/**
 * Stores a message once (migration 0008's chat_store_message, one statement): serialized per (conversation,
 * sender) by an advisory lock, so two channels (or 40 retries) arriving at the same instant see each other. A
 * message with a clientId is the one already stored under that id; one without is the unpaired twin from the
 * other channel within `dedupeSeconds` with the same text, which is marked paired. Otherwise it is inserted,
 * unless `insert` is false (then only the message this one repeats is found).
 */
export async function storeOnce(db: Db, m: NewMessage, dedupeSeconds: number, { insert = true } = {}): Promise<{ row: MessageRow | undefined; created: boolean }> {
  if (insert) return batcherOf(db, dedupeSeconds).store(m);
  return storeOne(db, m, dedupeSeconds, false);
}

async function storeOne(db: Db, m: NewMessage, dedupeSeconds: number, insert: boolean) {
  const result = await db.execute(sql`select * from chat_store_message(${m.customerId}, ${m.vendorId}, ${m.sender}, ${m.text}, ${m.clientId}, ${m.channel}, ${dedupeSeconds}, ${insert})`);
  const r = (result as unknown as { rows: StoredRow[] }).rows[0];
  return r ? fromStored(r) : { row: undefined, created: false };
}

const fromStored = (r: StoredRow) => ({
  row: {
    id: r.id, customerId: r.customer_id, vendorId: r.vendor_id, sender: r.sender, text: r.text, clientId: r.client_id,
    readAt: r.read_at === null ? null : asDate(r.read_at), channel: r.channel, paired: r.paired, createdAt: asDate(r.created_at),
  } satisfies MessageRow,
  created: r.created,
});

/**
 * Group commit: a message is sent to the database at once when nothing is in flight; under load, what arrives
 * meanwhile goes as one batch (one statement, one commit) when a batch returns. A failed batch is retried one
 * message at a time, so one bad message fails alone.
 */
class StoreBatcher {
  private waiting: { m: NewMessage; resolve: (v: { row: MessageRow; created: boolean }) => void; reject: (e: unknown) => void }[] = [];
  private inFlight = 0;
  constructor(private readonly db: Db, private readonly dedupeSeconds: number) {}

  store(m: NewMessage) {
    return new Promise<{ row: MessageRow; created: boolean }>((resolve, reject) => {
      this.waiting.push({ m, resolve, reject });
      this.flush();
    });
  }

  private flush() {
    if (this.inFlight >= BATCHES_IN_FLIGHT || this.waiting.length === 0) return;
    const batch = this.waiting.splice(0, MAX_BATCH);
    this.inFlight += 1;
    void this.run(batch).finally(() => {
      this.inFlight -= 1;
      this.flush();
    });
  }

  private async run(batch: StoreBatcher['waiting']) {
    try {
      const result = await this.db.execute(sql`select * from chat_store_messages(${JSON.stringify(batch.map((b) => b.m))}::jsonb, ${this.dedupeSeconds})`);
      const rows = (result as unknown as { rows: (StoredRow & { ord: number })[] }).rows;
      const byOrd = new Map(rows.map((r) => [Number(r.ord), r]));
      batch.forEach((b, i) => {
        const r = byOrd.get(i);
        if (r) b.resolve(fromStored(r) as { row: MessageRow; created: boolean });
        else b.reject(new Error('message not stored'));
      });
    } catch {
      await Promise.all(batch.map(async (b) => {
        try {
          b.resolve(await storeOne(this.db, b.m, this.dedupeSeconds, true) as { row: MessageRow; created: boolean });
        } catch (err) {
          b.reject(err);
        }
      }));
    }
  }
}

const BATCHES_IN_FLIGHT = 2;
const MAX_BATCH = 100;
const batchers = new WeakMap<Db, StoreBatcher>();
function batcherOf(db: Db, dedupeSeconds: number) {
  let b = batchers.get(db);
  if (!b) {
    b = new StoreBatcher(db, dedupeSeconds);
    batchers.set(db, b);
  }
  return b;
}

export async function threadExists(db: Conn, t: Thread) {
  const [row] = await db.select({ id: messages.id }).from(messages).where(inThread(t)).limit(1);
  return row !== undefined;
}

/** The newest `limit` messages of a thread (before a message of it, when given), newest first. */
export async function listThread(db: Conn, t: Thread, limit: number, beforeId?: string) {
  const before = beforeId === undefined ? undefined
    : sql`(${messages.createdAt}, ${messages.id}) < (select b.created_at, b.id from messages b where b.id = ${beforeId} and b.customer_id = ${t.customerId} and b.vendor_id = ${t.vendorId})`;
  return db.select().from(messages).where(and(inThread(t), before))
    .orderBy(desc(messages.createdAt), desc(messages.id)).limit(limit);
}

/** Every message of a customer, oldest first (the service adds both parties' names). */
export async function listCustomerMessages(db: Conn, customerId: string) {
  return db.select().from(messages).where(eq(messages.customerId, customerId)).orderBy(asc(messages.createdAt), asc(messages.id));
}

const ownColumn = (party: Party) => (party === 'Customer' ? messages.customerId : messages.vendorId);
const partnerColumn = (party: Party) => (party === 'Customer' ? messages.vendorId : messages.customerId);
const other = (party: Party): Party => (party === 'Customer' ? 'Vendor' : 'Customer');

/** The last message of each of the party's conversations. */
export async function lastMessages(db: Conn, party: Party, id: string) {
  const partner = partnerColumn(party);
  return db.selectDistinctOn([partner]).from(messages).where(eq(ownColumn(party), id))
    .orderBy(partner, desc(messages.createdAt), desc(messages.id));
}

/** Unread messages the party received, per partner. */
export async function unreadByPartner(db: Conn, party: Party, id: string) {
  const partner = partnerColumn(party);
  const rows = await db.select({ partnerId: partner, n: count() }).from(messages)
    .where(and(eq(ownColumn(party), id), eq(messages.sender, other(party)), isNull(messages.readAt)))
    .groupBy(partner);
  return new Map(rows.map((r) => [r.partnerId, Number(r.n)]));
}

export async function countUnread(db: Conn, party: Party, id: string) {
  const [row] = await db.select({ n: count() }).from(messages)
    .where(and(eq(ownColumn(party), id), eq(messages.sender, other(party)), isNull(messages.readAt)));
  return Number(row?.n ?? 0);
}

/** Marks what `reader` received in a thread as read; returns how many. */
export async function markRead(db: Conn, t: Thread, reader: Party) {
  const rows = await db.update(messages).set({ readAt: sql`now()` })
    .where(and(inThread(t), eq(messages.sender, other(reader)), isNull(messages.readAt)))
    .returning({ id: messages.id });
  return rows.length;
}

// Mail about unread messages

export interface UnreadToMail extends Thread { recipient: Party; unread: number }

/**
 * Conversations where a party has messages unread for `quietSeconds` (sent within the last day) that arrived
 * after its last mail, and was not mailed within `everyMinutes`.
 */
export async function findUnreadToMail(db: Conn, quietSeconds: number, everyMinutes: number, limit: number): Promise<UnreadToMail[]> {
  const recipient = sql<Party>`case when ${messages.sender} = 'Customer' then 'Vendor'::participant else 'Customer'::participant end`;
  const rows = await db.select({
    customerId: messages.customerId, vendorId: messages.vendorId, recipient, unread: count(),
  }).from(messages)
    .leftJoin(chatNotifications, and(
      eq(chatNotifications.customerId, messages.customerId), eq(chatNotifications.vendorId, messages.vendorId),
      sql`${chatNotifications.recipient} = ${recipient}`,
    ))
    .where(and(
      isNull(messages.readAt),
      gt(messages.createdAt, sql`now() - interval '1 day'`),
      or(isNull(chatNotifications.lastSentAt), gt(messages.createdAt, chatNotifications.lastSentAt)),
      or(isNull(chatNotifications.lastSentAt), lt(chatNotifications.lastSentAt, sql`now() - make_interval(mins => ${everyMinutes})`)),
    ))
    .groupBy(messages.customerId, messages.vendorId, recipient)
    .having(sql`min(${messages.createdAt}) < now() - make_interval(secs => ${quietSeconds})`)
    .limit(limit);
  return rows.map((r) => ({ ...r, unread: Number(r.unread) }));
}

/** Claims this hour's mail for a party of a conversation: true for exactly one of any racing claims. */
export async function claimMailHour(tx: Tx, t: Thread, recipient: Party, everyMinutes: number) {
  const rows = await tx.insert(chatNotifications).values({ ...t, recipient, lastSentAt: sql`now()` })
    .onConflictDoUpdate({
      target: [chatNotifications.customerId, chatNotifications.vendorId, chatNotifications.recipient],
      set: { lastSentAt: sql`now()` },
      setWhere: lt(chatNotifications.lastSentAt, sql`now() - make_interval(mins => ${everyMinutes})`),
    })
    .returning({ at: chatNotifications.lastSentAt });
  return rows.length === 1;
}
