import { CITIES, type City } from '@nirmaan/shared';
import { AREAS, BANKS, NAME_GROUPS, STATE_OF, STREETS, type Area } from './data/names.ts';
import type { Random } from './random.ts';

/** Names, phones, emails and addresses that look like the ones on an Indian business card. */

export const DEMO_EMAIL_DOMAIN = 'demo.nirmaan.in';

export function personName(rng: Random, city: City, femaleChance: number): string {
  const group = rng.weighted(NAME_GROUPS[city].map((g) => [g, g.weight] as const));
  if (rng.chance(femaleChance)) return `${rng.pick(group.female)} ${rng.pick(group.femaleSurnames ?? group.surnames)}`;
  return `${rng.pick(group.male)} ${rng.pick(group.surnames)}`;
}

/** A 10-digit Indian mobile number written as "+91 98480 12345". */
export function mobileNumber(rng: Random): string {
  const first = rng.pick(['6', '7', '8', '9', '9', '9']);
  const digits = `${first}${String(rng.int(0, 999_999_999)).padStart(9, '0')}`;
  return `+91 ${digits.slice(0, 5)} ${digits.slice(5)}`;
}

export const slugify = (text: string) =>
  text.toLowerCase().replace(/&/g, ' and ').replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');

/** Hands out unique emails at the demo domain: `ravi.kumar@`, then `ravi.kumar2@`. */
export class EmailBook {
  private readonly taken = new Set<string>();

  claim(localPart: string): string {
    const base = slugify(localPart).replace(/-/g, '.');
    let candidate = base;
    for (let n = 2; this.taken.has(candidate); n++) candidate = `${base}${n}`;
    this.taken.add(candidate);
    return `${candidate}@${DEMO_EMAIL_DOMAIN}`;
  }

  reserve(email: string): string {
    this.taken.add(email.split('@')[0] ?? email);
    return email;
  }
}

export function areaIn(rng: Random, city: City, name?: string): Area {
  const areas = AREAS[city];
  return (name && areas.find((a) => a.name === name)) || rng.pick(areas);
}

/** A street address in the style local to each city. */
export function streetAddress(rng: Random, city: City, area: Area): string {
  const street = rng.pick(STREETS);
  const cityLine = `${area.name}, ${city === 'Delhi' ? 'New Delhi' : city}, ${STATE_OF[city]} ${area.pin}`;
  switch (city) {
    case 'Hyderabad':
      return `H.No. ${rng.int(1, 16)}-${rng.int(1, 9)}-${rng.int(10, 450)}, ${street}, ${cityLine}`;
    case 'Bangalore':
      return `No. ${rng.int(3, 480)}, ${street}, ${cityLine}`;
    case 'Mumbai':
      return `Shop ${rng.int(1, 24)}, ${rng.pick(['Sai Krupa', 'Ganesh Kunj', 'Shanti Niwas', 'Om Sadan', 'Laxmi Villa'])} Building, ${street}, ${cityLine}`;
    case 'Delhi':
      return `${rng.pick(['A', 'B', 'C', 'D', 'E'])}-${rng.int(1, 250)}, ${street}, ${cityLine}`;
  }
}

export function bankAccount(rng: Random, holder: string) {
  const bank = rng.pick(BANKS);
  return {
    accountHolder: holder,
    bank: bank.bank,
    accountNumber: String(rng.int(10_000_000, 99_999_999)) + String(rng.int(1_000, 9_999)),
    ifsc: `${bank.ifsc}0${String(rng.int(0, 999_999)).padStart(6, '0')}`,
  };
}

/** Spreads the n-th item of a list over the four cities, starting from an offset. */
export const cityAt = (n: number): City => CITIES[n % CITIES.length] as City;
