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
  /** Emits a stored message to both parties' rooms, on every process. */
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

interface SocketData {
  who: Identity;
  token: string;
  checkedAt: number;
  /** Partners this socket was allowed to write to, so the rule is asked once per partner, not per message. */
  allowed: Set<string>;
  /** Sends of one socket are handled in order. */
  queue: Promise<void>;
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

/**
 * socket.io on the Fastify server (websocket transport, SPEC.md §9): connections carry the session cookie of a
 * customer or vendor and an Origin of ours; each socket is in its party's room, and the sender is always the
 * session's party. With REDIS_URL the Redis adapter makes rooms span processes.
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
    const who = await findSessionIdentity(app.db, token).catch(() => null);
    if (!who || !token) return next(handshakeRefusal('UNAUTHENTICATED', CHAT_MSG.notLoggedIn));
    Object.assign(socket.data, { who, token, checkedAt: Date.now(), allowed: new Set(), queue: Promise.resolve() } satisfies SocketData);
    next();
  });

  const deliver = (sent: Sent) => {
    io.to(roomOf('customer', sent.customerId)).to(roomOf('vendor', sent.vendorId)).emit(CHAT_EVENTS.receiveMessage, sent.message);
  };

  io.on('connection', (socket) => {
    const { who } = socket.data;
    void socket.join([roomOf(who.role, who.id), `session:${who.sessionId}`]);

    const refuse = (err: ChatErrorEvent, ack?: unknown) => {
      socket.emit(CHAT_EVENTS.chatError, err);
      if (typeof ack === 'function') (ack as (a: SendMessageAck) => void)({ ok: false, message: err.message, code: err.code });
    };

    socket.on(CHAT_EVENTS.joinRoom, (id, ack) => {
      if (id !== who.id) return refuse({ message: CHAT_MSG.ownRoomOnly, code: 'FORBIDDEN' }, ack);
      if (typeof ack === 'function') (ack as (a: { ok: true }) => void)({ ok: true });
    });

    socket.on(CHAT_EVENTS.sendMessage, (body, ack) => {
      socket.data.queue = socket.data.queue.then(() => handleSend(socket, body, ack, refuse));
    });
  });

  async function stillLoggedIn(socket: ChatSocket) {
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
      const { who, allowed: known } = socket.data;
      if (!known.has(body.receiverId)) {
        await assertMayMessage(app.db, who, body.receiverId);
        if (known.size > 1_000) known.clear();
        known.add(body.receiverId);
      }
      // The sender is the session's party: a senderId in the body is ignored.
      const sent = await send(app, who, body, 'socket');
      if (sent.created) deliver(sent);
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
    io.local.disconnectSockets(true);
    io.engine.close();
  });
}
