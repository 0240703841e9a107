/**
 * `npm run bench`: every part in turn, each of which also runs alone (DESIGN.md §8, issue 13):
 *   npm run bench:api     the built server under autocannon: catalogue calls, a product, a vendor profile,
 *                         uncached pages and searches, as ratios of /api/ping; RSS; start-up times
 *   npm run bench:search  p50/p95 of the header search for common, rare and misspelt terms (uncached)
 *   npm run bench:web     initial-route JS/CSS (gzip, brotli) and Lighthouse 12 mobile/desktop
 * With DATABASE_URL, api and search run against that PostgreSQL database (e.g. 1M products from
 * `npm run seed:large`); web always uses PGlite with the demo catalogue. Chat has its own `npm run bench:chat`.
 * Results: bench/results/<part>-<engine>-<time>.json.
 */
import { benchApi } from './api.ts';
import { benchSearch } from './search.ts';
import { benchWeb } from './web.ts';

async function main() {
  const databaseUrl = process.env.DATABASE_URL;
  await benchApi({ databaseUrl });
  await benchSearch({ databaseUrl });
  await benchWeb();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
