import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { StorageConfig } from '../../config/index.ts';
import { StorageError, type ObjectStore, type StoredObject } from './index.ts';
import { EMPTY_SHA256, sha256Hex, signRequest, uriEncode } from './sigv4.ts';

type S3Config = Extract<StorageConfig, { kind: 's3' }>;
const TIMEOUT_MS = 20_000;
const CHECK_KEY = '_nirmaan/storage-check';

/** The S3 error's code and message from its XML body (`<Code>NoSuchKey</Code>`), for logs and errors. */
function s3ErrorOf(xml: string) {
  const pick = (tag: string) => new RegExp(`<${tag}>([^<]{0,300})</${tag}>`).exec(xml)?.[1];
  return { code: pick('Code'), message: pick('Message') };
}

/** The object calls of the S3 protocol (PUT, GET, HEAD, DELETE), path-style, signed with SigV4. */
export class S3Client {
  constructor(private readonly config: S3Config) {}

  private urlOf(key: string) {
    return new URL(`${this.config.endpoint}/${this.config.bucket}/${uriEncode(key, true)}`);
  }

  async send(method: 'PUT' | 'GET' | 'HEAD' | 'DELETE', key: string, body?: { bytes: Buffer; contentType: string }): Promise<Response> {
    const url = this.urlOf(key);
    const extra: Record<string, string> = body ? { 'content-type': body.contentType } : {};
    const headers = signRequest(this.config, { method, url, headers: extra, payloadHash: body ? sha256Hex(body.bytes) : EMPTY_SHA256 });
    try {
      return await fetch(url, { method, headers, ...(body ? { body: new Uint8Array(body.bytes) } : {}), signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch (err) {
      const cause = (err as Error).cause instanceof Error ? ((err as Error).cause as Error).message : (err as Error).message;
      throw new StorageError(`S3 storage at ${this.config.endpoint} did not answer ${method}: ${cause} (check S3_URL)`);
    }
  }

  /** A refusal as an error naming what S3 said (SignatureDoesNotMatch, InvalidAccessKeyId, NoSuchBucket…). */
  async refusal(method: string, res: Response) {
    const { code, message } = s3ErrorOf(method === 'HEAD' ? '' : await res.text().catch(() => ''));
    const hint = code === 'SignatureDoesNotMatch' || code === 'InvalidAccessKeyId' ? ' (check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY)'
      : code === 'NoSuchBucket' ? ' (check S3_BUCKET)' : '';
    return new StorageError(`S3 storage refused ${method} in bucket ${this.config.bucket}: ${res.status} ${code ?? 'no error code'}`
      + `${message ? ` - ${message}` : ''}${hint}`);
  }

  async check() {
    const res = await this.send('PUT', CHECK_KEY, { bytes: Buffer.from('ok'), contentType: 'text/plain' });
    if (!res.ok) throw await this.refusal('PUT', res);
  }
}

/** One area of the bucket: every key under `prefix`. */
export class S3Store implements ObjectStore {
  constructor(private readonly client: S3Client, private readonly prefix: string) {}

  async put(key: string, bytes: Buffer, contentType: string) {
    const res = await this.client.send('PUT', this.prefix + key, { bytes, contentType });
    if (!res.ok) throw await this.client.refusal('PUT', res);
    await res.body?.cancel();
  }

  async has(key: string) {
    const res = await this.client.send('HEAD', this.prefix + key);
    if (res.status === 404) return false;
    if (!res.ok) throw await this.client.refusal('HEAD', res);
    return true;
  }

  async get(key: string): Promise<StoredObject | null> {
    const res = await this.client.send('GET', this.prefix + key);
    if (res.status === 404) {
      await res.body?.cancel();
      return null;
    }
    if (!res.ok || !res.body) throw await this.client.refusal('GET', res);
    const length = res.headers.get('content-length');
    if (length === null || !/^\d+$/.test(length)) {
      // A store that streams without a length (chunked): read it whole, so the answer can say its size.
      const bytes = Buffer.from(await res.arrayBuffer());
      return { size: bytes.length, body: Readable.from([bytes]) };
    }
    return { size: Number(length), body: Readable.fromWeb(res.body as WebReadableStream<Uint8Array>) };
  }

  async delete(key: string) {
    const res = await this.client.send('DELETE', this.prefix + key);
    if (!res.ok && res.status !== 404) throw await this.client.refusal('DELETE', res);
    await res.body?.cancel();
  }
}
