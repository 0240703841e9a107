import type { FastifyInstance } from 'fastify';
import { mailUnread, roomOf, type ChatParty } from '../modules/chat/service.ts';
import type { ChatServer } from './types.ts';

export const MAIL_SWEEP_MS = 60_000;

/**
 * What runs beside the sockets: a logout ends that session's sockets at once, on every process; unread
 * messages of a party with no socket anywhere are mailed by a sweep every MAIL_SWEEP_MS.
 */
export function registerRealtimeJobs(app: FastifyInstance, io: ChatServer) {
  // Closing the transport, not a server disconnect (which socket.io clients never retry): each socket of the
  // session reconnects by itself, as anonymous since the session is gone, so a client that logs in again is heard
  // without a reload (its joinRoom then asks for one more reconnect, with the new cookie).
  const closeSession = (sessionId: string) => {
    const ids = io.of('/').adapter.rooms.get(`session:${sessionId}`);
    for (const id of [...(ids ?? [])]) io.of('/').sockets.get(id)?.conn.close();
  };
  io.on('sessionEnded', closeSession);
  app.addHook('onResponse', async (req, reply) => {
    if (req.method !== 'POST' || req.routeOptions.url !== '/api/logout' || reply.statusCode >= 400) return;
    const who = await req.identity();
    if (!who) return;
    closeSession(who.sessionId);
    if (app.redis) io.serverSideEmit('sessionEnded', who.sessionId);
  });

  const isConnected = async (role: ChatParty['role'], id: string) => (await io.in(roomOf(role, id)).fetchSockets()).length > 0;
  const publicUrl = app.config.PUBLIC_URL?.replace(/\/$/, '') ?? `http://localhost:${app.config.PORT}`;
  const sweepMail = async (opts: { quietSeconds?: number } = {}) => {
    const queued = await mailUnread({ db: app.db, isConnected, publicUrl, ...opts });
    if (queued > 0) void app.outbox.poke();
    return queued;
  };

  let sweep: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    sweep = setInterval(() => {
      sweepMail().catch((err: unknown) => app.log.error({ err }, 'chat mail sweep failed'));
    }, MAIL_SWEEP_MS);
    sweep.unref();
  });
  return { isConnected, sweepMail, stop: () => clearInterval(sweep) };
}
