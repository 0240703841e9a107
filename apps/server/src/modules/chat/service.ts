import {
  CHAT_DEDUPE_SECONDS, CHAT_MAIL_EVERY_MINUTES, CHAT_MSG, CHAT_PAGE_SIZE, CHAT_RATE_LIMIT, MSG,
  type ChatMessage, type ConversationList, type ZSendMessageBody,
} from '@nirmaan/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { enqueueEmail } from '../../email/outbox.ts';
import { AppError } from '../../lib/errors.ts';
import type { RateLimiter } from '../../lib/rate-limit.ts';
import { customerNames, findCustomerContact } from '../auth/service.ts';
import { hasBooked } from '../bookings/service.ts';
import { hasOrderedFrom } from '../orders/service.ts';
import { publicVendorExists, vendorContacts, vendorFaces } from '../vendors/service.ts';
import { unreadMessagesEmail } from './emails.ts';
import * as repo from './repository.ts';
import { toWireMessage } from './wire.ts';

/** A logged-in party of chat (the session's identity). */
export interface ChatParty { role: 'customer' | 'vendor'; id: string }
export type SendBody = z.output<typeof ZSendMessageBody>;
export type Channel = 'socket' | 'post';

const partyModel = (p: ChatParty): repo.Party => (p.role === 'customer' ? 'Customer' : 'Vendor');
const threadOf = (me: ChatParty, partnerId: string): repo.Thread =>
  (me.role === 'customer' ? { customerId: me.id, vendorId: partnerId } : { customerId: partnerId, vendorId: me.id });

/** The socket room of a party: every socket of that party joins it, on any process. */
export const roomOf = (role: ChatParty['role'], id: string) => `${role}:${id}`;

/** Total unread messages a party has received (for badges and the vendor dashboard). */
export function countUnread(db: Db, party: ChatParty) {
  return repo.countUnread(db, partyModel(party), party.id);
}

/**
 * Whether `me` may write to `partnerId`: a customer to any approved vendor; a vendor to a customer who has
 * written to it, ordered from it or booked it. Throws the refusal the sender sees.
 */
export async function assertMayMessage(db: Db, me: ChatParty, partnerId: string) {
  if (me.role === 'customer') {
    if (!(await publicVendorExists(db, partnerId))) throw new AppError('NOT_FOUND', MSG.noVendorFound);
    return;
  }
  const thread = threadOf(me, partnerId);
  const known = await repo.threadExists(db, thread)
    || await hasOrderedFrom(db, thread.customerId, me.id)
    || await hasBooked(db, thread.customerId, me.id);
  if (!known) throw new AppError('FORBIDDEN', CHAT_MSG.noConversationWithCustomer);
}

export const CHAT_LIMIT_RULE = {
  limit: CHAT_RATE_LIMIT.messages,
  minutes: CHAT_RATE_LIMIT.windowSeconds / 60,
  message: () => CHAT_MSG.tooFast,
};

export interface SendDeps { db: Db; limiter: RateLimiter }
export interface Sent { message: ChatMessage; created: boolean; customerId: string; vendorId: string }

/**
 * Sends a message as `me` (the session's party, whatever the body claims) over `channel`: limited per sender over
 * both channels, stored once (a twin from the other channel or a retried clientId gets the first message back,
 * `created: false`, and gives its limit slot back). The caller emits a created message to both rooms.
 * The caller checks `assertMayMessage` first (the socket remembers a partner it was allowed).
 */
export async function send({ db, limiter }: SendDeps, me: ChatParty, body: SendBody, channel: Channel): Promise<Sent> {
  const thread = threadOf(me, body.receiverId);
  const message = { ...thread, sender: partyModel(me), text: body.text, clientId: body.clientId ?? null, channel };
  let slot;
  try {
    slot = await limiter.take(`chat:${me.role}:${me.id}`, CHAT_LIMIT_RULE);
  } catch (err) {
    // A repeat of a message already stored is answered with it, even over the limit.
    const { row } = await repo.storeOnce(db, message, CHAT_DEDUPE_SECONDS, { insert: false });
    if (!row) throw err;
    return { message: toWireMessage(row), created: false, ...thread };
  }
  const { row, created } = await repo.storeOnce(db, message, CHAT_DEDUPE_SECONDS);
  if (!created) await limiter.release(slot);
  return { message: toWireMessage(row!), created, ...thread };
}

/** GET /api/messages/conversation: the newest page before `before`, oldest first. */
export async function conversation(db: Db, thread: repo.Thread, before?: string) {
  const rows = await repo.listThread(db, thread, CHAT_PAGE_SIZE, before);
  return rows.reverse().map(toWireMessage);
}

