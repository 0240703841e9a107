import type { FastifyInstance } from 'fastify';
import { CHAT_EVENTS, CHAT_MSG, ZSendMessageBody, type ChatMessage, type SendMessageAck } from '@nirmaan/shared';
import { AppError } from '../lib/errors.ts';
import { findSessionIdentity } from '../modules/auth/service.ts';
import { assertMayMessage, roomOf, send, type Sent } from '../modules/chat/service.ts';
import type { ChatServer, ChatSocket, Refuse } from './types.ts';

/** A socket re-checks its session at most this often, so a logged-out session cannot keep sending. */
export const SESSION_RECHECK_MS = 30_000;
/**
 * The spec's clients emit a message and POST it at once. When the POST is stored first, its socket twin is
 * usually milliseconds behind: the sender's own sockets get the POSTed message this much later, so the socket
 * that sent the twin can be left out (it already shows the message; an echo would show it twice).
 */
export const POST_TWIN_GRACE_MS = 1_000;
/** A socket remembers this many twins it sent, to be left out of their POSTed copies' delivery. */
const TWIN_ROOMS_PER_SOCKET = 20;

/** The room of the sockets that sent a twin of this message: left out of its sender-side delivery. */
const twinRoom = (messageId: string) => `sent:${messageId}`;

const roomsOf = (sent: Sent) => {
  const customer = roomOf('customer', sent.customerId);
  const vendor = roomOf('vendor', sent.vendorId);
  return sent.message.senderModel === 'Customer' ? { sender: customer, receiver: vendor } : { sender: vendor, receiver: customer };
};

const clientIdOf = (v: unknown) => (v && typeof v === 'object' && typeof (v as { clientId?: unknown }).clientId === 'string'
  ? { clientId: (v as { clientId: string }).clientId.slice(0, 100) } : {});

/**
 * Sending, by socket and by POST. The sender is always the session's party and gets no echo on the socket it
 * sent from (the spec's client shows a message at once), only on its other sockets; a twin (the same message
 * by socket and POST) is stored and delivered once.
 */
export function createSending(app: FastifyInstance, io: ChatServer) {
  const graceTimers = new Set<NodeJS.Timeout>();

  /** A message stored by POST: it has no sending socket, but its socket twin may be on the way. */
  const deliver = (sent: Sent) => {
    const { sender, receiver } = roomsOf(sent);
    io.to(receiver).emit(CHAT_EVENTS.receiveMessage, sent.message);
    const timer = setTimeout(() => {
      graceTimers.delete(timer);
      io.to(sender).except(twinRoom(sent.message._id)).emit(CHAT_EVENTS.receiveMessage, sent.message);
    }, POST_TWIN_GRACE_MS);
    timer.unref();
    graceTimers.add(timer);
  };

  async function stillLoggedIn(socket: ChatSocket) {
    if (!socket.data.who) return false;
    if (Date.now() - socket.data.checkedAt < SESSION_RECHECK_MS) return true;
    const who = await findSessionIdentity(app.db, socket.data.token);
    if (!who || who.id !== socket.data.who.id) return false;
    socket.data.checkedAt = Date.now();
    return true;
  }

  /** A repeat: if the first copy came by POST, its sender-side delivery, still in its grace, skips this socket. */
  function rememberTwin(socket: ChatSocket, messageId: string) {
    const room = twinRoom(messageId);
    const { twins } = socket.data;
    if (twins.includes(room)) return;
    twins.push(room);
    void socket.join(room);
    if (twins.length > TWIN_ROOMS_PER_SOCKET) void socket.leave(twins.shift()!);
  }

  async function handleSend(socket: ChatSocket, raw: unknown, ack: unknown, refuse: Refuse) {
    try {
      const { who, allowed: known } = socket.data;
      if (!who) return refuse({ message: CHAT_MSG.notLoggedIn, code: 'UNAUTHENTICATED', ...clientIdOf(raw) }, ack);
      if (!(await stillLoggedIn(socket))) {
        refuse({ message: CHAT_MSG.notLoggedIn, code: 'UNAUTHENTICATED', ...clientIdOf(raw) }, ack);
        socket.disconnect(true);
        return;
      }
      const parsed = ZSendMessageBody.safeParse(raw);
      if (!parsed.success) {
        return refuse({ message: parsed.error.issues[0]?.message ?? 'That message could not be read.', code: 'BAD_REQUEST', ...clientIdOf(raw) }, ack);
      }
      const body = parsed.data;
      if (!known.has(body.receiverId)) {
        await assertMayMessage(app.db, who, body.receiverId);
        if (known.size > 1_000) known.clear();
        known.add(body.receiverId);
      }
      // The sender is the session's party: a senderId in the body is ignored.
      const sent = await send(app, who, body, 'socket');
      if (sent.created) {
        // Not back to this socket: its client shows the message already (and our web app has the ack).
        const { sender, receiver } = roomsOf(sent);
        socket.to(receiver).to(sender).emit(CHAT_EVENTS.receiveMessage, sent.message);
      } else {
        rememberTwin(socket, sent.message._id);
      }
      if (typeof ack === 'function') (ack as (a: SendMessageAck) => void)({ ok: true, message: sent.message satisfies ChatMessage });
    } catch (err) {
      if (err instanceof AppError) return refuse({ message: err.message, code: err.code, ...clientIdOf(raw) }, ack);
      app.log.error({ err }, 'chat send failed');
      refuse({ message: 'The message could not be sent. Please try again.', code: 'INTERNAL', ...clientIdOf(raw) }, ack);
    }
  }

  return { deliver, handleSend, stop: () => graceTimers.forEach(clearTimeout) };
}
