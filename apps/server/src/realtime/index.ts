import type { FastifyInstance } from 'fastify';
import { createAdapter } from '@socket.io/redis-adapter';
import { Server, type Socket } from 'socket.io';
import {
  CHAT_EVENTS, CHAT_MSG, ZSendMessageBody, type ChatErrorEvent, type ChatMessage, type SendMessageAck, type ZMessagesReadEvent,
} from '@nirmaan/shared';
import type { z } from 'zod';
import { AppError } from '../lib/errors.ts';
import type { Identity } from '../lib/identity.ts';
import { SESSION_COOKIE, findSessionIdentity } from '../modules/auth/service.ts';
import { assertMayMessage, mailUnread, roomOf, send, type ChatParty, type Sent } from '../modules/chat/service.ts';

/** What routes use of the socket server (a decorator, so modules never import realtime/). */
export interface Realtime {
  io: Server;
  /**
   * Emits a message stored by POST to the receiver's room at once and to the sender's room after
   * POST_TWIN_GRACE_MS, skipping a socket of the sender that sent its twin meanwhile (on every process).
   */
  deliver(sent: Sent): void;
  /** Tells the reader's other tabs that a conversation was read. */
  read(reader: ChatParty, event: ReadEvent): void;
  /** Whether the party has a connected socket on any process. */
  isConnected(role: ChatParty['role'], id: string): Promise<boolean>;
  /** One pass of the unread-mail sweeper (also run every MAIL_SWEEP_MS). */
  sweepMail(opts?: { quietSeconds?: number }): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

/** A socket re-checks its session at most this often, so a logged-out session cannot keep sending. */
export const SESSION_RECHECK_MS = 30_000;
export const MAIL_SWEEP_MS = 60_000;
/**
 * The spec's clients emit a message and POST it at once. When the POST is stored first, its socket twin is
 * usually milliseconds behind: the sender's own sockets get the POSTed message this much later, so the socket
 * that sent the twin can be left out (it already shows the message; an echo would show it twice).
 */
export const POST_TWIN_GRACE_MS = 1_000;
/**
 * A process makes at most this many anonymous sockets reconnect (for a session cookie set since they opened)
 * per second; past it, joinRoom is only refused. Each socket connection is closed at most once, and socket.io's
 * clients wait before reconnecting, so a client cannot spin the server in a reconnect loop.
 */
export const REAUTH_CLOSES_PER_SECOND = 50;
/** A socket remembers this many twins it sent, to be left out of their POSTed copies' delivery. */
const TWIN_ROOMS_PER_SOCKET = 20;

interface SocketData {
  /** The session's party, or null for a socket opened before login (no room, cannot send). */
  who: Identity | null;
  token: string | undefined;
  checkedAt: number;
  /** Partners this socket was allowed to write to, so the rule is asked once per partner, not per message. */
  allowed: Set<string>;
  /** Sends of one socket are handled in order. */
  queue: Promise<void>;
  /** Rooms `sent:<messageId>` of repeats this socket sent (a twin whose POST was stored first, a retry), oldest first. */
  twins: string[];
  /** An anonymous socket is closed for a reconnect at most once. */
  reauthAsked: boolean;
}
type ReadEvent = z.infer<typeof ZMessagesReadEvent>;
interface ClientEvents {
  joinRoom(id: unknown, ack?: unknown): void;
  sendMessage(body: unknown, ack?: unknown): void;
}
interface ServerEvents {
  receiveMessage(message: ChatMessage): void;
  chatError(error: ChatErrorEvent): void;
  messagesRead(event: ReadEvent): void;
}
type ChatServer = Server<ClientEvents, ServerEvents, Record<string, never>, SocketData>;
type ChatSocket = Socket<ClientEvents, ServerEvents, Record<string, never>, SocketData>;

function cookieValue(header: string | undefined, name: string) {
  for (const part of header?.split(';') ?? []) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

const handshakeRefusal = (code: string, message: string) => Object.assign(new Error(message), { data: { code, message } });

/** The room of the sockets that sent a twin of this message: left out of its sender-side delivery. */
const twinRoom = (messageId: string) => `sent:${messageId}`;

/**
 * socket.io on the Fastify server (websocket transport, SPEC.md §9). The spec's client opens its one socket when
 * the app loads, mostly before login, and emits joinRoom once when its chat page opens: so a handshake without a
 * session is accepted (no room, cannot send), and its joinRoom closes the transport so that socket.io's client
 * reconnects with the cookie set by the login since. A socket with a session is in its party's room from the
 * start; joinRoom's id is never trusted. The sender is always the session's party and gets no echo on the
 * socket it sent from (the spec's client shows a message at once), only on its other sockets. An Origin of
 * ours is required. With REDIS_URL the Redis adapter makes rooms span processes.
 */
export async function registerRealtime(app: FastifyInstance) {
  const io: ChatServer = new Server(app.server, { transports: ['websocket'], serveClient: false, maxHttpBufferSize: 64 * 1024 });
  if (app.redis) {
    const pub = app.redis.duplicate();
    const sub = app.redis.duplicate();
    await Promise.all([pub.connect(), sub.connect()]);
    io.adapter(createAdapter(pub, sub, { key: `${app.config.REDIS_PREFIX}socket.io` }));
    app.addHook('onClose', async () => {
      await Promise.allSettled([pub.quit(), sub.quit()]);
    });
  }

  const allowed = new Set<string>(app.config.CORS_ORIGINS);
  if (app.config.PUBLIC_URL) allowed.add(new URL(app.config.PUBLIC_URL).origin);
  const originIsOurs = (origin: string, host: string | undefined) => {
    if (allowed.has(origin)) return true;
    try {
      return host !== undefined && new URL(origin).host === host;
    } catch {
      return false;
    }
  };

  // Cross-site websocket hijacking: a page elsewhere could open a socket with the visitor's cookie.
  io.use(async (socket, next) => {
    const { origin, host, cookie } = socket.handshake.headers;
    if (origin !== undefined && !originIsOurs(origin, host)) {
      return next(handshakeRefusal('FORBIDDEN', 'This connection came from another website and was refused.'));
    }
    const token = cookieValue(cookie, SESSION_COOKIE);
    const who = token === undefined ? null : await findSessionIdentity(app.db, token).catch(() => null);
    Object.assign(socket.data, {
      who, token: who ? token : undefined, checkedAt: Date.now(), allowed: new Set(), queue: Promise.resolve(), twins: [], reauthAsked: false,
    } satisfies SocketData);
    next();
  });

  const rooms = (sent: Sent) => {
    const customer = roomOf('customer', sent.customerId);
    const vendor = roomOf('vendor', sent.vendorId);
    return sent.message.senderModel === 'Customer' ? { sender: customer, receiver: vendor } : { sender: vendor, receiver: customer };
  };

  const graceTimers = new Set<NodeJS.Timeout>();
  /** A message stored by POST: it has no sending socket, but its socket twin may be on the way. */
  const deliver = (sent: Sent) => {
    const { sender, receiver } = rooms(sent);
    io.to(receiver).emit(CHAT_EVENTS.receiveMessage, sent.message);
    const timer = setTimeout(() => {
      graceTimers.delete(timer);
      io.to(sender).except(twinRoom(sent.message._id)).emit(CHAT_EVENTS.receiveMessage, sent.message);
    }, POST_TWIN_GRACE_MS);
    timer.unref();
    graceTimers.add(timer);
  };

  let reauthWindow = { second: 0, closes: 0 };
  const mayCloseForReauth = () => {
    const second = Math.floor(Date.now() / 1000);
    if (reauthWindow.second !== second) reauthWindow = { second, closes: 0 };
    if (reauthWindow.closes >= REAUTH_CLOSES_PER_SECOND) return false;
    reauthWindow.closes += 1;
    return true;
  };

  io.on('connection', (socket) => {
    const { who } = socket.data;
    if (who) void socket.join([roomOf(who.role, who.id), `session:${who.sessionId}`]);

    const refuse = (err: ChatErrorEvent, ack?: unknown) => {
      socket.emit(CHAT_EVENTS.chatError, err);
      if (typeof ack === 'function') (ack as (a: SendMessageAck) => void)({ ok: false, message: err.message, code: err.code });
    };

    socket.on(CHAT_EVENTS.joinRoom, (id, ack) => {
      if (!who) {
        // Logged in since this socket opened? Closing the transport (not a server disconnect, which socket.io
        // does not retry) makes the client reconnect, and the browser sends its new cookie on that handshake.
        refuse({ message: CHAT_MSG.notLoggedIn, code: 'UNAUTHENTICATED' }, ack);
        if (!socket.data.reauthAsked && mayCloseForReauth()) {
          socket.data.reauthAsked = true;
          socket.conn.close(); // after the refusal is flushed
        }
        return;
      }
      // The room was joined at connect, from the session: the id only has to be the socket's own.
      if (id !== who.id) return refuse({ message: CHAT_MSG.ownRoomOnly, code: 'FORBIDDEN' }, ack);
      if (typeof ack === 'function') (ack as (a: { ok: true }) => void)({ ok: true });
    });

    socket.on(CHAT_EVENTS.sendMessage, (body, ack) => {
      socket.data.queue = socket.data.queue.then(() => handleSend(socket, body, ack, refuse));
    });
  });

  async function stillLoggedIn(socket: ChatSocket) {
    if (!socket.data.who) return false;
    if (Date.now() - socket.data.checkedAt < SESSION_RECHECK_MS) return true;
    const who = await findSessionIdentity(app.db, socket.data.token);
    if (!who || who.id !== socket.data.who.id) return false;
    socket.data.checkedAt = Date.now();
    return true;
  }

  async function handleSend(socket: ChatSocket, raw: unknown, ack: unknown, refuse: (err: ChatErrorEvent, ack?: unknown) => void) {
    const clientIdOf = (v: unknown) => (v && typeof v === 'object' && typeof (v as { clientId?: unknown }).clientId === 'string'
      ? { clientId: (v as { clientId: string }).clientId.slice(0, 100) } : {});
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
        const { sender, receiver } = rooms(sent);
        socket.to(receiver).to(sender).emit(CHAT_EVENTS.receiveMessage, sent.message);
      } else {
        // A repeat: if the first copy came by POST, its sender-side delivery, still in its grace, skips this socket.
        const room = twinRoom(sent.message._id);
        const { twins } = socket.data;
        if (!twins.includes(room)) {
          twins.push(room);
          void socket.join(room);
          if (twins.length > TWIN_ROOMS_PER_SOCKET) void socket.leave(twins.shift()!);
        }
      }
      if (typeof ack === 'function') (ack as (a: SendMessageAck) => void)({ ok: true, message: sent.message satisfies ChatMessage });
    } catch (err) {
      if (err instanceof AppError) return refuse({ message: err.message, code: err.code, ...clientIdOf(raw) }, ack);
      app.log.error({ err }, 'chat send failed');
      refuse({ message: 'The message could not be sent. Please try again.', code: 'INTERNAL', ...clientIdOf(raw) }, ack);
    }
  }

