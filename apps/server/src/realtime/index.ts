import type { FastifyInstance } from 'fastify';
import { Server } from 'socket.io';
import { CHAT_EVENTS, CHAT_MSG, type SendMessageAck } from '@nirmaan/shared';
import { roomOf, type ChatParty, type Sent } from '../modules/chat/service.ts';
import { authenticateHandshakes } from './handshake.ts';
import { registerRealtimeJobs } from './jobs.ts';
import { createSending } from './send.ts';
import type { ChatServer, ReadEvent, Refuse } from './types.ts';

export { MAIL_SWEEP_MS } from './jobs.ts';
export { POST_TWIN_GRACE_MS, SESSION_RECHECK_MS } from './send.ts';

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

/**
 * A process makes at most this many anonymous sockets reconnect (for a session cookie set since they opened)
 * per second; past it, joinRoom is only refused. Each socket connection is closed at most once, and socket.io's
 * clients wait before reconnecting, so a client cannot spin the server in a reconnect loop.
 */
export const REAUTH_CLOSES_PER_SECOND = 50;

/**
 * socket.io on the Fastify server (websocket transport; docs/api-contract.md, chat). The spec's client opens its one
 * socket when the app loads, mostly before login, and emits joinRoom once when its chat page opens: so a
 * handshake without a session is accepted (handshake.ts), and its joinRoom closes the transport so that
 * socket.io's client reconnects with the cookie set by the login since. A socket with a session is in its
 * party's room from the start; joinRoom's id is never trusted. Sending is send.ts; logout and the unread-mail
 * sweep are jobs.ts. With REDIS_URL the Redis adapter makes rooms span processes.
 */
export async function registerRealtime(app: FastifyInstance) {
  const io: ChatServer = new Server(app.server, { transports: ['websocket'], serveClient: false, maxHttpBufferSize: 64 * 1024 });
  if (app.redis) await useRedisAdapter(app, io);
  authenticateHandshakes(app, io);
  const sending = createSending(app, io);
  const mayCloseForReauth = reauthBudget();

  io.on('connection', (socket) => {
    const { who } = socket.data;
    if (who) void socket.join([roomOf(who.role, who.id), `session:${who.sessionId}`]);

    const refuse: Refuse = (err, ack) => {
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
      socket.data.queue = socket.data.queue.then(() => sending.handleSend(socket, body, ack, refuse));
    });
  });

  const jobs = registerRealtimeJobs(app, io);
  app.decorate('realtime', {
    io,
    deliver: sending.deliver,
    read: (reader, event) => {
      io.to(roomOf(reader.role, reader.id)).emit(CHAT_EVENTS.messagesRead, event);
    },
    isConnected: jobs.isConnected,
    sweepMail: jobs.sweepMail,
  } satisfies Realtime);

  // Open websockets would hold the HTTP server's close: end them first.
  app.addHook('preClose', async () => {
    jobs.stop();
    sending.stop();
    io.local.disconnectSockets(true);
    io.engine.close();
  });
}

async function useRedisAdapter(app: FastifyInstance, io: ChatServer) {
  const pub = app.redis!.duplicate();
  const sub = app.redis!.duplicate();
  await Promise.all([pub.connect(), sub.connect()]);
  const { createAdapter } = await import('@socket.io/redis-adapter');
  io.adapter(createAdapter(pub, sub, { key: `${app.config.REDIS_PREFIX}socket.io` }));
  app.addHook('onClose', async () => {
    await Promise.allSettled([pub.quit(), sub.quit()]);
  });
}

/** At most REAUTH_CLOSES_PER_SECOND reconnect closes per second on this process. */
function reauthBudget() {
  let window = { second: 0, closes: 0 };
  return () => {
    const second = Math.floor(Date.now() / 1000);
    if (window.second !== second) window = { second, closes: 0 };
    if (window.closes >= REAUTH_CLOSES_PER_SECOND) return false;
    window.closes += 1;
    return true;
  };
}
