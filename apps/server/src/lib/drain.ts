import net from 'node:net';
import type { Server } from 'node:http';
import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';

/**
 * The first step of a graceful stop, before `app.close()`: stop accepting connections without dropping
 * the requests clients have already sent.
 *
 * Under load most waiting connections are not in Node yet but in the kernel's accept queue: Node accepts
 * about one connection per pass of the event loop, and a request's database work holds the thread (PGlite
 * runs in it). Closing the listener resets every queued connection; `http.Server.close()` also destroys
 * accepted connections whose request has not been read yet; Fastify answers 503 to a request read after
 * its close began. Each of those is a request the client sent before the signal. So:
 * 1. keep accepting until a pass of the event loop accepts nothing (the queue is empty), at most
 *    `acceptMs`;
 * 2. close the listening socket (new connections are refused), leaving every connection open;
 * 3. wait until each accepted connection has delivered its request, at most `requestMs`;
 * then the caller runs `app.close()`, which finishes the requests in flight and closes idle keep-alive
 * connections.
 */
export function connectionDrain(server: Server) {
  let accepted = 0;
  const fresh = new Set<net.Socket>();
  server.on('connection', (socket: net.Socket) => {
    accepted += 1;
    fresh.add(socket);
    socket.once('close', () => fresh.delete(socket));
  });
  server.on('request', (req: { socket: net.Socket }) => fresh.delete(req.socket));
  server.on('upgrade', (req: { socket: net.Socket }) => fresh.delete(req.socket));

  return {
    async stopAccepting({ acceptMs, requestMs }: { acceptMs: number; requestMs: number }) {
      const acceptUntil = Date.now() + acceptMs;
      let seen = accepted;
      let quietPasses = 0;
      // Each setImmediate resolves after one more poll phase, where a non-empty accept queue yields a connection.
      while (quietPasses < 2 && Date.now() < acceptUntil) {
        await nextTurn();
        quietPasses = accepted === seen ? quietPasses + 1 : 0;
        seen = accepted;
      }
      // net.Server's close, not http.Server's: that one would also destroy the connections not read yet.
      if (server.listening) net.Server.prototype.close.call(server);
      const requestUntil = Date.now() + requestMs;
      while (fresh.size > 0 && Date.now() < requestUntil) await sleep(5);
      return { silentConnections: fresh.size };
    },
  };
}
