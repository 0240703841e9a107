import type { FastifyInstance } from 'fastify';
import { ourOrigins, selfOf } from '../lib/origin.ts';
import { SESSION_COOKIE, findSessionIdentity } from '../modules/auth/service.ts';
import type { ChatServer, SocketData } from './types.ts';

const handshakeRefusal = (code: string, message: string) => Object.assign(new Error(message), { data: { code, message } });

/**
 * The handshake: an Origin must be ours by the same rule as HTTP writes (lib/origin.ts: protocol and host), since
 * a page elsewhere could open a socket with the visitor's cookie; the session comes from the cookie, parsed by
 * the same parser as HTTP's. A handshake without a session is accepted (no room, cannot send).
 */
export function authenticateHandshakes(app: FastifyInstance, io: ChatServer) {
  const isOurOrigin = ourOrigins(app.config);
  const self = selfOf(app.config);
  io.use(async (socket, next) => {
    const { origin, cookie } = socket.handshake.headers;
    if (origin !== undefined && !isOurOrigin(origin, self(socket.request))) {
      return next(handshakeRefusal('FORBIDDEN', 'This connection came from another website and was refused.'));
    }
    const token = cookie ? app.parseCookie(cookie)[SESSION_COOKIE] : undefined;
    const who = token === undefined ? null : await findSessionIdentity(app.db, token).catch(() => null);
    Object.assign(socket.data, {
      who, token: who ? token : undefined, checkedAt: Date.now(), allowed: new Set(), queue: Promise.resolve(), twins: [], reauthAsked: false,
    } satisfies SocketData);
    next();
  });
}