/** GET /api/messages/customer: every message of a customer with both parties populated. */
export async function customerMessages(db: Db, customerId: string) {
  const rows = await repo.listCustomerMessages(db, customerId);
  const [vendors, customers] = await Promise.all([
    vendorFaces(db, [...new Set(rows.map((m) => m.vendorId))]),
    customerNames(db, rows.length > 0 ? [customerId] : []),
  ]);
  return rows.flatMap((message) => {
    const vendor = vendors.get(message.vendorId);
    const fullName = customers.get(message.customerId);
    if (!vendor || fullName === undefined) return [];
    const wire = toWireMessage(message);
    const vendorRef = { _id: message.vendorId, Business_Name: vendor.businessName, Profile_Image: vendor.profileImage };
    const customerRef = { _id: message.customerId, Full_Name: fullName };
    const fromCustomer = message.sender === 'Customer';
    return [{ ...wire, senderId: fromCustomer ? customerRef : vendorRef, receiverId: fromCustomer ? vendorRef : customerRef }];
  });
}

/** The party's conversations, newest activity first, with the partner, last message and unread counts. */
export async function conversations(db: Db, me: ChatParty): Promise<ConversationList> {
  const model = partyModel(me);
  const [last, unread] = await Promise.all([repo.lastMessages(db, model, me.id), repo.unreadByPartner(db, model, me.id)]);
  const partnerOf = (m: repo.MessageRow) => (me.role === 'customer' ? m.vendorId : m.customerId);
  const ids = last.map(partnerOf);
  const faces = new Map<string, ConversationList['conversations'][number]['partner']>();
  if (me.role === 'customer') {
    for (const v of (await vendorFaces(db, ids)).values()) {
      faces.set(v.id, { _id: v.id, model: 'Vendor', name: v.businessName, ownerName: v.ownerName, image: v.profileImage });
    }
  } else {
    for (const [id, fullName] of await customerNames(db, ids)) faces.set(id, { _id: id, model: 'Customer', name: fullName, image: null });
  }
  const list = last
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
    .flatMap((m) => {
      const partner = faces.get(partnerOf(m));
      return partner ? [{ partner, lastMessage: toWireMessage(m), unread: unread.get(partner._id) ?? 0 }] : [];
    });
  return { conversations: list, totalUnread: [...unread.values()].reduce((a, b) => a + b, 0) };
}

/** Marks what `me` received from `partnerId` as read; the caller tells the reader's other tabs. */
export async function markRead(db: Db, me: ChatParty, partnerId: string) {
  const thread = threadOf(me, partnerId);
  const read = await repo.markRead(db, thread, partyModel(me));
  if (read === 0 && !(await repo.threadExists(db, thread))) throw new AppError('NOT_FOUND', 'No such conversation.');
  return { read, event: { ...thread, reader: partyModel(me) } };
}

// Mail about unread messages

/** How long a message stays unread before its receiver may be mailed about it. */
export const MAIL_AFTER_SECONDS = 120;

export interface MailSweepDeps {
  db: Db;
  /** Whether a party has a connected socket (on any process). */
  isConnected(role: ChatParty['role'], id: string): Promise<boolean>;
  /** Where links in mails point. */
  publicUrl: string;
  quietSeconds?: number;
}

/** Both parties' names and the recipient's email, for the mail (undefined if either account is gone). */
async function mailParties(db: Db, t: repo.Thread) {
  const [customer, vendors] = await Promise.all([findCustomerContact(db, t.customerId), vendorContacts(db, [t.vendorId])]);
  const vendor = vendors.get(t.vendorId);
  if (!customer || !vendor) return undefined;
  return {
    customerName: customer.fullName, customerEmail: customer.email, customerLanguage: customer.language,
    businessName: vendor.businessName, vendorEmail: vendor.email, vendorLanguage: vendor.language,
  };
}

/**
 * Mails each party that is not connected about messages unread for a couple of minutes, at most once per
 * conversation in CHAT_MAIL_EVERY_MINUTES: the hour is claimed by one atomic upsert, in the same transaction as
 * the outbox row, so racing sweepers on several processes send one mail. Returns how many mails were queued.
 */
export async function mailUnread({ db, isConnected, publicUrl, quietSeconds = MAIL_AFTER_SECONDS }: MailSweepDeps) {
  const due = await repo.findUnreadToMail(db, quietSeconds, CHAT_MAIL_EVERY_MINUTES, 200);
  let queued = 0;
  for (const d of due) {
    const role = d.recipient === 'Customer' ? 'customer' : 'vendor';
    if (await isConnected(role, role === 'customer' ? d.customerId : d.vendorId)) continue;
    const parties = await mailParties(db, d);
    if (!parties) continue;
    const mail = d.recipient === 'Customer'
      ? unreadMessagesEmail(parties.customerEmail, { name: parties.customerName, from: parties.businessName, unread: d.unread, link: `${publicUrl}/customer/chat/${d.vendorId}`, lang: parties.customerLanguage })
      : unreadMessagesEmail(parties.vendorEmail, { name: parties.businessName, from: parties.customerName, unread: d.unread, link: `${publicUrl}${VENDOR_INBOX_PATH}/${d.customerId}`, lang: parties.vendorLanguage });
    const sent = await db.transaction(async (tx) => {
      if (!(await repo.claimMailHour(tx, d, d.recipient, CHAT_MAIL_EVERY_MINUTES))) return false;
      await enqueueEmail(tx, mail);
      return true;
    });
    if (sent) queued += 1;
  }
  return queued;
}

/** The vendor portal's inbox page, where a vendor's mail links. */
export const VENDOR_INBOX_PATH = '/vendor/chat';
