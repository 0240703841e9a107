/**
 * `npm run seed:large -- --products 1000000 [--reset]`: a large, deterministic catalogue for benchmarks
 * (docs/architecture.md), on top of the demo catalogue so the demo logins and pages keep working.
 *
 * Products and their reviews are generated inside the database (`insert … select … from generate_series`)
 * in batches, from arrays of the demo seed's product lines, prices, comments and names; every "random"
 * choice is a hash of the row number (hashint8), and every id an md5 of it, so two runs give the same rows on
 * PGlite and on PostgreSQL. Vendors, projects and vendor reviews are few (one seller per 500 products, one
 * professional per 1,000) and are built in JavaScript with the seed's seeded PRNG. Stored rating sums and
 * counts are computed from the same expressions as the reviews, so they agree without aggregating.
 *
 * The load runs in one transaction: the secondary indexes of products and product_reviews are dropped
 * first and built again at the end (faster than maintaining them row by row), and foreign-key triggers
 * are skipped when the role may (the rows are consistent by construction). Then `vacuum analyze`.
 */
import { createHash } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { CITIES, MATERIAL_CATEGORIES, rupeesToPaise, SERVICE_CATEGORIES, type City } from '@nirmaan/shared';
import { sql } from 'drizzle-orm';
import { ConfigError, loadConfig } from '../config/index.ts';
import { openDatabase, type Db, type Tx } from '../db/client.ts';
import { DataDirLockedError } from '../db/data-dir-lock.ts';
import { projects, vendorReviews, vendors } from '../db/schema/index.ts';
import { ALL_MATERIALS } from './build-products.ts';
import { ALL_TRADES } from './build-vendors.ts';
import { PRODUCT_COMMENTS, PRODUCT_PRAISE, SELLER_PRAISE, VENDOR_COMMENTS } from './data/review-comments.ts';
import { PRODUCT_IMAGE_VARIANTS, PROFESSIONAL_AVATARS, PROJECT_IMAGE_VARIANTS, STORE_IMAGES, professionalAvatar, projectImage, storeImage } from './images.ts';
import { countSeeded, insertRows, seed, seedIfEmpty } from './index.ts';
import { areaIn, bankAccount, mobileNumber, personName, streetAddress } from './people.ts';
import { Random, SEED_BASE_DATE, daysBeforeBase } from './random.ts';

const PRODUCTS_PER_SELLER = 500;
const PRODUCTS_PER_PROFESSIONAL = 1_000;
const PRODUCTS_PER_CUSTOMER = 50;
/** Distinct person names drawn once; customer n is called NAMES[n % NAME_POOL] (a multiple of 4, so the city matches). */
const NAME_POOL = 1_000;
const FIXED_SEED = 20_261_101;

interface Options { products: number; reset: boolean; batch: number }

function parseArgs(argv: string[]): Options {
  const opts: Options = { products: 100_000, reset: false, batch: 0 };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      const v = Number(String(argv[++i]).replace(/_/g, ''));
      if (!Number.isInteger(v) || v < 1) throw new ConfigError(`${a} needs a positive whole number`);
      return v;
    };
    if (a === '--products') opts.products = value();
    else if (a === '--batch') opts.batch = value();
    else if (a === '--reset') opts.reset = true;
    else throw new ConfigError(`unknown option ${a}; use --products N [--reset] [--batch N]`);
  }
  return opts;
}

// ---------------------------------------------------------------- SQL building blocks

const lit = (s: string) => `'${s.replace(/'/g, "''")}'`;
const textArray = (items: readonly (string | null)[]) => `array[${items.map((s) => (s === null ? 'null' : lit(s))).join(',')}]::text[]`;
const intArray = (items: readonly number[]) => `array[${items.join(',')}]::int[]`;

/** A float in [0, 1) from row number `x` and stream `k`: deterministic on every engine. */
const R = (x: string, k: number) => `((hashint8((${x})::bigint * 64 + ${k}) & 2147483647)::float8 / 2147483648.0)`;

