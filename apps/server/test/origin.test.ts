import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { ourOrigins, selfOf } from '../src/lib/origin.ts';

/** The one origin rule of HTTP writes and the chat handshake (lib/origin.ts). */

const raw = (remoteAddress: string, headers: Record<string, string>) => ({ socket: { remoteAddress }, headers } as unknown as IncomingMessage);

describe('whose pages may write with our cookie', () => {
  it('takes PUBLIC_URL, CORS_ORIGINS and exactly the protocol and host the request was sent to', () => {
    const ours = ourOrigins({ PUBLIC_URL: 'https://nirmaan.in', CORS_ORIGINS: ['https://partner.nirmaan.in'] });
    const self = { protocol: 'http', host: 'localhost:3000' };
    expect(ours('https://nirmaan.in', self)).toBe(true);
    expect(ours('https://partner.nirmaan.in', self)).toBe(true);
    expect(ours('http://localhost:3000', self)).toBe(true);
    expect(ours('https://localhost:3000', self)).toBe(false);
    expect(ours('http://localhost:3001', self)).toBe(false);
    expect(ours('https://evil.example', self)).toBe(false);
  });

  it('reads X-Forwarded-Proto and -Host only from a proxy TRUST_PROXY names, the nearest entry first', () => {
    const headers = { host: 'app:3000', 'x-forwarded-proto': 'http, https', 'x-forwarded-host': 'evil.example, nirmaan.in' };
    const listed = selfOf({ TRUST_PROXY: ['10.0.0.0/8'] });
    expect(listed(raw('10.1.2.3', headers))).toEqual({ protocol: 'https', host: 'nirmaan.in' });
    expect(listed(raw('::ffff:10.1.2.3', headers))).toEqual({ protocol: 'https', host: 'nirmaan.in' });
    expect(listed(raw('192.0.2.7', headers))).toEqual({ protocol: 'http', host: 'app:3000' });
    expect(selfOf({ TRUST_PROXY: false })(raw('10.1.2.3', headers))).toEqual({ protocol: 'http', host: 'app:3000' });
    expect(selfOf({ TRUST_PROXY: 1 })(raw('192.0.2.7', headers))).toEqual({ protocol: 'https', host: 'nirmaan.in' });
  });
});
