import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { LOCALE_COOKIE, localePath, pickLocale, splitLocalePath } from '@nirmaan/shared/i18n';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The server-rendered pages' addresses (docs/decisions/023) that no API call shares, as routes of their own: the
 * compression plugin applies to routes, not to the not-found fallback, which still serves other spellings.
 */
const PAGE_PATHS = ['/product', '/service', '/service/details/:id', '/Category', '/about', '/viewstore'];

/** The languages with addresses of their own (docs/decisions/040-languages.md); English keeps the spec's. */
const PREFIXES = ['hi', 'te', 'mr'];

/**
 * Where a page load of an unprefixed address goes when the visitor's language is not English: their remembered
 * choice (the cookie), else their browser's (`Accept-Language`). The operator console stays English; a prefixed
 * address is already in its language. Null: serve the address as it is.
 */
export function localeRedirect(req: FastifyRequest): string | null {
  const pathname = req.url.split('?')[0]!;
  if (splitLocalePath(pathname).basename || /^\/ops(\/|$)/i.test(pathname)) return null;
  const cookie = (req.cookies as Record<string, string | undefined> | undefined)?.[LOCALE_COOKIE];
  const locale = pickLocale(cookie, req.headers['accept-language']);
  return locale === 'en' ? null : localePath(locale, req.url);
}

/** Paths the SPA owns that a JSON API route also answers (`GET /product/{id}`). */
const SHARED_PATHS = [/^\/product\/[^/?]+\/?$/i];

/** A browser page load (not a fetch from the app): it gets the SPA where a page and a call share a path. */
export const wantsHtml = (req: FastifyRequest) => {
  const accept = req.headers.accept ?? '';
  return req.headers['sec-fetch-mode'] === 'navigate' || (accept.includes('text/html') && !accept.includes('application/json'));
};

/** Glob's special characters, escaped so a file's own name is matched literally. */
const globLiteral = (file: string) => file.replace(/[[\]{}()*?!+@\\]/g, '\\$&');

/**
 * The built files whose address a route of ours already answers (robots.txt, sitemap.xml, a page's path): another
 * frontend's build may ship its own, and registering both would stop the start with FST_ERR_DUPLICATED_ROUTE. Our
 * generated ones win, with a warning, so the deployment knows its copy is not served.
 */
function shadowedFiles(app: FastifyInstance, webDist: string): string[] {
  const files = readdirSync(webDist, { recursive: true, encoding: 'utf8' })
    .map((f) => f.split(path.sep).join('/'))
    // fastify-static serves no dotfiles (serveDotFiles is off), so those cannot collide.
    .filter((f) => !f.split('/').some((part) => part.startsWith('.')) && statSync(path.join(webDist, f)).isFile());
  const shadowed = files.filter((f) => PAGE_PATHS.includes(`/${f}`) || app.hasRoute({ method: 'GET', url: `/${f}` }));
  for (const file of shadowed) {
    app.log.warn(`${path.join(webDist, file)} is not served: the server answers /${file} itself`);
  }
  return shadowed.map(globLiteral);
}

/**
 * Serves the images that ship with the server, and the built SPA with history fallback: a page load
 * of any SPA route gets index.html, while API clients asking for JSON get the API.
 */
export async function registerWeb(
  app: FastifyInstance,
  opts: { webDist: string; imagesDir: string; pages?: { send(req: FastifyRequest, reply: FastifyReply): Promise<boolean> } | null },
) {
  await app.register(fastifyStatic, {
    root: opts.imagesDir,
    prefix: '/images/',
    decorateReply: false,
    cacheControl: false,
    setHeaders: (res) => res.setHeader('cache-control', 'public, max-age=86400'),
  });

  const hasSpa = existsSync(path.join(opts.webDist, 'index.html'));
  if (!hasSpa) {
    app.log.warn(`no built web app in ${opts.webDist}: serving the API only (run npm run build)`);
    return;
  }

  await app.register(fastifyStatic, {
    root: opts.webDist,
    prefix: '/',
    wildcard: false,
    globIgnore: shadowedFiles(app, opts.webDist),
    index: false,
    // The build's `.br` and `.gz` beside each text file (apps/web/vite.config.ts), sent as they are: smaller than
    // compressing per request, and no CPU for it. The plugin (9.x) does not say the answer varies with the request's
    // encodings, so a shared cache would hand brotli to a client that cannot read it: `Vary` is set here.
    preCompressed: true,
    cacheControl: false,
    setHeaders: (res, filePath) => {
      res.setHeader('cache-control', filePath.includes(`${path.sep}assets${path.sep}`) ? IMMUTABLE : 'no-cache');
      res.setHeader('vary', 'Accept-Encoding');
    },
  });

  const sendIndex = (reply: FastifyReply) => reply.header('cache-control', 'no-cache').sendFile('index.html', opts.webDist);
  /**
   * A public page comes server-rendered (docs/decisions/023); any other page is index.html. A visitor whose language
   * is not English is first sent to the page's address in their language (never cached: it depends on the cookie
   * and the header).
   */
  const sendPage = async (req: FastifyRequest, reply: FastifyReply) => {
    const localized = localeRedirect(req);
    if (localized) return reply.header('cache-control', 'no-store').header('vary', 'Cookie, Accept-Language').redirect(localized, 302);
    if (opts.pages && (await opts.pages.send(req, reply))) return reply;
    return sendIndex(reply);
  };

  app.get('/', { schema: { hide: true } }, (req, reply) => sendPage(req, reply));
  for (const url of PAGE_PATHS) {
    app.get(url, { schema: { hide: true } }, (req, reply) => (wantsHtml(req) ? sendPage(req, reply) : reply.callNotFound()));
  }
  // Each language's public pages as routes too (compressed like the English ones); its other pages fall back.
  for (const prefix of PREFIXES) {
    for (const url of ['', ...PAGE_PATHS, '/product/:id']) {
      app.get(`/${prefix}${url}`, { schema: { hide: true } }, (req, reply) => (wantsHtml(req) ? sendPage(req, reply) : reply.callNotFound()));
    }
  }

  app.addHook('onRequest', async (req, reply) => {
    if (req.method === 'GET' && wantsHtml(req) && SHARED_PATHS.some((re) => re.test(req.url.split('?')[0]!))) {
      return sendPage(req, reply);
    }
  });

  return { sendIndex, sendPage };
}