/** A version-4-shaped uuid from md5 of a key; `uuidOf` computes the same in JavaScript. */
const UUID = (key: string) => `overlay(overlay(md5('nirmaan-large/' || ${key}) placing '4' from 13) placing '8' from 17)::uuid`;
function uuidOf(key: string): string {
  const h = createHash('md5').update(`nirmaan-large/${key}`).digest('hex');
  const v = `${h.slice(0, 12)}4${h.slice(13, 16)}8${h.slice(17)}`;
  return `${v.slice(0, 8)}-${v.slice(8, 12)}-${v.slice(12, 16)}-${v.slice(16, 20)}-${v.slice(20)}`;
}

const BASE = `timestamptz ${lit(SEED_BASE_DATE.toISOString())}`;
const daysAgo = (days: string) => `(${BASE} - make_interval(secs => (${days}) * 86400))`;

/** roundPrice of random.ts in SQL, inline (no sub-select per row). */
const roundPriceSql = (v: string) => {
  const step = `(case when (${v}) < 100 then 1 when (${v}) < 1000 then 5 when (${v}) < 10000 then 10 when (${v}) < 50000 then 50 else 100 end)`;
  return `greatest(${step}, round((${v}) / ${step}) * ${step})::int`;
};

/** A CASE picking by cumulative weight with the uniform draw `u`. */
function weightedSql<T extends string | number>(u: string, entries: readonly (readonly [T, number])[]): string {
  const total = entries.reduce((s, [, w]) => s + w, 0);
  let acc = 0;
  const whens = entries.slice(0, -1).map(([v, w]) => {
    acc += w;
    return `when ${u} < ${acc / total} then ${typeof v === 'number' ? v : lit(v)}`;
  });
  const last = entries[entries.length - 1]![0];
  return `(case ${whens.join(' ')} else ${typeof last === 'number' ? last : lit(last)} end)`;
}

// ---------------------------------------------------------------- the catalogue's arrays

const LINES = ALL_MATERIALS.flatMap((group) => group.lines.map((l, i) => ({
  ...l,
  category: group.category,
  categoryIndex: MATERIAL_CATEGORIES.findIndex((c) => c.name === group.category),
  slug: MATERIAL_CATEGORIES.find((c) => c.name === group.category)!.slug,
  description: `${l.about} ${group.note}`,
  lineInGroup: i,
})));
const CATEGORY_COUNT = MATERIAL_CATEGORIES.length;

/** Reviews per product: 13% none (as in the demo seed), else 1–5; about 2.1 on average. */
const REVIEW_COUNTS = [[1, 4], [2, 4], [3, 3], [4, 2], [5, 1]] as const;
const NO_REVIEWS = 0.13;
const MAX_REVIEWS = Math.max(...REVIEW_COUNTS.map(([n]) => n));
const reviewCountSql = (i: string) =>
  `(case when ${R(i, 5)} < ${NO_REVIEWS} then 0 else ${weightedSql(`((${R(i, 6)}))`, REVIEW_COUNTS)} end)`;

/** Star tiers as in build-reviews.ts: most listings are liked, some divide opinion. */
const TIERS = {
  great: [[5, 62], [4, 30], [3, 6], [2, 1], [1, 1]],
  good: [[5, 42], [4, 36], [3, 13], [2, 6], [1, 3]],
  mixed: [[5, 22], [4, 28], [3, 24], [2, 14], [1, 12]],
} as const;
function starsSql(i: string, k: string): string {
  const u = R(`(${i}) * 8 + (${k})`, 7);
  const tier = R(i, 8);
  return `(case when ${tier} < 0.35 then ${weightedSql(u, TIERS.great)} when ${tier} < 0.8 then ${weightedSql(u, TIERS.good)} else ${weightedSql(u, TIERS.mixed)} end)`;
}

const STOCK_BY_UNIT = (unit: string, price: string, u: string) => `(case ${unit}
  when 'bag' then (15 + floor(${u} * 236)) * 10
  when 'tonne' then 5 + floor(${u} * 76)
  when 'cubic metre' then (5 + floor(${u} * 36)) * 10
  when 'sq ft' then (5 + floor(${u} * 76)) * 100
  when 'litre' then (4 + floor(${u} * 57)) * 10
  when 'piece' then case when ${price} < 100 then (20 + floor(${u} * 181)) * 100 else 4 + floor(${u} * 117) end
  else 10 + floor(${u} * 141) end)::int`;

