import { BlockList, isIPv6 } from 'node:net';
import type { IncomingMessage } from 'node:http';
import type { Config } from '../config/index.ts';

/**
 * Whose pages may write with our cookie, one rule for HTTP and the chat socket: an origin listed in CORS_ORIGINS,
 * PUBLIC_URL's origin, or exactly the origin (protocol and host) the request was sent to.
 */
export function ourOrigins(config: Pick<Config, 'PUBLIC_URL' | 'CORS_ORIGINS'>) {
  const allowed = new Set<string>(config.CORS_ORIGINS);
  if (config.PUBLIC_URL) allowed.add(new URL(config.PUBLIC_URL).origin);
  return (origin: string, self: { protocol: string; host: string | undefined }) =>
    allowed.has(origin) || (self.host !== undefined && origin === `${self.protocol}://${self.host}`);
}

/**
 * The protocol and host a raw request (the socket's handshake, which Fastify does not route) was sent to, read as
 * Fastify reads them for HTTP: X-Forwarded-Proto and X-Forwarded-Host count only when the peer is a proxy
 * TRUST_PROXY names (a hop count trusts the peer; a list must hold its address).
 */
export function selfOf(config: Pick<Config, 'TRUST_PROXY'>) {
  const trusted = trustedPeer(config.TRUST_PROXY);
  return (req: IncomingMessage) => {
    const encrypted = 'encrypted' in req.socket && req.socket.encrypted === true;
    // Like Fastify: the last entry of a forwarded header is the one the nearest (trusted) proxy wrote.
    const last = (v: string | string[] | undefined) => (Array.isArray(v) ? v.at(-1) : v)?.split(',').at(-1)?.trim() || undefined;
    const viaProxy = trusted(req.socket.remoteAddress);
    const proto = viaProxy ? last(req.headers['x-forwarded-proto']) : undefined;
    return {
      protocol: proto === 'https' || proto === 'http' ? proto : encrypted ? 'https' : 'http',
      host: (viaProxy ? last(req.headers['x-forwarded-host']) : undefined) ?? req.headers.host,
    };
  };
}

function trustedPeer(setting: Config['TRUST_PROXY']): (address: string | undefined) => boolean {
  if (setting === false) return () => false;
  if (typeof setting === 'number') return () => setting > 0;
  const list = new BlockList();
  for (const entry of setting) {
    const [address, bits] = entry.split('/') as [string, string | undefined];
    const type = isIPv6(address) ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  return (address) => address !== undefined && list.check(address.replace(/^::ffff:/, ''), isIPv6(address.replace(/^::ffff:/, '')) ? 'ipv6' : 'ipv4');
}
