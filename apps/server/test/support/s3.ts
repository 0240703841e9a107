import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local server that speaks the object calls of the S3 protocol we use: PUT, GET, HEAD and DELETE of
 * `/{bucket}/{key}` (path-style), each checked as S3 checks it. The AWS Signature V4 `Authorization` header is
 * verified by recomputing the signature with the known secret (written here from the protocol's description,
 * not with the app's signer): an unknown key answers 403 InvalidAccessKeyId, a wrong signature 403
 * SignatureDoesNotMatch, a body whose hash is not the signed x-amz-content-sha256 400 XAmzContentSHA256Mismatch,
 * another bucket 404 NoSuchBucket, a missing key 404 NoSuchKey, all as S3's XML error documents. `objects` is the
 * bucket; `calls` lists every call received.
 */
export const S3_TEST_KEYS = { accessKeyId: 'AKIALOCALNIRMAAN0001', secretAccessKey: 'local/S3+secret-key-for-tests', region: 'us-east-1', bucket: 'nirmaan-files' };

export interface S3Object { bytes: Buffer; contentType: string }

const hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
const encode = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

function errorXml(code: string, message: string, resource: string) {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message><Resource>${resource}</Resource><RequestId>local</RequestId></Error>`;
}

const AUTH = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/;

/** The signature S3 expects for this request, from the raw path and query as sent. */
function expectedSignature(req: IncomingMessage, signedHeaders: string, secret: string, day: string, region: string) {
  const [rawPath, rawQuery = ''] = (req.url ?? '/').split('?') as [string, string?];
  const query = rawQuery.split('&').filter(Boolean).map((pair) => {
    const [k, v = ''] = pair.split('=');
    return `${encode(decodeURIComponent(k!))}=${encode(decodeURIComponent(v))}`;
  }).sort().join('&');
  const headerLines = signedHeaders.split(';').map((name) => `${name}:${String(req.headers[name] ?? '').trim().replace(/\s+/g, ' ')}\n`).join('');
  const canonical = [req.method, rawPath, query, headerLines, signedHeaders, String(req.headers['x-amz-content-sha256'])].join('\n');
  const toSign = ['AWS4-HMAC-SHA256', String(req.headers['x-amz-date']), `${day}/${region}/s3/aws4_request`, hex(canonical)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${secret}`, day), region), 's3'), 'aws4_request');
  return createHmac('sha256', key).update(toSign).digest('hex');
}

export async function startS3(keys = S3_TEST_KEYS) {
  const objects = new Map<string, S3Object>();
  const calls: { method: string; key: string; status: number }[] = [];

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const status = answer(req, res, Buffer.concat(chunks));
      calls.push({ method: req.method ?? '', key: decodeURIComponent((req.url ?? '').split('?')[0]!.split('/').slice(2).join('/')), status });
    });
  });

  /** Checks the signature, then does the call; returns the status sent. */
  function answer(req: IncomingMessage, res: ServerResponse, body: Buffer): number {
    const path = (req.url ?? '/').split('?')[0]!;
    const fail = (status: number, code: string, message: string) => {
      res.writeHead(status, { 'content-type': 'application/xml' });
      res.end(req.method === 'HEAD' ? undefined : errorXml(code, message, path));
      return status;
    };
    const auth = AUTH.exec(String(req.headers.authorization ?? ''));
    if (!auth) return fail(403, 'AccessDenied', 'Access Denied');
    const [, accessKeyId, day, region, signedHeaders, signature] = auth as unknown as [string, string, string, string, string, string];
    if (accessKeyId !== keys.accessKeyId) return fail(403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.');
    const signed = signedHeaders.split(';');
    if (!['host', 'x-amz-date', 'x-amz-content-sha256'].every((h) => signed.includes(h)) || !String(req.headers['x-amz-date']).startsWith(day)) {
      return fail(403, 'AccessDenied', 'The request signature does not sign host, x-amz-date and x-amz-content-sha256 for its day.');
    }
    const expected = expectedSignature(req, signedHeaders, keys.secretAccessKey, day, region);
    if (region !== keys.region || !timingSafeEqual(Buffer.from(expected), Buffer.from(signature))) {
      return fail(403, 'SignatureDoesNotMatch', 'The request signature we calculated does not match the signature you provided. Check your key and signing method.');
    }
    if (req.headers['x-amz-content-sha256'] !== 'UNSIGNED-PAYLOAD' && req.headers['x-amz-content-sha256'] !== hex(body)) {
      return fail(400, 'XAmzContentSHA256Mismatch', 'The provided x-amz-content-sha256 header does not match what was computed.');
    }
    const [, bucket, ...rest] = path.split('/');
    if (bucket !== keys.bucket) return fail(404, 'NoSuchBucket', 'The specified bucket does not exist');
    const key = decodeURIComponent(rest.join('/'));
    if (!key) return fail(400, 'InvalidRequest', 'This stand-in serves objects only.');
    return objectCall(req, res, key, body, fail);
  }

  function objectCall(req: IncomingMessage, res: ServerResponse, key: string, body: Buffer, fail: (s: number, c: string, m: string) => number): number {
    const etag = (bytes: Buffer) => `"${createHash('md5').update(bytes).digest('hex')}"`;
    if (req.method === 'PUT') {
      objects.set(key, { bytes: body, contentType: String(req.headers['content-type'] ?? 'binary/octet-stream') });
      res.writeHead(200, { etag: etag(body) }).end();
      return 200;
    }
    if (req.method === 'DELETE') {
      objects.delete(key);
      res.writeHead(204).end();
      return 204;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') return fail(405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.');
    const object = objects.get(key);
    if (!object) return fail(404, 'NoSuchKey', 'The specified key does not exist.');
    res.writeHead(200, { 'content-type': object.contentType, 'content-length': object.bytes.length, etag: etag(object.bytes) });
    res.end(req.method === 'HEAD' ? undefined : object.bytes);
    return 200;
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    objects,
    calls,
    /** The app's environment for this store, with other keys where a test wants them refused. */
    env: (overrides: Record<string, string> = {}): Record<string, string> => ({
      S3_URL: url, S3_BUCKET: keys.bucket, S3_ACCESS_KEY_ID: keys.accessKeyId, S3_SECRET_ACCESS_KEY: keys.secretAccessKey, S3_REGION: keys.region, ...overrides,
    }),
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
