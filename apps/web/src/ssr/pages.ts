import type { QueryClient } from '@tanstack/react-query';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { isLocale, localePath } from '@nirmaan/shared/i18n';
import { matchPath } from 'react-router';
import { DEFAULT_MATERIAL_CATEGORY, DEFAULT_SERVICE_CATEGORY, MAX_PRICE_DEFAULT } from '@nirmaan/shared/constants';
import { MSG } from '@nirmaan/shared/messages';
import { formatRupees } from '@nirmaan/shared/money';
import { productPagesKey } from '../features/products/api/product-pages.ts';
import { productKeys } from '../features/products/api/products.ts';
import { productQuery } from '../features/products/filter-products.ts';
import { initialFilters } from '../features/products/routes/materials-page.tsx';
import { serviceKeys } from '../features/services/api/services.ts';
import { NO_SERVICE_FILTERS, serviceQuery } from '../features/services/filter-services.ts';
import { storeKeys } from '../features/store/api/store.ts';
import {
  breadcrumbs as breadcrumbsAt, businessLd, clip, itemList as itemListAt, productLd, productPath, type Head,
} from './head.ts';
import { term } from '../lib/terms.ts';
import type { PageData } from '@nirmaan/shared/ssr';

/** What the server sends for a rendered page besides its body: the status and the head. */
export interface PagePlan { status: number; head: Head; tags: string[] }

/** `at`: a path in the page's language's addresses (the head's canonical is prefixed by headHtml). */
interface Ctx {
  client: QueryClient; data: PageData; url: URL; origin: string; params: Record<string, string | undefined>; i18n: I18n;
  at: (path: string) => string;
}

const breadcrumbs = (at: Ctx['at'], origin: string, items: [name: string, path: string][]) =>
  breadcrumbsAt(origin, items.map(([n, p]) => [n, at(p)]));
const itemList = (at: Ctx['at'], origin: string, paths: string[]) => itemListAt(origin, paths.map(at));

const failed = (client: QueryClient, key: readonly unknown[]) => client.getQueryState(key)?.status === 'error';
const statusOf = (client: QueryClient, key: readonly unknown[]) => {
  const err = client.getQueryState(key)?.error as { status?: number } | null | undefined;
  return typeof err?.status === 'number' ? err.status : 500;
};

const HOME_LD = (origin: string) => ({
  '@context': 'https://schema.org',
  '@type': 'WebSite',
  name: 'Nirmaan',
  url: `${origin}/`,
  potentialAction: { '@type': 'SearchAction', target: `${origin}/product?search={search_term_string}`, 'query-input': 'required name=search_term_string' },
});

async function landing({ origin, i18n }: Ctx): Promise<PagePlan> {
  return {
    status: 200, tags: [],
    head: {
      title: i18n._(msg`Nirmaan — Hire construction professionals and buy building materials`),
      description: i18n._(msg`Book trusted construction professionals and buy building materials across India: cement, steel, bricks, plumbers, electricians and more.`),
      canonical: '/', jsonLd: [HOME_LD(origin)],
    },
  };
}

async function categories({ url, origin, i18n, at }: Ctx): Promise<PagePlan> {
  const materials = url.searchParams.get('type') === 'materials';
  return {
    status: 200, tags: [],
    head: {
      title: i18n._(msg`Categories — Nirmaan`),
      description: i18n._(msg`Browse every category of construction professional and building material on Nirmaan.`),
      canonical: materials ? '/Category?type=materials' : '/Category',
      jsonLd: [breadcrumbs(at, origin, [[i18n._(msg`Home`), '/'], [i18n._(msg`Categories`), '/Category']])],
    },
  };
}

async function about({ origin, i18n, at }: Ctx): Promise<PagePlan> {
  return {
    status: 200, tags: [],
    head: {
      title: i18n._(msg`About — Nirmaan`),
      description: i18n._(msg`Nirmaan connects homeowners with verified construction professionals and quality building materials.`),
      canonical: '/about', jsonLd: [breadcrumbs(at, origin, [[i18n._(msg`Home`), '/'], [i18n._(msg`About`), '/about']])],
    },
  };
}

