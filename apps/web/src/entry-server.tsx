/// <reference types="node" />
/**
 * The server's entry (vite's SSR build, `dist-ssr/entry-server.js`): renders a public page with the same
 * components as the browser, its data fetched in-process and handed to the browser as dehydrated queries
 * (docs/decisions/023-server-rendered-public-pages.md).
 */
import { StrictMode, type ReactNode } from 'react';
import { Writable } from 'node:stream';
import { renderToPipeableStream, renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { dehydrate, QueryClient } from '@tanstack/react-query';
import type { I18n } from '@lingui/core';
import { splitLocalePath, type Locale } from '@nirmaan/shared/i18n';
import { catalogueModule, loadI18n } from './lib/i18n.ts';
import { Providers } from './app/providers.tsx';
import { AppRoutes } from './app/router.tsx';
import { headHtml, scriptJson } from './ssr/head.ts';
import { planPage } from './ssr/pages.ts';
import type { SsrEntry } from '@nirmaan/shared/ssr';

const app = (url: URL, client: QueryClient, session: boolean, i18n: I18n, basename: string) => (
  <StrictMode>
    <Providers client={client} session={session} i18n={i18n}>
      <StaticRouter location={url.pathname + url.search} basename={basename}>
        <AppRoutes />
      </StaticRouter>
    </Providers>
  </StrictMode>
);

/** React's output, whole, waiting for every lazy chunk: every query is filled before rendering. */
function renderStreamed(element: ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    let html = '';
    const sink = new Writable({
      write(chunk: Buffer | string, _enc, done) {
        html += typeof chunk === 'string' ? chunk : chunk.toString('utf8');
        done();
      },
      final(done) {
        resolve(html);
        done();
      },
    });
    const stream = renderToPipeableStream(element, {
      // Every boundary inline, none sent later with an inline script: the page reads without JavaScript and
      // passes the CSP (script-src 'self'); the whole answer is cached anyway.
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      onAllReady: () => stream.pipe(sink),
      onShellError: reject,
      onError: (err) => {
        reject(err);
      },
    });
  });
}

/** What React writes for a Suspense boundary it left for the browser to render (it suspended in a synchronous render). */
const CLIENT_RENDERED_BOUNDARY = '<!--$!-->';

/**
 * The page's markup. Its data is all in the client, so only a lazy chunk not yet loaded in this process can suspend:
 * `renderToString` (one synchronous pass, a string, no stream to encode and decode) gives the same markup whenever
 * nothing suspends, and the streamed render, which waits, takes over when something did (a page's first render).
 */
async function renderBody(url: URL, client: QueryClient, session: boolean, i18n: I18n, basename: string): Promise<string> {
  const element = () => app(url, client, session, i18n, basename);
  let html: string;
  try {
    html = renderToString(element());
  } catch {
    // It suspended outside any boundary (or failed): the streamed render waits, or reports the failure itself.
    return renderStreamed(element());
  }
  return html.includes(CLIENT_RENDERED_BOUNDARY) ? renderStreamed(element()) : html;
}

/** Each language's catalogue, loaded once per process; an instance is only read once loaded, so renders share it. */
const languages = new Map<Locale, Promise<I18n>>();
const i18nOf = (locale: Locale) => {
  let i18n = languages.get(locale);
  if (!i18n) languages.set(locale, (i18n = loadI18n(locale)));
  return i18n;
};

/** What React hoists to the front of its output: the page's `<title>` and the preloads of the images it shows first. */
const HOISTED = /^(?:<link [^>]*>|<meta [^>]*>|<title>[^<]*<\/title>)+/;

/**
 * `html` split into React's hoisted tags and the rest. The tags go to `<head>`, ahead of the scripts and styles, so a
 * browser asks for the largest image before the page's code, which paints nothing the server has not already drawn.
 */
function splitHoisted(html: string): [hoisted: string, rest: string] {
  const found = HOISTED.exec(html)?.[0] ?? '';
  return [found, html.slice(found.length)];
}

/**
 * Renders `url` (a path and query, `/hi/...` in Hindi) or answers null when the page is rendered in the browser only.
 * The page is planned from its unprefixed path; the router renders below the language's prefix, as in the browser.
 */
export const render: SsrEntry['render'] = async (path, data, origin, visitor = { session: false }) => {
  const url = new URL(path, origin);
  const { locale, basename, rest } = splitLocalePath(url.pathname);
  const page = new URL(rest + url.search, origin);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 60_000 } } });
  const i18n = await i18nOf(locale);
  const plan = await planPage(client, data, page, origin, i18n);
  if (!plan) return null;
  const [hoisted, body] = splitHoisted(await renderBody(url, client, visitor.session, i18n, basename));
  const state = scriptJson(dehydrate(client, { shouldDehydrateQuery: () => true }));
  client.clear();
  return {
    status: plan.status, tags: plan.tags, head: hoisted + headHtml(origin, plan.head, locale), body, state, module: plan.module,
    lang: `${locale}-IN`, catalogue: catalogueModule(locale),
  };
};