  // A logout ends that session's sockets at once, on every process.
  app.addHook('onResponse', async (req, reply) => {
    if (req.method !== 'POST' || req.routeOptions.url !== '/api/logout' || reply.statusCode >= 400) return;
    const who = await req.identity();
    if (who) io.in(`session:${who.sessionId}`).disconnectSockets(true);
  });

  const isConnected = async (role: ChatParty['role'], id: string) => (await io.in(roomOf(role, id)).fetchSockets()).length > 0;
  const publicUrl = app.config.PUBLIC_URL?.replace(/\/$/, '') ?? `http://localhost:${app.config.PORT}`;
  const sweepMail = async (opts: { quietSeconds?: number } = {}) => {
    const queued = await mailUnread({ db: app.db, isConnected, publicUrl, ...opts });
    if (queued > 0) void app.outbox.poke();
    return queued;
  };

  app.decorate('realtime', {
    io,
    deliver,
    read: (reader, event) => {
      io.to(roomOf(reader.role, reader.id)).emit(CHAT_EVENTS.messagesRead, event);
    },
    isConnected,
    sweepMail,
  } satisfies Realtime);

  let sweep: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    sweep = setInterval(() => {
      sweepMail().catch((err: unknown) => app.log.error({ err }, 'chat mail sweep failed'));
    }, MAIL_SWEEP_MS);
    sweep.unref();
  });
  // Open websockets would hold the HTTP server's close: end them first.
  app.addHook('preClose', async () => {
    clearInterval(sweep);
    graceTimers.forEach(clearTimeout);
    io.local.disconnectSockets(true);
    io.engine.close();
  });
}
