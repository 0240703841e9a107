import type { Product, ProductDetail, VendorProfile } from '@nirmaan/shared/api';
import { DEFAULT_LOCALE, LOCALES, localePath, type Locale } from '@nirmaan/shared/i18n';

/** What a server-rendered page puts in `<head>` besides the `<title>` its component renders. */
export interface Head {
  title: string;
  description: string;
  /** Path and query of the page's one address; made absolute with the public origin. */
  canonical: string;
  /** An image path or URL; made absolute. */
  image?: string;
  ogType?: 'website' | 'product' | 'profile';
  /** Rupees, for `product:price:amount`. */
  price?: number;
  jsonLd: object[];
}

const SITE = 'Nirmaan';
const DEFAULT_IMAGE = '/icons/icon-512.png';

/** schema.org's most specific business type for a trade (HomeAndConstructionBusiness and its subtypes). */
const BUSINESS_TYPES: Record<string, string> = {
  Plumber: 'Plumber',
  Electrician: 'Electrician',
  Painter: 'HousePainter',
  'HVAC Engineer': 'HVACBusiness',
  Contractor: 'GeneralContractor',
  'Civil Mason': 'GeneralContractor',
  Carpenter: 'GeneralContractor',
  'Waterproofing Consultant': 'RoofingContractor',
};

export const businessType = (category: string, kind: VendorProfile['Kind']) =>
  kind === 'seller' ? 'HomeAndConstructionBusiness' : (BUSINESS_TYPES[category] ?? 'HomeAndConstructionBusiness');

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const SCRIPT_ESCAPES: Record<string, string> = { '<': '\\u003c', '>': '\\u003e', '&': '\\u0026', '\u2028': '\\u2028', '\u2029': '\\u2029' };

/** JSON inside `<script>`: `<`, `>`, `&` and the line separators are escaped (one pass), so no value can close the element. */
export const scriptJson = (value: unknown) => JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => SCRIPT_ESCAPES[c]!);

export const absolute = (origin: string, pathOrUrl: string) => new URL(pathOrUrl, origin).href;

export function breadcrumbs(origin: string, items: [name: string, path: string][]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map(([name, path], i) => ({ '@type': 'ListItem', position: i + 1, name, item: absolute(origin, path) })),
  };
}

export function itemList(origin: string, paths: string[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    itemListElement: paths.map((path, i) => ({ '@type': 'ListItem', position: i + 1, url: absolute(origin, path) })),
  };
}

const rating = (value: number | null, count: number) =>
  value !== null && count > 0 ? { aggregateRating: { '@type': 'AggregateRating', ratingValue: value, reviewCount: count, bestRating: 5, worstRating: 1 } } : {};

export function productLd(origin: string, p: ProductDetail) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: p.ProductName,
    description: p.ProductDescription,
    sku: p._id,
    category: p.ProductCategory,
    image: p.ProductUrl.map((u) => absolute(origin, u)),
    ...(p.ProductBrand ? { brand: { '@type': 'Brand', name: p.ProductBrand } } : {}),
    offers: {
      '@type': 'Offer',
      url: absolute(origin, `/product/${p._id}`),
      price: p.ProductPrice.toFixed(2),
      priceCurrency: 'INR',
      availability: p.InStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      seller: { '@type': 'Organization', name: p.Vendor.Business_Name },
    },
    ...rating(p.ProductReview, p.ProductReviewCount),
  };
}

export function businessLd(origin: string, v: VendorProfile, path: string) {
  return {
    '@context': 'https://schema.org',
    '@type': businessType(v.Category, v.Kind),
    name: v.Business_Name,
    url: absolute(origin, path),
    description: (v.Business_Description.trim() || v.description.trim() || `${v.Category} in ${v.City}`).slice(0, 300),
    ...(v.Profile_Image ? { image: absolute(origin, v.Profile_Image) } : {}),
    address: { '@type': 'PostalAddress', streetAddress: v.Business_address, addressLocality: v.City, addressCountry: 'IN' },
    ...(v.Charge_Per_Hour_or_Day !== null ? { priceRange: `₹${v.Charge_Per_Hour_or_Day}${v.Charge_Type ? ` per ${v.Charge_Type}` : ''}` } : {}),
    ...rating(v.Rating, v.ReviewCount),
  };
}

export const productPath = (p: Pick<Product, '_id'>) => `/product/${p._id}`;

/**
 * The head's tags: description, canonical, the page's address in every language (`hreflang`, English as
 * `x-default`), Open Graph, Twitter card and JSON-LD, every URL absolute. `head.canonical` is the unprefixed path.
 */
export function headHtml(origin: string, head: Head, locale: Locale = DEFAULT_LOCALE): string {
  const url = absolute(origin, localePath(locale, head.canonical));
  const alternate = (hreflang: string, l: Locale) =>
    `<link rel="alternate" hreflang="${hreflang}" href="${escapeHtml(absolute(origin, localePath(l, head.canonical)))}">`;
  const image = absolute(origin, head.image ?? DEFAULT_IMAGE);
  const meta = (attr: 'name' | 'property', key: string, value: string) => `<meta ${attr}="${key}" content="${escapeHtml(value)}">`;
  return [
    meta('name', 'description', head.description),
    `<link rel="canonical" href="${escapeHtml(url)}">`,
    ...LOCALES.map((l) => alternate(`${l}-IN`, l)),
    alternate('x-default', DEFAULT_LOCALE),
    meta('property', 'og:site_name', SITE),
    meta('property', 'og:type', head.ogType ?? 'website'),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', url),
    meta('property', 'og:image', image),
    meta('property', 'og:locale', `${locale}_IN`),
    ...LOCALES.filter((l) => l !== locale).map((l) => meta('property', 'og:locale:alternate', `${l}_IN`)),
    ...(head.price !== undefined
      ? [meta('property', 'product:price:amount', head.price.toFixed(2)), meta('property', 'product:price:currency', 'INR')]
      : []),
    meta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
    meta('name', 'twitter:image', image),
    ...head.jsonLd.map((ld) => `<script type="application/ld+json">${scriptJson(ld)}</script>`),
  ].join('');
}

export const clip = (text: string, max = 160) => {
  const t = text.replace(/\s+/g, ' ').trim();
  return t.length <= max ? t : `${t.slice(0, max - 1).trimEnd()}…`;
};
