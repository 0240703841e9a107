import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { wantsHtml } from './web.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Public, identical-for-everyone GET response: served from the in-process cache. */
    publicCache?: boolean;
  }
  interface FastifyInstance {
    responseCache: ResponseCache;
  }
}

interface Entry { body: string; etag: string; contentType: string; expiresAt: number }

/**
 * Serialized responses of public catalogue reads, keyed by URL, with ETags. Catalogue reads are the
 * same for every visitor and change rarely; PGlite runs in the server's thread, so a query blocks it
 * (DESIGN.md §8). Any write to the catalogue calls `clear()`.
 */
export class ResponseCache {
  private entries = new Map<string, Entry>();
  /** The TTL bounds staleness after writes made outside this process (a seed run, another server). */
  constructor(private readonly maxEntries = 2_000, private readonly ttlMs = 30_000) {}

  get(key: string): Entry | undefined {
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt <= Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit;
  }

  set(key: string, body: string, contentType: string): Entry {
    const entry = { body, contentType, expiresAt: Date.now() + this.ttlMs, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
    this.entries.set(key, entry);
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    return entry;
  }

  clear() {
    this.entries.clear();
  }

  get size() {
    return this.entries.size;
  }
}

const CACHE_CONTROL = 'public, max-age=0, must-revalidate';

/** Page loads of a path the SPA shares with an API call must reach the SPA, never a cached JSON body. */
const cacheable = (req: FastifyRequest) => req.method === 'GET' && req.routeOptions.config.publicCache === true && !wantsHtml(req);

export function registerResponseCache(app: FastifyInstance) {
  const cache = new ResponseCache();
  app.decorate('responseCache', cache);

  app.addHook('onRequest', async (req, reply) => {
    if (!cacheable(req)) return;
    const hit = cache.get(req.url);
    if (!hit) return;
    reply.header('etag', hit.etag).header('cache-control', CACHE_CONTROL).header('vary', 'Accept, Sec-Fetch-Mode').header('x-cache', 'hit');
    if (req.headers['if-none-match'] === hit.etag) return reply.code(304).send();
    return reply.type(hit.contentType).send(hit.body);
  });

  app.addHook('onSend', async (req, reply, payload) => {
    if (!cacheable(req) || reply.statusCode !== 200) return payload;
    if (reply.getHeader('x-cache') === 'hit' || typeof payload !== 'string') return payload;
    const entry = cache.set(req.url, payload, String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'));
    reply.header('etag', entry.etag).header('cache-control', CACHE_CONTROL).header('vary', 'Accept, Sec-Fetch-Mode').header('x-cache', 'miss');
    if (req.headers['if-none-match'] === entry.etag) {
      reply.code(304);
      return '';
    }
    return payload;
  });
}