interface Shape { products: number; sellers: number; professionals: number; customers: number }

export function shapeFor(products: number): Shape {
  return {
    products,
    sellers: Math.max(CATEGORY_COUNT, Math.ceil(products / PRODUCTS_PER_SELLER)),
    professionals: Math.max(ALL_TRADES.length, Math.ceil(products / PRODUCTS_PER_PROFESSIONAL)),
    customers: Math.max(200, Math.ceil(products / PRODUCTS_PER_CUSTOMER)),
  };
}

export function personNames(): string[] {
  const rng = new Random(FIXED_SEED + 1);
  return Array.from({ length: NAME_POOL }, (_, n) => personName(rng, CITIES[n % CITIES.length] as City, 0.45));
}

/**
 * Product i: a product line, a seller that stocks its category (seller n's categories are n mod 27 and the
 * next one), that seller's city, a price inside the line's range, an MRP for half, and review counts and
 * star sums from the same expressions the review rows use.
 */
export function productsSql(shape: Shape, from: number, to: number): string {
  const L = LINES;
  const perCategory = (c: number) => Math.floor((shape.sellers - 1 - c) / CATEGORY_COUNT) + 1;
  const sellersOfCategory = intArray(Array.from({ length: CATEGORY_COUNT }, (_, c) => perCategory(c)));
  const tags = ['Fast Delivery', 'Limited Stock', 'Best Price'];
  const img = (k: string) => `'/images/products/' || slug || '-' || (((first_image + ${k}) % ${PRODUCT_IMAGE_VARIANTS}) + 1) || '.svg'`;
  return `
with g as materialized (
  select i, 1 + floor(${R('i', 1)} * ${L.length})::int as li, ${reviewCountSql('i')} as review_count,
    60 + ${R('i', 9)} * 420 as age_days
  from generate_series(${from}, ${to}) i
), h as materialized (
  select g.*,
    (${intArray(L.map((l) => l.categoryIndex))})[li] as ci,
    (${textArray(L.map((l) => l.slug))})[li] as slug,
    (${intArray(L.map((l) => l.min))})[li] as pmin,
    (${intArray(L.map((l) => l.max))})[li] as pmax,
    (${intArray(L.map((l) => l.lineInGroup))})[li] + floor(${R('i', 10)} * 2)::int as first_image
  from g
), s as materialized (
  select h.*,
    case when ${R('i', 2)} < 0.5 then ci else (ci + ${CATEGORY_COUNT - 1}) % ${CATEGORY_COUNT} end as seller_category
  from h
), t as materialized (
  select s.*,
    seller_category + ${CATEGORY_COUNT} * floor(${R('i', 3)} * (${sellersOfCategory})[seller_category + 1])::int as seller,
    ${roundPriceSql(`pmin + ${R('i', 4)} * (pmax - pmin)`)} as price
  from s
)
insert into products (id, vendor_id, name, brand, category, description, price_paise, mrp_paise, unit, images, location, tag, stock, rating_sum, rating_count, created_at)
select ${UUID(`'p/' || i`)}, ${UUID(`'seller/' || seller`)},
  (${textArray(L.map((l) => l.name))})[li],
  (${textArray(L.map((l) => l.brand))})[li],
  (${textArray(L.map((l) => l.category))})[li],
  (${textArray(L.map((l) => l.description))})[li],
  -- Drawn in whole rupees like the demo catalogue, stored in paise.
  price::bigint * 100,
  case when ${R('i', 11)} < 0.5 then null else greatest(${roundPriceSql(`price * (1.05 + ${R('i', 12)} * 0.17)`)}, price + greatest(1, round(price * 0.05)::int))::bigint * 100 end,
  (${textArray(L.map((l) => l.unit))})[li],
  (array[${img('0')}, ${img('1')}, ${img('2')}, ${img('3')}])[1:${weightedSql(R('i', 13), [[1, 2], [2, 3], [3, 3], [4, 2]])}],
  (${textArray(CITIES)})[1 + seller % ${CITIES.length}],
  case when (${textArray(L.map((l) => l.tag ?? null))})[li] is not null and ${R('i', 14)} < 0.7 then (${textArray(L.map((l) => l.tag ?? null))})[li]
    when ${R('i', 15)} < 0.12 then (${textArray(tags)})[1 + floor(${R('i', 16)} * ${tags.length})::int] end,
  case when ${R('i', 17)} < 0.03 then 0 else ${STOCK_BY_UNIT(`(${textArray(L.map((l) => l.unit))})[li]`, 'price', R('i', 18))} end,
  ${Array.from({ length: MAX_REVIEWS }, (_, k) => `case when review_count > ${k} then ${starsSql('i', String(k + 1))} else 0 end`).join(' + ')},
  review_count,
  ${daysAgo('age_days')} - make_interval(mins => floor(${R('i', 19)} * 600)::int)
from t`;
}

