/**
 * `npm run bench`: every part in turn, each of which also runs alone (docs/architecture.md):
 *   npm run bench:api     the built server under autocannon: catalogue calls, a product, a vendor profile,
 *                         uncached pages and searches, as ratios of /api/ping; RSS; start-up times
 *   npm run bench:ssr     server-rendered pages: a cached page load as a ratio of /api/ping, an uncached product
 *                         page's p50/p99 on 1 and 4 connections with the server's CPU per page, the whole sitemap
 *                         streamed (time, peak RSS)
 *   npm run bench:search  p50/p95 of the header search for common, rare and misspelt terms (uncached)
 *   npm run bench:web     initial-route JS/CSS (gzip, brotli) and Lighthouse 12 mobile/desktop
 *   npm run bench:chat    chat delivery latency, 1,000 sockets at 1,000 messages/s, one and two processes
 *   npm run bench:start   the first start of a fresh clone on PGlite (7 fresh data directories): the server's
 *                         "ready in" and spawn to the first /api/ping, medians and worst
 *   npm run bench:gateway health, search and login p99 while 12 online orders and 5 refunds wait on a gateway
 *                         answering after 8 s, against idle (PGlite and PostgreSQL)
 * With DATABASE_URL, api, ssr and search run against that PostgreSQL database (e.g. 1M products from
 * `npm run seed:large`); web always uses PGlite with the demo catalogue; chat always needs PostgreSQL (a fresh
 * database on DATABASE_URL's server, default the local one) and REDIS_URL for its Redis runs.
 * Results: bench/results/<part>-<engine>-<time>.json.
 */
import { benchApi } from './api.ts';
import { benchChat } from './chat.ts';
import { benchGateway } from './gateway.ts';
import { benchSearch } from './search.ts';
import { benchSsr } from './ssr.ts';
import { benchStart } from './start.ts';
import { benchWeb } from './web.ts';

async function main() {
  const databaseUrl = process.env.DATABASE_URL;
  await benchApi({ databaseUrl });
  await benchSsr({ databaseUrl });
  await benchSearch({ databaseUrl });
  await benchWeb();
  await benchChat();
  await benchGateway();
  if (!databaseUrl) await benchStart();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
