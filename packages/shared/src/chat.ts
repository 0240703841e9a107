import { z } from 'zod';
import { ZId } from './api.ts';
import { text } from './text.ts';

/**
 * Chat between customers and vendors (the original client's chat message, chat rules, chat host calls and the
 * realtime socket, §9 reconnection). The spec's calls keep their paths and fields; the conversation
 * summaries, read marks and `clientId` are ours, added in the same style.
 */

export const CHAT_PARTIES = ['Customer', 'Vendor'] as const;
export type ChatParty = (typeof CHAT_PARTIES)[number];

/** Text is trimmed, never empty, at most this long. */
export const CHAT_TEXT_MAX = 2_000;
/** A conversation call returns the newest this many; `before` pages to older ones. */
export const CHAT_PAGE_SIZE = 50;
/** A sender may send this many messages per window, over socket and POST together. */
export const CHAT_RATE_LIMIT = { messages: 20, windowSeconds: 10 } as const;
/**
 * The spec's clients emit `sendMessage` and POST `/api/messages/send` for every message, with no id: a message
 * with no id arriving by the other channel within this window, same sender, receiver and text, is the same one.
 */
export const CHAT_DEDUPE_SECONDS = 5;
/** The original client's socket: websocket transport, 3 reconnection attempts, 3,000 ms apart. */
export const CHAT_RECONNECT = { attempts: 3, delayMs: 3_000 } as const;
/** A party not connected gets at most one mail per conversation in this time about unread messages. */
export const CHAT_MAIL_EVERY_MINUTES = 60;

/**
 * Socket event names, as the original client names the first three (docs/api-contract.md). A socket with a session is in its party's room from
 * the handshake; one opened before login is accepted into no room and cannot send, and its `joinRoom` makes the
 * server close the transport once, so that socket.io's client reconnects with the cookie of a login since.
 */
export const CHAT_EVENTS = {
  /** The id is only checked against the session (the room was joined at connect); never trusted. */
  joinRoom: 'joinRoom',
  sendMessage: 'sendMessage',
  /**
   * A stored message, to the receiver's sockets and the sender's other sockets: never back to the socket that
   * sent it (it shows the message already; the ack carries the stored one).
   */
  receiveMessage: 'receiveMessage',
  /** Ours: why a join or a send was refused (no session, another's room, empty or long text, over the limit). */
  chatError: 'chatError',
  /** Ours: a conversation was read by one party (to clear unread badges in the reader's other tabs). */
  messagesRead: 'messagesRead',
} as const;

const chatText = text().trim()
  .min(1, 'Please type a message.')
  .max(CHAT_TEXT_MAX, `A message can be at most ${CHAT_TEXT_MAX.toLocaleString('en-IN')} characters.`);

/**
 * A message as the spec's clients send it, over the socket (`sendMessage`) or POST `/api/messages/send`.
 * The server takes the sender from the session, whatever `senderId` and `senderModel` say; `clientId` is the
 * sending client's own id for the message, so a retry stores it once.
 */
export const ZSendMessageBody = z.object({
  senderId: z.string().max(100).optional(),
  senderModel: z.enum(CHAT_PARTIES).optional(),
  receiverId: ZId,
  receiverModel: z.enum(CHAT_PARTIES).optional(),
  text: chatText,
  clientId: text().trim().min(1).max(100).optional(),
});
export type SendMessageBody = z.input<typeof ZSendMessageBody>;

/** One stored message (the original client's shape), as `receiveMessage`, the POST answer and the conversation call give it. */
export const ZChatMessage = z.object({
  _id: z.string(),
  senderId: z.string(),
  senderModel: z.enum(CHAT_PARTIES),
  receiverId: z.string(),
  receiverModel: z.enum(CHAT_PARTIES),
  text: z.string(),
  /** ISO time it was stored. */
  time: z.string(),
  createdAt: z.string(),
  clientId: z.string().nullable(),
  /** When the receiver read it; null while unread. */
  readAt: z.string().nullable(),
});
export type ChatMessage = z.infer<typeof ZChatMessage>;
export const ZChatMessageList = z.array(ZChatMessage);

/** A party as the customer's message list populates it (the original client: "objects with _id, Business_Name, Profile_Image"). */
export const ZChatPartyRef = z.object({
  _id: z.string(),
  Business_Name: z.string().optional(),
  Full_Name: z.string().optional(),
  Profile_Image: z.string().nullable().optional(),
});
/** GET /api/messages/customer/{userid}: every message of the customer, oldest first, parties populated. */
export const ZCustomerMessage = ZChatMessage.extend({ senderId: ZChatPartyRef, receiverId: ZChatPartyRef });
export const ZCustomerMessageList = z.array(ZCustomerMessage);

/** GET /api/messages/conversation/{userid}/{vendorid}?before={messageId}: the newest CHAT_PAGE_SIZE before it, oldest first. */
export const ZConversationParams = z.object({ userid: ZId, vendorid: ZId });
export const ZConversationQuery = z.object({ before: ZId.optional() });

/** One conversation of the logged-in party (customer or vendor), newest activity first. */
export const ZConversationSummary = z.object({
  /** The other party. */
  partner: z.object({
    _id: z.string(),
    model: z.enum(CHAT_PARTIES),
    /** Business name for a vendor, full name for a customer. */
    name: z.string(),
    /** The vendor's owner name; absent for customers. */
    ownerName: z.string().optional(),
    image: z.string().nullable(),
  }),
  lastMessage: ZChatMessage,
  /** Messages the logged-in party has not read yet. */
  unread: z.number().int().nonnegative(),
});
export type ConversationSummary = z.infer<typeof ZConversationSummary>;
/** GET /api/chat/conversations: the logged-in party's conversations, with unread counts. */
export const ZConversationList = z.object({
  conversations: z.array(ZConversationSummary),
  totalUnread: z.number().int().nonnegative(),
});
export type ConversationList = z.infer<typeof ZConversationList>;

/** POST /api/chat/read/{partnerId}: marks what the logged-in party received from that partner as read. */
export const ZChatReadParams = z.object({ partnerId: ZId });
export const ZChatReadResponse = z.object({ read: z.number().int().nonnegative() });

/** `messagesRead` payload: which conversation, and who read it. */
export const ZMessagesReadEvent = z.object({ customerId: z.string(), vendorId: z.string(), reader: z.enum(CHAT_PARTIES) });
/** `chatError` payload. */
export const ZChatErrorEvent = z.object({ message: z.string(), code: z.string(), clientId: z.string().optional() });
export type ChatErrorEvent = z.infer<typeof ZChatErrorEvent>;
/** The acknowledgement a socket client gets for `sendMessage` when it passes a callback. */
export type SendMessageAck = { ok: true; message: ChatMessage } | { ok: false; message: string; code: string };

export const CHAT_MSG = {
  loginToChat: 'Please login to chat with vendor',
  noConversations: 'No conversations yet',
  noMessages: 'No messages yet',
  searchVendors: 'Search vendors...',
  typeMessage: 'Type a message...',
  tooFast: `You are sending messages too fast. Please wait a few seconds.`,
  ownRoomOnly: 'You can only join your own chat room.',
  notLoggedIn: 'Please log in to chat.',
  noConversationWithCustomer: 'You can message a customer once they have written to you, ordered from you or booked you.',
  disconnected: 'Reconnecting to chat…',
  offline: 'Chat is offline. Reload the page to try again.',
} as const;