export function reviewsSql(shape: Shape, names: string[], from: number, to: number): string {
  const commentStars = [1, 2, 3, 4, 5] as const;
  const comments = commentStars.flatMap((s) => PRODUCT_COMMENTS[s]);
  const commentStart = commentStars.map((s) => 1 + commentStars.filter((t) => t < s).reduce((n, t) => n + PRODUCT_COMMENTS[t].length, 0));
  const praiseOf = MATERIAL_CATEGORIES.map((c) => PRODUCT_PRAISE[c.name] ?? []);
  const praise = praiseOf.flat();
  const praiseStart = praiseOf.map((_, c) => 1 + praiseOf.slice(0, c).reduce((n, p) => n + p.length, 0));
  return `
with g as materialized (
  select i, ${reviewCountSql('i')} as review_count, 60 + ${R('i', 9)} * 420 as age_days,
    (${intArray(LINES.map((l) => l.categoryIndex))})[1 + floor(${R('i', 1)} * ${LINES.length})::int] as ci,
    floor(${R('i', 20)} * ${shape.customers})::int as first_customer
  from generate_series(${from}, ${to}) i
), r as materialized (
  select g.*, k, ${starsSql('i', 'k')} as stars, (first_customer + k) % ${shape.customers} as customer
  from g cross join lateral generate_series(1, review_count) k
)
insert into product_reviews (id, product_id, customer_id, customer_name, rating, comment, created_at)
select ${UUID(`'r/' || i || '/' || k`)}, ${UUID(`'p/' || i`)}, ${UUID(`'c/' || customer`)},
  (${textArray(names)})[1 + customer % ${NAME_POOL}],
  stars,
  case when stars >= 4 and ${R('i * 8 + k', 21)} < 0.4
    then (${textArray(praise)})[(${intArray(praiseStart)})[ci + 1] + floor(${R('i * 8 + k', 22)} * (${intArray(praiseOf.map((p) => p.length))})[ci + 1])::int]
    else (${textArray(comments)})[(${intArray(commentStart)})[stars] + floor(${R('i * 8 + k', 23)} * (${intArray(commentStars.map((s) => PRODUCT_COMMENTS[s].length))})[stars])::int] end,
  ${daysAgo(`1 + ${R('i * 8 + k', 24)} * (age_days - 2)`)} - make_interval(mins => floor(${R('i * 8 + k', 25)} * 600)::int)
from r`;
}

function customersSql(shape: Shape, names: string[]): string {
  return `insert into customers (id, full_name, email, phone, location, password_hash, created_at)
select ${UUID(`'c/' || n`)}, (${textArray(names)})[1 + n % ${NAME_POOL}],
  'customer' || n || '@bench.nirmaan.in',
  '+91 9' || lpad((floor(${R('n', 30)} * 10000))::int::text, 4, '0') || ' ' || lpad((floor(${R('n', 31)} * 100000))::int::text, 5, '0'),
  (${textArray(CITIES)})[1 + n % ${CITIES.length}], null,
  ${daysAgo(`200 + ${R('n', 32)} * 900`)}
from generate_series(0, ${shape.customers - 1}) n`;
}

// ---------------------------------------------------------------- vendors, projects, vendor reviews (JS)

