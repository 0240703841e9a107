import net from 'node:net';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';

const LOOPBACK = new net.BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** The machine itself: 127.0.0.0/8 and ::1 (IPv4-mapped ::ffff:127.x too). */
export const isLoopback = (ip: string) => net.isIP(ip) !== 0 && LOOPBACK.check(ip, net.isIPv6(ip) ? 'ipv6' : 'ipv4');

/**
 * A development-only door (the mailbox of every code ever mailed, the test gateway's Pay): registered only when
 * no real mail or payment transport is configured, and then open only to requests from the machine itself, so a
 * deploy that forgot NODE_ENV=production does not hand them to the internet (issue item 11). `request.ip` is
 * the client's address after TRUST_PROXY: a forged X-Forwarded-For does not make a request loopback.
 *
 * Logs a warning now (at start-up) and returns the onRequest hook to put on the door's routes.
 */
export function openDevDoor(log: FastifyBaseLogger, door: { name: string; paths: string[]; because: string }) {
  log.warn(
    { paths: door.paths },
    `development-only ${door.name} is on (${door.because}); served only to requests from this machine (loopback)`,
  );
  return async function loopbackOnly(req: FastifyRequest, reply: FastifyReply) {
    if (!isLoopback(req.ip) || forwardsFromElsewhere(req)) return reply.callNotFound();
  };
}

/**
 * A reverse proxy on this machine with TRUST_PROXY unset makes every client look like loopback; the addresses it
 * forwards tell them apart. Any forwarded address that is not loopback (or one we cannot read) closes the door.
 */
function forwardsFromElsewhere(req: FastifyRequest) {
  if (req.headers.forwarded !== undefined) return true;
  const named = [req.headers['x-forwarded-for'], req.headers['x-real-ip']].flat().filter((v) => v !== undefined);
  return named.join(',').split(',').map((a) => a.trim()).filter(Boolean).some((a) => !isLoopback(a));
}
