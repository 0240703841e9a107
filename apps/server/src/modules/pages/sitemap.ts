import { Readable } from 'node:stream';
import { MATERIAL_CATEGORIES, SERVICE_CATEGORIES } from '@nirmaan/shared';
import { LOCALES, localePath } from '@nirmaan/shared/i18n';
import type { Db } from '../../db/client.ts';
import { sitemapProductChunk, sitemapProducts } from '../catalogue/service.ts';
import { sitemapVendors, vendorsLastChanged } from '../vendors/service.ts';

/** The protocol's limit of URLs in one sitemap. */
export const SITEMAP_MAX_URLS = 50_000;
/** Rows read per statement while streaming: memory stays at one batch whatever the catalogue's size. */
const BATCH = 2_000;
/** Before every uuid: the keyset's start. */
export const FIRST_ID = '00000000-0000-0000-0000-000000000000';

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const url = (loc: string, lastmod?: string) => `<url><loc>${esc(loc)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>\n`;

/** A page's address in every language (docs/decisions/040-languages.md), English's first: one `<url>` each. */
const urls = (origin: string, path: string, lastmod?: string) => LOCALES.map((l) => url(`${origin}${localePath(l, path)}`, lastmod)).join('');

/** Pages per sitemap: each is listed once per language, within the protocol's limit. */
const PAGES_PER_MAP = Math.floor(SITEMAP_MAX_URLS / LOCALES.length);

/**
 * The sitemap index: the fixed pages, the vendors, and the products in chunks of at most 50,000 found by keyset
 * (one statement per chunk reads its last id and newest change), so no statement holds the catalogue.
 */
export async function* sitemapIndex(db: Db, origin: string): AsyncGenerator<string> {
  yield `${XML_HEAD}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n`;
  yield `<sitemap><loc>${esc(`${origin}/sitemaps/pages.xml`)}</loc></sitemap>\n`;
  const vendorsAt = await vendorsLastChanged(db);
  yield `<sitemap><loc>${esc(`${origin}/sitemaps/vendors.xml`)}</loc>${vendorsAt ? `<lastmod>${vendorsAt}</lastmod>` : ''}</sitemap>\n`;
  let after = FIRST_ID;
  for (;;) {
    const chunk = await sitemapProductChunk(db, after, PAGES_PER_MAP);
    if (!chunk) break;
    yield `<sitemap><loc>${esc(`${origin}/sitemaps/products.xml?after=${after}&through=${chunk.through}`)}</loc><lastmod>${chunk.lastmod}</lastmod></sitemap>\n`;
    after = chunk.through;
  }
  yield '</sitemapindex>\n';
}

const urlset = `${XML_HEAD}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n`;

/** One chunk of products, `after < id <= through`, read `BATCH` rows at a time by keyset, each in every language. */
export async function* productSitemap(db: Db, origin: string, after: string, through: string): AsyncGenerator<string> {
  yield urlset;
  let cursor = after;
  for (let sent = 0; sent < PAGES_PER_MAP;) {
    const rows = await sitemapProducts(db, cursor, through, Math.min(BATCH, PAGES_PER_MAP - sent));
    if (rows.length === 0) break;
    yield rows.map((r) => urls(origin, `/product/${r.id}`, r.lastmod)).join('');
    sent += rows.length;
    cursor = rows.at(-1)!.id;
  }
  yield '</urlset>\n';
}

/** Public professionals' profiles and sellers' stores, at most 50,000, by keyset. */
export async function* vendorSitemap(db: Db, origin: string): AsyncGenerator<string> {
  yield urlset;
  let cursor = FIRST_ID;
  for (let sent = 0; sent < PAGES_PER_MAP;) {
    const rows = await sitemapVendors(db, cursor, Math.min(BATCH, PAGES_PER_MAP - sent));
    if (rows.length === 0) break;
    yield rows
      .map((r) => urls(origin, r.kind === 'seller' ? `/viewstore?vendor=${r.id}` : `/service/details/${r.id}`, r.lastmod))
      .join('');
    sent += rows.length;
    cursor = rows.at(-1)!.id;
  }
  yield '</urlset>\n';
}

/** The fixed pages and every category's list. */
export function pagesSitemap(origin: string): string {
  const paths = [
    '/', '/Category', '/Category?type=materials', '/about',
    ...MATERIAL_CATEGORIES.map((c) => `/product?search=${encodeURIComponent(c.name)}`),
    ...SERVICE_CATEGORIES.map((c) => `/service?search=${encodeURIComponent(c.name)}`),
  ];
  return `${urlset}${paths.map((p) => urls(origin, p)).join('')}</urlset>\n`;
}

export const streamOf = (chunks: AsyncGenerator<string>) => Readable.from(chunks, { objectMode: false });

/** The private pages, in every language's addresses. */
const PRIVATE_PAGES = ['/Cart', '/myorder', '/profile', '/vendor', '/ops', '/customer/'];

export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    ...LOCALES.flatMap((l) => PRIVATE_PAGES.map((p) => `Disallow: ${localePath(l, p)}`)),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}