const SHOP_PREFIXES = ['Sri Lakshmi', 'Sri Sai', 'Balaji', 'Ganesh', 'Om Shree', 'Maruti', 'Vinayaka', 'Durga', 'New India', 'Royal', 'Annapurna', 'Venkateswara', 'Krishna', 'Jai Hind', 'Shiv Shakti', 'Mahalaxmi'];
const SHOP_SUFFIXES = ['Traders', 'Building Materials', 'Enterprises', 'Agencies', 'Hardware & Sanitary', 'Suppliers', 'Depot', 'Stores'];
const VENDOR_TIERS = [TIERS.great, TIERS.good, TIERS.mixed] as const;

type VendorInsert = typeof vendors.$inferInsert;
type ProjectInsert = typeof projects.$inferInsert;
type VendorReviewInsert = typeof vendorReviews.$inferInsert;

const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (_, key: string) => String(values[key] ?? key));

function buildVendors(shape: Shape, names: string[]) {
  const rng = new Random(FIXED_SEED);
  const rows: VendorInsert[] = [];
  const projectRows: ProjectInsert[] = [];
  const reviews: VendorReviewInsert[] = [];
  const review = (vendorId: string, key: string, since: Date, praise: readonly string[]) => {
    const count = rng.int(0, 9);
    const tier = rng.pick(VENDOR_TIERS);
    const first = rng.int(0, shape.customers - 1);
    let sum = 0;
    for (let k = 0; k < count; k++) {
      const stars = rng.weighted(tier);
      const customer = (first + k) % shape.customers;
      sum += stars;
      const ageDays = Math.max(2, Math.floor((SEED_BASE_DATE.getTime() - since.getTime()) / 86_400_000));
      reviews.push({
        id: uuidOf(`vr/${key}/${k}`), vendorId, customerId: uuidOf(`c/${customer}`), customerName: names[customer % NAME_POOL]!,
        rating: stars,
        comment: stars >= 4 && praise.length > 0 && rng.chance(0.4) ? rng.pick(praise) : rng.pick(VENDOR_COMMENTS[stars]),
        createdAt: daysBeforeBase(rng, rng.int(1, ageDays - 1)),
      });
    }
    return { ratingSum: sum, ratingCount: count };
  };
  for (let n = 0; n < shape.sellers; n++) {
    const city = CITIES[n % CITIES.length] as City;
    const area = areaIn(rng, city);
    const category = MATERIAL_CATEGORIES[n % CATEGORY_COUNT]!.name;
    const next = MATERIAL_CATEGORIES[(n + 1) % CATEGORY_COUNT]!.name;
    const owner = personName(rng, city, 0.2);
    const business = `${rng.pick(SHOP_PREFIXES)} ${category} ${rng.pick(SHOP_SUFFIXES)}`;
    const id = uuidOf(`seller/${n}`);
    const createdAt = daysBeforeBase(rng, rng.int(500, 1_100));
    rows.push({
      id, kind: 'seller', ownerName: owner, businessName: business, email: `seller${n}@bench.nirmaan.in`,
      phone: mobileNumber(rng), passwordHash: null, businessAddress: streetAddress(rng, city, area), city,
      description: `${category} and ${next.toLowerCase()} for builders and home owners in ${area.name}, ${city}. GST invoice, delivery to site.`,
      category, subCategories: [category, next], chargeAmountPaise: null, chargeType: null,
      profileImage: storeImage((n % STORE_IMAGES) + 1), bankAccount: rng.chance(0.6) ? bankAccount(rng, business) : null,
      createdAt, ...review(id, `seller/${n}`, createdAt, SELLER_PRAISE),
    });
  }
  for (let n = 0; n < shape.professionals; n++) {
    const trade = ALL_TRADES[n % ALL_TRADES.length]!;
    const round = Math.floor(n / ALL_TRADES.length);
    const [businessName, subCategories] = trade.businesses[round % trade.businesses.length]!;
    const city = CITIES[(n + round) % CITIES.length] as City;
    const area = areaIn(rng, city);
    const owner = personName(rng, city, 0.15);
    const [chargeType, min, max] = rng.pick(trade.charges);
    const id = uuidOf(`pro/${n}`);
    const createdAt = daysBeforeBase(rng, rng.int(760, 1_200));
    rows.push({
      id, kind: 'professional', ownerName: owner,
      businessName: round < trade.businesses.length ? businessName : `${businessName}, ${area.name}`,
      email: `pro${n}@bench.nirmaan.in`, phone: mobileNumber(rng), passwordHash: null,
      businessAddress: streetAddress(rng, city, area), city,
      description: fill(rng.pick(trade.about), { years: rng.int(4, 24), team: rng.int(3, 14), area: area.name, city }),
      category: trade.trade, subCategories: [...subCategories],
      chargeAmountPaise: rupeesToPaise(Math.round(rng.int(min, max) / 50) * 50), chargeType,
      profileImage: professionalAvatar((n % PROFESSIONAL_AVATARS) + 1), bankAccount: rng.chance(0.5) ? bankAccount(rng, owner) : null,
      createdAt, ...review(id, `pro/${n}`, createdAt, trade.praise),
    });
    const slug = tradeSlug(trade.trade);
    rng.sample(trade.projects, Math.min(rng.int(3, 6), trade.projects.length)).forEach(([category, title, description], k) => {
      const where = { area: areaIn(rng, city).name, city };
      projectRows.push({
        id: uuidOf(`project/${n}/${k}`), vendorId: id, title: fill(title, where), category, description: fill(description, where),
        image: projectImage(slug, ((n + k) % PROJECT_IMAGE_VARIANTS) + 1), createdAt: daysBeforeBase(rng, rng.int(14, 720)),
      });
    });
  }
  return { vendors: rows, projects: projectRows, vendorReviews: reviews };
}

