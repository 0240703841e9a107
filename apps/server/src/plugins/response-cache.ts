import { createHash, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { wantsHtml } from './web.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Public, identical-for-everyone GET response, served from the in-process cache. `tags` name what the
     * answer shows (`product:<id>`, `products`), so a write can evict exactly the answers it changes.
     */
    publicCache?: { tags: (req: FastifyRequest) => string[] };
  }
  interface FastifyInstance {
    responseCache: ResponseCache;
  }
}

interface Entry { body: string; etag: string; contentType: string; expiresAt: number; tags: string[]; bytes: number }

/**
 * Serialized responses of public catalogue reads, with ETags. Keyed only on the route and its validated
 * parameters (unknown query parameters are dropped by the schemas), and bounded by bytes, so junk URLs
 * cannot grow it. PGlite runs in the server's thread, so a query blocks it (docs/architecture.md).
 */
export class ResponseCache {
  private entries = new Map<string, Entry>();
  private bytes = 0;
  /** The TTL bounds staleness after writes made outside any server (a seed run). */
  constructor(private readonly maxBytes = 32 * 1024 * 1024, private readonly ttlMs = 30_000) {}

  get(key: string): Entry | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    this.remove(key);
    if (hit.expiresAt <= Date.now()) return undefined;
    this.entries.set(key, hit);
    this.bytes += hit.bytes;
    return hit;
  }

  set(key: string, body: string, contentType: string, tags: string[]): Entry {
    const entry: Entry = {
      body, contentType, tags, bytes: Buffer.byteLength(body) + key.length,
      expiresAt: Date.now() + this.ttlMs, etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
    };
    if (entry.bytes > this.maxBytes / 8) return entry;
    this.remove(key);
    this.entries.set(key, entry);
    this.bytes += entry.bytes;
    for (const oldest of this.entries.keys()) {
      if (this.bytes <= this.maxBytes) break;
      this.remove(oldest);
    }
    return entry;
  }

  /** Bumped by every eviction: an answer read before one may be stale and is not stored. */
  generation = 0;

  private readonly listeners: ((tags: string[]) => void)[] = [];

  /** Drops every answer that shows one of `tags`, and tells the listeners (other per-process memos). */
  evictLocal(tags: string[]) {
    this.generation += 1;
    const wanted = new Set(tags);
    for (const [key, entry] of this.entries) if (entry.tags.some((t) => wanted.has(t))) this.remove(key);
    for (const listener of this.listeners) listener(tags);
  }

  /** Runs `listener` at every eviction in this process, including those published by other processes. */
  onEvict(listener: (tags: string[]) => void) {
    this.listeners.push(listener);
  }

  /** Set by the plugin: evicts here and, with Redis, in every other server process. */
  evict: (tags: string[]) => Promise<void> = async (tags) => this.evictLocal(tags);

  clear() {
    this.entries.clear();
    this.bytes = 0;
  }

  private remove(key: string) {
    const e = this.entries.get(key);
    if (!e) return;
    this.entries.delete(key);
    this.bytes -= e.bytes;
  }

  get size() {
    return this.entries.size;
  }

  get totalBytes() {
    return this.bytes;
  }
}

const CACHE_CONTROL = 'public, max-age=0, must-revalidate';

/** Page loads of a path the SPA shares with an API call must reach the SPA, never a cached JSON body. */
const cacheable = (req: FastifyRequest) => req.method === 'GET' && req.routeOptions.config.publicCache !== undefined && !wantsHtml(req);

const sorted = (o: unknown) => (o && typeof o === 'object' ? Object.fromEntries(Object.entries(o).sort(([a], [b]) => a.localeCompare(b))) : {});

/** The route and its validated, normalised parameters: `?category=Cement&junk=1` and `?category=Cement` share one entry. */
const keyOf = (req: FastifyRequest) => `${req.routeOptions.url}\n${JSON.stringify(sorted(req.params))}\n${JSON.stringify(sorted(req.query))}`;

export async function registerResponseCache(app: FastifyInstance, redis: { pub: Redis; sub: Redis; prefix: string } | null) {
  const cache = new ResponseCache();
  app.decorate('responseCache', cache);

  if (redis) {
    const channel = `${redis.prefix}cache-evict`;
    const me = randomUUID();
    await redis.sub.subscribe(channel);
    redis.sub.on('message', (ch, message) => {
      if (ch !== channel) return;
      try {
        const { from, tags } = JSON.parse(message) as { from: string; tags: string[] };
        if (from !== me && Array.isArray(tags)) cache.evictLocal(tags.map(String));
      } catch (err) {
        app.log.warn({ err }, 'ignored a malformed cache eviction message');
      }
    });
    cache.evict = async (tags) => {
      cache.evictLocal(tags);
      await redis.pub.publish(channel, JSON.stringify({ from: me, tags }));
    };
  }

  const startedAt = new WeakMap<FastifyRequest, number>();
  app.addHook('preHandler', async (req, reply) => {
    if (!cacheable(req)) return;
    startedAt.set(req, cache.generation);
    const hit = cache.get(keyOf(req));
    if (!hit) return;
    reply.header('etag', hit.etag).header('cache-control', CACHE_CONTROL).header('vary', 'Accept, Sec-Fetch-Mode').header('x-cache', 'hit');
    if (req.headers['if-none-match'] === hit.etag) return reply.code(304).send();
    return reply.type(hit.contentType).send(hit.body);
  });

  app.addHook('onSend', async (req, reply, payload) => {
    if (!cacheable(req) || reply.statusCode !== 200) return payload;
    if (reply.getHeader('x-cache') === 'hit' || typeof payload !== 'string') return payload;
    if (startedAt.get(req) !== cache.generation) return payload;
    const tags = req.routeOptions.config.publicCache!.tags(req);
    const entry = cache.set(keyOf(req), payload, String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'), tags);
    reply.header('etag', entry.etag).header('cache-control', CACHE_CONTROL).header('vary', 'Accept, Sec-Fetch-Mode').header('x-cache', 'miss');
    if (req.headers['if-none-match'] === entry.etag) {
      reply.code(304);
      return '';
    }
    return payload;
  });
}
