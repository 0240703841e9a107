import type { FastifyInstance } from 'fastify';
import { io as connect, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';
import type { ChatErrorEvent, ChatMessage, SendMessageAck, SendMessageBody } from '@nirmaan/shared';
import type { Db } from '../../src/db/client.ts';
import { createSession } from '../../src/modules/auth/service.ts';

/** A session made in the database, as a login would: the cookie a browser would carry. */
export async function sessionOf(db: Db, owner: { customerId: string } | { vendorId: string }) {
  return createSession(db, owner);
}

/** The app listening on a free port; returns its base URL. */
export async function listen(app: FastifyInstance) {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${address.port}`;
}

/**
 * A real socket.io client on the websocket transport, as the original client connects (docs/api-contract.md); resolves once connected. It does
 * not reconnect unless `opts` says so; a reconnect sends `socket.io.opts.extraHeaders` as they are then (set a
 * new cookie there, as a browser sends the cookie it has on each handshake).
 */
export function chatSocket(url: string, token: string | undefined, headers: Record<string, string> = {}, opts: Partial<ManagerOptions & SocketOptions> = {}): Promise<Socket> {
  const socket = connect(url, {
    forceNew: true, transports: ['websocket'], reconnection: false,
    extraHeaders: { ...(token ? { cookie: `nirmaan_session=${token}` } : {}), ...headers },
    ...opts,
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err) => {
      socket.close();
      reject(err);
    });
  });
}

export const sendBySocket = (socket: Socket, body: SendMessageBody & Record<string, unknown>) =>
  socket.timeout(10_000).emitWithAck('sendMessage', body) as Promise<SendMessageAck>;

/** Collects an event's payloads as they arrive. */
export function collect<T = ChatMessage>(socket: Socket, event: string) {
  const seen: T[] = [];
  socket.on(event, (payload: T) => seen.push(payload));
  return seen;
}

export const errorsOf = (socket: Socket) => collect<ChatErrorEvent>(socket, 'chatError');

/** Waits until `check` holds (polling), or fails after `ms`. */
export async function until(check: () => boolean | Promise<boolean>, ms = 5_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}

export const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
