import { rupeesToPaise, SERVICE_CATEGORIES, type City } from '@nirmaan/shared';
import type { projects, vendors } from '../db/schema/index.ts';
import { SELLERS } from './data/sellers.ts';
import type { TradeSeed } from './data/trade-types.ts';
import { CONSULTING_TRADES } from './data/trades-consulting.ts';
import { SITE_TRADES } from './data/trades-site.ts';
import { PROFESSIONAL_AVATARS, PROJECT_IMAGE_VARIANTS, STORE_IMAGES, professionalAvatar, projectImage, storeImage } from './images.ts';
import { areaIn, bankAccount, cityAt, mobileNumber, personName, streetAddress, type EmailBook } from './people.ts';
import { daysBeforeBase, type Random } from './random.ts';

export type VendorRow = typeof vendors.$inferInsert & { id: string; createdAt: Date };
export type ProjectRow = typeof projects.$inferInsert;

export const DEMO_PRO_EMAIL = 'pro@demo.nirmaan.in';
/** The demo civil engineer (decision record 042): site visits for ₹500 and multi-day jobs, in Hyderabad. */
export const DEMO_ENGINEER_EMAIL = 'engineer@demo.nirmaan.in';
const DEMO_ENGINEER = { owner: 'Kavitha Reddy', business: 'BuildRight Engineering Consultants', address: 'Plot 14, Road No. 2, Gachibowli, Hyderabad, Telangana 500032' };
const DEMO_PRO = { owner: 'Srinivas Goud', city: 'Hyderabad' as City, area: 'Kondapur' };

export const ALL_TRADES: TradeSeed[] = [...SITE_TRADES, ...CONSULTING_TRADES];

export interface VendorContext {
  rng: Random;
  ids: Random;
  emails: EmailBook;
  passwordHash: string;
}

export function buildSellers({ rng, ids, emails, passwordHash }: VendorContext): VendorRow[] {
  return SELLERS.map((s, i) => {
    const area = areaIn(rng, s.city, s.area);
    return {
      id: ids.uuid(),
      kind: 'seller',
      ownerName: s.owner,
      businessName: s.business,
      email: s.email ? emails.reserve(s.email) : emails.claim(s.business),
      phone: mobileNumber(rng),
      passwordHash,
      businessAddress: streetAddress(rng, s.city, area),
      city: s.city,
      description: s.description,
      category: s.categories[0] ?? 'Cement',
      subCategories: [...s.categories],
      chargeAmountPaise: null,
      chargeType: null,
      profileImage: s.noImage ? null : storeImage((i % STORE_IMAGES) + 1),
      bankAccount: i === 0 || rng.chance(0.6) ? bankAccount(rng, s.business) : null,
      createdAt: daysBeforeBase(rng, rng.int(500, 1_100)),
    };
  });
}

const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (_, key: string) => String(values[key] ?? key));

const roundTo = (value: number, step: number) => Math.round(value / step) * step;

export interface Professional {
  row: VendorRow;
  trade: TradeSeed;
}

export function buildProfessionals({ rng, ids, emails, passwordHash }: VendorContext): Professional[] {
  const result: Professional[] = [];
  let spread = 1;
  for (const trade of ALL_TRADES) {
    const consulting = CONSULTING_TRADES.includes(trade);
    trade.businesses.forEach(([business, subCategories], i) => {
      const isDemo = trade.trade === 'Plumber' && i === 0;
      const city = isDemo ? DEMO_PRO.city : cityAt(spread++);
      const area = areaIn(rng, city, isDemo ? DEMO_PRO.area : undefined);
      const owner = isDemo ? DEMO_PRO.owner : personName(rng, city, consulting ? 0.4 : 0.1);
      const [chargeType, min, max] = rng.pick(trade.charges);
      const about = fill(rng.pick(trade.about), { years: rng.int(4, 24), team: rng.int(3, 14), area: area.name, city });
      result.push({
        trade,
        row: {
          id: ids.uuid(),
          kind: 'professional',
          ownerName: owner,
          businessName: business,
          email: isDemo ? emails.reserve(DEMO_PRO_EMAIL) : emails.claim(business),
          phone: mobileNumber(rng),
          passwordHash,
          businessAddress: streetAddress(rng, city, area),
          city,
          description: about,
          category: trade.trade,
          subCategories: [...subCategories],
          chargeAmountPaise: rupeesToPaise(roundTo(rng.int(min, max), 50)),
          chargeType,
          profileImage: professionalAvatar((result.length % PROFESSIONAL_AVATARS) + 1),
          bankAccount: isDemo || rng.chance(0.5) ? bankAccount(rng, owner) : null,
          createdAt: daysBeforeBase(rng, rng.int(760, 1_200)),
        },
      });
    });
  }
  // The demo civil engineer works in Hyderabad; set after the draws, so every other professional stays as it was.
  const engineer = result.find((p) => p.row.businessName === DEMO_ENGINEER.business);
  if (engineer) {
    Object.assign(engineer.row, { city: 'Hyderabad', ownerName: DEMO_ENGINEER.owner, businessAddress: DEMO_ENGINEER.address, email: emails.reserve(DEMO_ENGINEER_EMAIL), chargeAmountPaise: rupeesToPaise(2_000) });
  }
  // A few professionals without a photo, so the UI's initial-letter fallback has something to show.
  const withoutPhoto = rng.sample(result.filter((p) => p.row.email !== DEMO_PRO_EMAIL), 4);
  for (const p of withoutPhoto) p.row.profileImage = null;
  return result;
}

const tradeSlug = (trade: TradeSeed) => SERVICE_CATEGORIES.find((c) => c.name === trade.trade)?.slug ?? 'contractor';

/** 3–6 past projects per professional, spread over the two years before the base date. */
export function buildProjects(rng: Random, ids: Random, professionals: Professional[]): ProjectRow[] {
  const rows: ProjectRow[] = [];
  for (const { row, trade } of professionals) {
    const wanted = row.email === DEMO_PRO_EMAIL ? 5 : rng.int(3, 6);
    const templates = rng.sample(trade.projects, Math.min(wanted, trade.projects.length));
    const city = row.city as City;
    const firstImage = rng.int(0, PROJECT_IMAGE_VARIANTS - 1);
    templates.forEach(([category, title, description], i) => {
      const area = areaIn(rng, city).name;
      rows.push({
        id: ids.uuid(),
        vendorId: row.id,
        title: fill(title, { area, city }),
        image: projectImage(tradeSlug(trade), ((firstImage + i) % PROJECT_IMAGE_VARIANTS) + 1),
        category,
        description: fill(description, { area, city }),
        createdAt: daysBeforeBase(rng, rng.int(14, 720)),
      });
    });
  }
  return rows;
}
