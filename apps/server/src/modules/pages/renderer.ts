import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '../auth/service.ts';
import { pageData } from './page-data.ts';
import { chunkFiles, loadSsrBuild, type RenderedPage, type SsrBuild } from './ssr-entry.ts';

/** The query parameters a server-rendered page reads; others neither change the page nor split the cache. */
const PAGE_PARAMS = ['search', 'vendor', 'type'];

/** A rendered page's HTML must be revalidated (its ETag) on every load, as index.html is (decision 001). */
const PAGE_CACHE_CONTROL = 'no-cache';

/** Without scripts, every tab of a page is shown (the product's reviews are in a tab). */
const NO_SCRIPT_STYLE = '<noscript><style>.tab-content>.tab-pane{display:block;opacity:1}.nav-tabs{display:none}</style></noscript>';

export interface PageRenderer {
  /** Sends the server-rendered page of `req`, or answers false for a page the browser renders from index.html. */
  send(req: FastifyRequest, reply: FastifyReply): Promise<boolean>;
}

/** `/Product?search=Cement&utm=x` → `/product?search=Cement`: the page as rendered and as cached. */
export function pageAddress(url: string): string {
  const parsed = new URL(url, 'http://x');
  const kept = new URLSearchParams();
  for (const name of PAGE_PARAMS) {
    const value = parsed.searchParams.get(name);
    if (value !== null) kept.set(name, value);
  }
  const query = kept.toString();
  return `${parsed.pathname.replace(/\/+$/, '') || '/'}${query ? `?${query}` : ''}`;
}

/**
 * index.html cut once around what a page fills in (its head's tags, `#root` and the state), and each page chunk's
 * preload links made once: a render only joins strings. The page's head (its title, its first image's preload, its
 * meta tags) goes before the built scripts and styles, so the image is asked for first.
 */
function documentMaker(build: SsrBuild): (page: RenderedPage, session: boolean) => string {
  const template = build.template
    .replace(/<title>[^<]*<\/title>\s*/, '')
    .replace(/<meta name="description"[^>]*>\s*/, '');
  const [headStart, headRest] = cutBefore(template, '<script type="module"');
  const [assets, rest] = cut(headRest, '</head>');
  const [beforeRoot, afterRoot] = cut(rest, '<div id="root"></div>');
  const preloads = new Map<string, string>();
  const preloadOf = (module: string) => {
    let links = preloads.get(module);
    if (links === undefined) {
      links = chunkFiles(build.manifest, module)
        .filter((file) => !build.template.includes(file))
        .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
        .join('');
      preloads.set(module, links);
    }
    return links;
  };
  // The page's language on <html> (index.html says en-IN). Its catalogue is not preloaded (docs/decisions/047):
  // asked for with the page's chunk it took the first paint's bandwidth, and Lighthouse scored the page lower; the
  // entry asks for it as it starts, beside the page's chunk, and hydrates once both are in, with the server's words.
  return (page, session) =>
    `${page.lang ? headStart.replace('<html lang="en-IN">', `<html lang="${page.lang}">`) : headStart}${page.head}${assets}` +
    `${preloadOf(page.module)}${NO_SCRIPT_STYLE}</head>${beforeRoot}` +
    `<div id="root"${session ? ' data-session' : ''}>${page.body}</div>` +
    `<script type="application/json" id="ssr-state">${page.state}</script>${afterRoot}`;
}

/** `text` split just before the first `mark` (which the built index.html always holds), the mark kept in the second part. */
function cutBefore(text: string, mark: string): [string, string] {
  const at = text.indexOf(mark);
  if (at < 0) throw new Error(`index.html has no ${mark}`);
  return [text.slice(0, at), text.slice(at)];
}

/** `text` split around the first `mark` (which the built index.html always holds). */
function cut(text: string, mark: string): [string, string] {
  const at = text.indexOf(mark);
  if (at < 0) throw new Error(`index.html has no ${mark}`);
  return [text.slice(0, at), text.slice(at + mark.length)];
}

/**
 * Server-rendered public pages (docs/decisions/023): the web app's server entry renders them from the modules'
 * services; 200 answers are kept in the response cache with the tags of what they show, so the writes that evict
 * the API's answers evict the pages too, in every process.
 */
export async function createPageRenderer(app: FastifyInstance): Promise<PageRenderer | null> {
  const build = await loadSsrBuild(app.config.webDist);
  if (!build) {
    app.log.warn('no server entry beside the built web app: public pages are rendered in the browser');
    return null;
  }
  const data = pageData(app.db);
  const documentOf = documentMaker(build);
  const origin = (app.config.PUBLIC_URL ?? `http://localhost:${app.config.PORT}`).replace(/\/$/, '');
  const cache = app.responseCache;

  const sendHtml = (req: FastifyRequest, reply: FastifyReply, status: number, body: string, etag: string | undefined, hit: boolean) => {
    reply.code(status).header('cache-control', PAGE_CACHE_CONTROL).header('vary', 'Accept, Sec-Fetch-Mode, Cookie').header('x-cache', hit ? 'hit' : 'miss');
    if (etag) {
      reply.header('etag', etag);
      if (req.headers['if-none-match'] === etag) return reply.code(304).send();
    }
    return reply.type('text/html; charset=utf-8').send(body);
  };

  return {
    async send(req, reply) {
      const address = pageAddress(req.url);
      // A customer's page shows the account menu where a visitor's shows "Login": two copies of each page, and
      // no one's name in either (the browser fills it in).
      const session = req.cookies[SESSION_COOKIE] ? (await req.identity())?.role === 'customer' : false;
      const key = `page\n${address}${session ? '\ncustomer' : ''}`;
      const hit = cache.get(key);
      if (hit) {
        await sendHtml(req, reply, 200, hit.body, hit.etag, true);
        return true;
      }
      const generation = cache.generation;
      let page: RenderedPage | null;
      try {
        page = await build.entry.render(address, data, origin, { session });
      } catch (err) {
        // The browser can still render it: index.html is the page as it was before server rendering.
        req.log.error({ err }, 'server rendering failed; sending index.html');
        return false;
      }
      if (!page) return false;
      if (page.status >= 500) return false;
      const html = documentOf(page, session);
      const entry = page.status === 200 && generation === cache.generation ? cache.set(key, html, 'text/html; charset=utf-8', page.tags) : undefined;
      await sendHtml(req, reply, page.status, html, entry?.etag, false);
      return true;
    },
  };
}