async function materials({ client, data, url, origin, i18n, at }: Ctx): Promise<PagePlan> {
  const term = url.searchParams.get('search')?.trim() || DEFAULT_MATERIAL_CATEGORY;
  const filters = initialFilters(term);
  const queryKey = productPagesKey(term, filters);
  await client.prefetchInfiniteQuery({
    queryKey, initialPageParam: null as string | null,
    queryFn: () => data.productPage(productQuery(term, filters, MAX_PRICE_DEFAULT, null)),
  });
  const items = client.getQueryData<{ pages: { items: { _id: string }[] }[] }>(queryKey)?.pages[0]?.items ?? [];
  const canonical = `/product?search=${encodeURIComponent(term)}`;
  const name = termOf(i18n, term);
  return {
    status: failed(client, queryKey) ? statusOf(client, queryKey) : 200, tags: ['products'],
    head: {
      title: i18n._(msg`${name} — Building materials | Nirmaan`),
      description: i18n._(msg`Buy ${name} online from verified sellers: compare prices, brands and delivery across India on Nirmaan.`),
      canonical,
      jsonLd: [breadcrumbs(at, origin, [[i18n._(msg`Home`), '/'], [i18n._(msg`Materials`), '/product'], [name, canonical]]), itemList(at, origin, items.map(productPath))],
    },
  };
}

async function services({ client, data, url, origin, i18n, at }: Ctx): Promise<PagePlan> {
  const term = url.searchParams.get('search')?.trim() || DEFAULT_SERVICE_CATEGORY;
  const queryKey = [...serviceKeys.list(term), NO_SERVICE_FILTERS, 1];
  await client.prefetchQuery({ queryKey, queryFn: () => data.servicePage(serviceQuery(term, NO_SERVICE_FILTERS, 1)) });
  const list = client.getQueryData<{ services: { _id: string }[] }>(queryKey)?.services ?? [];
  const canonical = `/service?search=${encodeURIComponent(term)}`;
  const name = termOf(i18n, term);
  return {
    status: failed(client, queryKey) ? statusOf(client, queryKey) : 200, tags: ['vendors'],
    head: {
      title: i18n._(msg`${name} — Book professionals | Nirmaan`),
      description: i18n._(msg`Hire verified ${name} professionals near you: compare ratings, charges and past projects on Nirmaan.`),
      canonical,
      jsonLd: [
        breadcrumbs(at, origin, [[i18n._(msg`Home`), '/'], [i18n._(msg`Services`), '/service'], [name, canonical]]),
        itemList(at, origin, list.map((v) => `/service/details/${v._id}`)),
      ],
    },
  };
}

async function product({ client, data, origin, params, i18n, at }: Ctx): Promise<PagePlan> {
  const id = params.id ?? '';
  const tags = [`product:${id}`, 'products'];
  // One read answers the page's three queries (the server reads them side by side); the detail query holds its error.
  let view: Awaited<ReturnType<PageData['productView']>> | undefined;
  await client.prefetchQuery({ queryKey: productKeys.detail(id), queryFn: async () => (view = await data.productView(id)).product });
  if (!view) {
    return {
      status: statusOf(client, productKeys.detail(id)), tags,
      head: { title: i18n._(msg`Product not found | Nirmaan`), description: MSG.productNotFound, canonical: `/product/${encodeURIComponent(id)}`, jsonLd: [] },
    };
  }
  const p = view.product;
  client.setQueryData(productKeys.reviews(id), view.reviews);
  client.setQueryData(productKeys.related(id, p.ProductCategory), view.related);
  const category = `/product?search=${encodeURIComponent(p.ProductCategory)}`;
  return {
    status: 200, tags: [...tags, `vendor:${p.Vendor._id}`],
    head: {
      title: `${p.ProductName} | Nirmaan`,
      description: clip(productDescription(i18n, p)),
      canonical: productPath(p), image: p.ProductUrl[0], ogType: 'product', price: p.ProductPrice,
      jsonLd: [
        productLd(origin, p),
        breadcrumbs(at, origin, [[i18n._(msg`Home`), '/'], [termOf(i18n, p.ProductCategory), category], [p.ProductName, productPath(p)]]),
      ],
    },
  };
}

async function vendor({ client, data, origin, params, i18n, at }: Ctx): Promise<PagePlan> {
  const id = params.id ?? '';
  const path = `/service/details/${encodeURIComponent(id)}`;
  await client.prefetchQuery({ queryKey: serviceKeys.vendor(id), queryFn: () => data.vendorProfile(id) });
  const v = client.getQueryData<Awaited<ReturnType<PageData['vendorProfile']>>>(serviceKeys.vendor(id));
  if (!v) {
    return { status: statusOf(client, serviceKeys.vendor(id)), tags: [`vendor:${id}`], head: { title: i18n._(msg`No vendor found | Nirmaan`), description: MSG.noVendorFound, canonical: path, jsonLd: [] } };
  }
  await Promise.all([
    client.prefetchQuery({ queryKey: serviceKeys.projects(id), queryFn: () => data.vendorProjects(id) }),
    client.prefetchQuery({ queryKey: serviceKeys.reviews(id), queryFn: () => data.vendorReviews(id) }),
  ]);
  const list = `/service?search=${encodeURIComponent(v.Category)}`;
  return {
    status: 200, tags: [`vendor:${id}`],
    head: {
      title: `${v.Business_Name} — ${termOf(i18n, v.Category)} | Nirmaan`,
      description: clip(vendorDescription(i18n, v)),
      canonical: path, image: v.Profile_Image ?? undefined, ogType: 'profile',
      jsonLd: [businessLd(origin, v, path), breadcrumbs(at, origin, [[i18n._(msg`Home`), '/'], [termOf(i18n, v.Category), list], [v.Business_Name, path]])],
    },
  };
}

