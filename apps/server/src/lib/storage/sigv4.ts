import { createHash, createHmac } from 'node:crypto';

/**
 * AWS Signature Version 4 for S3 requests (decision record 021): the four object calls we make need only a
 * signed `Authorization` header, so a few lines here replace an SDK. Checked against AWS's published example.
 */
export interface Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}

export interface SignInput {
  method: string;
  url: URL;
  /** Headers to sign besides host, x-amz-date and x-amz-content-sha256 (lowercase names). */
  headers?: Record<string, string>;
  /** Hex SHA-256 of the body (of the empty string for none). */
  payloadHash: string;
  now?: Date;
}

export const EMPTY_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
export const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/** RFC 3986 encoding as SigV4 wants it: every byte but A-Z a-z 0-9 - _ . ~ (and '/' in paths). */
export function uriEncode(s: string, keepSlash: boolean) {
  const encoded = encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return keepSlash ? encoded.replace(/%2F/g, '/') : encoded;
}

const amzDate = (d: Date) => d.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');

function canonicalQuery(url: URL) {
  return [...url.searchParams.entries()]
    .map(([k, v]) => [uriEncode(k, false), uriEncode(v, false)] as const)
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`).join('&');
}

/** The headers to send: the caller's, plus x-amz-date, x-amz-content-sha256 and the Authorization that signs them. */
export function signRequest(creds: Credentials, input: SignInput): Record<string, string> {
  const date = amzDate(input.now ?? new Date());
  const day = date.slice(0, 8);
  const headers: Record<string, string> = { ...input.headers, host: input.url.host, 'x-amz-content-sha256': input.payloadHash, 'x-amz-date': date };
  const names = Object.keys(headers).map((n) => n.toLowerCase()).sort();
  const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v.trim().replace(/\s+/g, ' ')]));
  const signedHeaders = names.join(';');
  const canonicalRequest = [
    input.method, input.url.pathname, canonicalQuery(input.url),
    names.map((n) => `${n}:${lower[n]}\n`).join(''), signedHeaders, input.payloadHash,
  ].join('\n');
  const scope = `${day}/${creds.region}/s3/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', date, scope, sha256Hex(canonicalRequest)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${creds.secretAccessKey}`, day), creds.region), 's3'), 'aws4_request');
  const signature = createHmac('sha256', key).update(toSign).digest('hex');
  const { host: _host, ...rest } = headers;
  return {
    ...rest,
    authorization: `AWS4-HMAC-SHA256 Credential=${creds.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`,
  };
}
