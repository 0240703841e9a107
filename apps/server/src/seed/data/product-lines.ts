import type { MaterialCategoryName } from '@nirmaan/shared';

/** One thing a shop sells; the seed prices each listing inside [min, max] (rupees per unit). */
export interface ProductLine {
  brand: string | null;
  name: string;
  unit: string;
  min: number;
  max: number;
  about: string;
  tag?: string;
}

export interface MaterialLines {
  category: MaterialCategoryName;
  /** Said after every product's own text: how it is sold and delivered. */
  note: string;
  lines: ProductLine[];
}

export const line = (
  brand: string | null, name: string, unit: string, min: number, max: number, about: string, tag?: string,
): ProductLine => ({ brand, name, unit, min, max, about, ...(tag ? { tag } : {}) });