const tradeSlug = (trade: string) => SERVICE_CATEGORIES.find((c) => c.name === trade)?.slug ?? 'contractor';

// ---------------------------------------------------------------- running it

/** Rows an insert wrote: `rowCount` from node-postgres, `affectedRows` from PGlite. */
function affected(result: unknown): number {
  const r = result as { rowCount?: number | null; affectedRows?: number };
  return Number(r.rowCount ?? r.affectedRows ?? 0);
}

async function scalar(db: Db | Tx, query: string): Promise<number> {
  const result = await db.execute(sql.raw(query)) as unknown as { rows: Record<string, unknown>[] };
  return Number(Object.values(result.rows[0] ?? {})[0] ?? 0);
}

/** Secondary indexes (not primary keys) of the bulk tables, to drop before the load and build after it. */
async function secondaryIndexes(tx: Tx): Promise<{ name: string; def: string }[]> {
  const result = await tx.execute(sql.raw(`select i.relname as name, pg_get_indexdef(x.indexrelid) as def
    from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class t on t.oid = x.indrelid
    where t.relname in ('products', 'product_reviews', 'customers') and t.relnamespace = 'public'::regnamespace and not x.indisprimary
      and not exists (select 1 from pg_constraint c where c.conindid = x.indexrelid)`)) as unknown as { rows: { name: string; def: string }[] };
  return result.rows;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const rate = (rows: number, ms: number) => `${Math.round(rows / (ms / 1000)).toLocaleString('en')} rows/s`;

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  const where = database.engine === 'pglite' ? `PGlite in ${config.DATA_DIR}` : 'PostgreSQL';
  const shape = shapeFor(opts.products);
  const batch = opts.batch || (database.engine === 'pglite' ? 25_000 : 100_000);
  try {
    await database.migrate();
    const db = database.db;
    if (!opts.reset) {
      const held = await scalar(db, `select (select count(*) from customers) + (select count(*) from orders)`);
      if (held > 0) {
        throw new ConfigError(`${where} already holds customers or orders; seed:large adds to an empty database only. Use --reset to empty it first (every row of every table is deleted).`);
      }
    }
    const started = performance.now();
    console.log(`seed:large into ${where}: ${shape.products.toLocaleString('en')} products, ${shape.sellers} sellers, ${shape.professionals} professionals, ${shape.customers.toLocaleString('en')} customers${opts.reset ? ' (after emptying every table)' : ''}`);
    // The demo catalogue first (its logins and pages), in its own transaction.
    if (opts.reset) await seed(db, { reset: true });
    else await seedIfEmpty(db);
    console.log(`  demo catalogue            ${seconds(performance.now() - started)}`);

    const names = personNames();
    const built = buildVendors(shape, names);
    let rows = 0;
    await db.transaction(async (tx) => {
      // Consistent by construction, so foreign-key triggers may be skipped where the role allows it.
      await tx.execute(sql.raw('savepoint fk'));
      try {
        await tx.execute(sql.raw('set local session_replication_role = replica'));
        await tx.execute(sql.raw('release savepoint fk'));
      } catch {
        await tx.execute(sql.raw('rollback to savepoint fk'));
      }
      await tx.execute(sql.raw(`set local maintenance_work_mem = '${database.engine === 'pglite' ? '64MB' : '256MB'}'`));
      const indexes = await secondaryIndexes(tx);
      for (const ix of indexes) await tx.execute(sql.raw(`drop index "${ix.name}"`));

      let t = performance.now();
      await tx.execute(sql.raw(customersSql(shape, names)));
      await insertRows(tx, vendors, built.vendors);
      await insertRows(tx, projects, built.projects);
      await insertRows(tx, vendorReviews, built.vendorReviews);
      const small = shape.customers + built.vendors.length + built.projects.length + built.vendorReviews.length;
      rows += small;
      console.log(`  customers, vendors, projects, vendor reviews: ${small.toLocaleString('en')} rows in ${seconds(performance.now() - t)}`);

      t = performance.now();
      let productRows = 0;
      let reviewRows = 0;
      for (let from = 1; from <= shape.products; from += batch) {
        const to = Math.min(shape.products, from + batch - 1);
        const t0 = performance.now();
        await tx.execute(sql.raw(productsSql(shape, from, to)));
        const t1 = performance.now();
        productRows += to - from + 1;
        reviewRows += affected(await tx.execute(sql.raw(reviewsSql(shape, names, from, to))));
        const ms = performance.now() - t;
        console.log(`  products ${to.toLocaleString('en').padStart(11)} / ${shape.products.toLocaleString('en')}  reviews ${reviewRows.toLocaleString('en').padStart(10)}  ${seconds(ms)}  ${rate(productRows + reviewRows, ms)}  (batch: products ${seconds(t1 - t0)}, reviews ${seconds(performance.now() - t1)})`);
      }
      rows += productRows + reviewRows;

      t = performance.now();
      for (const ix of indexes) await tx.execute(sql.raw(ix.def));
      console.log(`  ${indexes.length} indexes built again in ${seconds(performance.now() - t)} (${indexes.map((i) => i.name).join(', ')})`);
    });

    let t = performance.now();
    await db.execute(sql.raw('vacuum analyze'));
    console.log(`  vacuum analyze            ${seconds(performance.now() - t)}`);

    // Spot check: the stored rating sums agree with the reviews of a sample of products.
    t = performance.now();
    const wrong = await scalar(db, `select count(*) from products p
      cross join lateral (select coalesce(sum(rating), 0)::int as total, count(*)::int as n from product_reviews r where r.product_id = p.id) s
      where p.id in (select ${UUID(`'p/' || n`)} from generate_series(1, ${shape.products}, ${Math.max(1, Math.floor(shape.products / 1000))}) n)
        and (p.rating_sum <> s.total or p.rating_count <> s.n)`);
    if (wrong > 0) throw new Error(`${wrong} sampled products have rating sums that disagree with their reviews`);

    const ms = performance.now() - started;
    console.log(`Loaded ${rows.toLocaleString('en')} rows in ${seconds(ms)} (${rate(rows, ms)}); sampled rating sums agree with the reviews.`);
    for (const [table, count] of Object.entries(await countSeeded(db))) console.log(`  ${table.padEnd(15)} ${count.toLocaleString('en')}`);
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err: unknown) => {
    console.error(err instanceof ConfigError || err instanceof DataDirLockedError ? err.message : err);
    process.exit(1);
  });
}
