import { sql } from 'drizzle-orm';
import { boolean, check, index, pgEnum, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { customers } from './auth.ts';
import { id, createdAt } from './columns.ts';
import { vendors } from './vendors.ts';

/** The chat module: messages and the hourly mail claims. */

export const participant = pgEnum('participant', ['Customer', 'Vendor']);

export const messages = pgTable('messages', {
  id: id(),
  customerId: uuid('customer_id').notNull().references(() => customers.id),
  vendorId: uuid('vendor_id').notNull().references(() => vendors.id),
  sender: participant('sender').notNull(),
  text: text('text').notNull(),
  /** The sending client's own id for the message: one stored message per id, however often it is sent. */
  clientId: text('client_id'),
  /** When the receiver read it; null while unread. */
  readAt: timestamp('read_at', { withTimezone: true }),
  /** How it arrived: spec clients send each message by both, and a twin from the other channel is the same message. */
  channel: text('channel', { enum: ['socket', 'post'] }).notNull().default('post'),
  /** Set once a message without an id has absorbed its twin from the other channel (migration 0008). */
  paired: boolean('paired').notNull().default(false),
  createdAt: createdAt(),
}, (t) => [
  index('messages_thread_idx').on(t.customerId, t.vendorId, t.createdAt),
  index('messages_unread_vendor_idx').on(t.vendorId, t.customerId).where(sql`${t.readAt} is null`),
  check('messages_channel_check', sql`${t.channel} in ('socket', 'post')`),
  index('messages_vendor_idx').on(t.vendorId, t.createdAt),
  index('messages_unread_idx').on(t.customerId, t.vendorId, t.sender).where(sql`${t.readAt} is null`),
  uniqueIndex('messages_client_id_key').on(t.customerId, t.vendorId, t.sender, t.clientId).where(sql`${t.clientId} is not null`),
]);

/** When a party was last mailed about unread messages of a conversation: at most one mail an hour. */
export const chatNotifications = pgTable('chat_notifications', {
  customerId: uuid('customer_id').notNull().references(() => customers.id),
  vendorId: uuid('vendor_id').notNull().references(() => vendors.id),
  recipient: participant('recipient').notNull(),
  lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull(),
}, (t) => [primaryKey({ columns: [t.customerId, t.vendorId, t.recipient] })]);