async function store({ client, data, url, origin, i18n, at }: Ctx): Promise<PagePlan> {
  const id = url.searchParams.get('vendor') ?? '';
  const path = `/viewstore?vendor=${encodeURIComponent(id)}`;
  const notFound = (status: number): PagePlan => ({
    status, tags: [`vendor:${id}`], head: { title: i18n._(msg`Vendor not found | Nirmaan`), description: MSG.vendorNotFound, canonical: path, jsonLd: [] },
  });
  if (!id) return notFound(404);
  await Promise.all([
    client.prefetchQuery({ queryKey: storeKeys.vendor(id), queryFn: () => data.storeVendor(id) }),
    client.prefetchQuery({ queryKey: storeKeys.products(id), queryFn: () => data.storeProducts(id) }),
  ]);
  const v = client.getQueryData<Awaited<ReturnType<PageData['storeVendor']>>>(storeKeys.vendor(id));
  if (!v) return notFound(statusOf(client, storeKeys.vendor(id)));
  const products = client.getQueryData<{ _id: string }[]>(storeKeys.products(id)) ?? [];
  return {
    status: 200, tags: [`vendor:${id}`, 'products'],
    head: {
      title: i18n._(msg`${v.Business_Name} — Store | Nirmaan`),
      description: clip(`${v.Business_Name}${v.City ? `, ${v.City}` : ''}: ${v.Business_Description || MSG.storeFallbackDescription}`),
      canonical: path, image: v.Profile_Image ?? undefined,
      jsonLd: [
        businessLd(origin, v, path),
        breadcrumbs(at, origin, [[i18n._(msg`Home`), '/'], [i18n._(msg`Materials`), '/product'], [v.Business_Name, path]]),
        itemList(at, origin, products.map(productPath)),
      ],
    },
  };
}

/** A product's description line: its price per unit and seller, then the seller's own words (not translated). */
function productDescription(i18n: I18n, p: Awaited<ReturnType<PageData['productView']>>['product']) {
  const price = formatRupees(p.ProductPrice, { wholeRupees: 'short' });
  const unit = termOf(i18n, p.ProductUnit);
  const seller = p.Vendor.Business_Name;
  const city = p.Vendor.City;
  return `${i18n._(msg`${p.ProductName} at ${price} per ${unit} from ${seller}, ${city}.`)} ${p.ProductDescription}`;
}

function vendorDescription(i18n: I18n, v: Awaited<ReturnType<PageData['vendorProfile']>>) {
  const name = v.Business_Name;
  const category = termOf(i18n, v.Category);
  const city = v.City;
  return `${i18n._(msg`${name}, ${category} in ${city}.`)} ${v.Business_Description || v.description}`;
}

const termOf = term;

const routes = 'src/features';

/** The server-rendered pages (the public ones) and their chunks as vite's manifest names them; the rest render in the browser. */
const PLANS: [path: string, plan: (ctx: Ctx) => Promise<PagePlan>, module: string][] = [
  ['/', landing, `${routes}/landing/routes/landing-page.tsx`],
  ['/Category', categories, `${routes}/categories/routes/category-page.tsx`],
  ['/about', about, `${routes}/about/routes/about-page.tsx`],
  ['/product', materials, `${routes}/products/routes/materials-page.tsx`],
  ['/product/:id', product, `${routes}/products/routes/product-page.tsx`],
  ['/service', services, `${routes}/services/routes/services-page.tsx`],
  ['/service/details/:id', vendor, `${routes}/services/routes/vendor-page.tsx`],
  ['/viewstore', store, `${routes}/store/routes/store-page.tsx`],
];

/** Fills `client` with the page's data and says its status, head and chunk; null for a page the browser renders. */
export async function planPage(
  client: QueryClient, data: PageData, url: URL, origin: string, i18n: I18n,
): Promise<(PagePlan & { module: string }) | null> {
  for (const [path, plan, module] of PLANS) {
    const match = matchPath({ path, caseSensitive: false, end: true }, url.pathname);
    if (!match) continue;
    const locale = isLocale(i18n.locale) ? i18n.locale : 'en';
    const at = (p: string) => localePath(locale, p);
    return { ...(await plan({ client, data, url, origin, params: match.params, i18n, at })), module };
  }
  return null;
}
