import type { ChargeType, ServiceCategoryName } from '@nirmaan/shared';

/**
 * One service trade of the catalogue: the businesses that offer it (with their sub-categories),
 * how they charge, how they describe themselves, what they have built, and what customers say.
 * Templates may use {years}, {area}, {city} and {team}.
 */
export interface TradeSeed {
  trade: ServiceCategoryName;
  charges: readonly (readonly [ChargeType, number, number])[];
  businesses: readonly (readonly [string, readonly string[]])[];
  about: readonly string[];
  /** [project category, title, description] */
  projects: readonly (readonly [string, string, string])[];
  praise: readonly string[];
}

export const trade = (seed: TradeSeed): TradeSeed => seed;
