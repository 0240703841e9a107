import { MATERIAL_CATEGORIES, SERVICE_CATEGORIES, type CatalogueEntry } from '@nirmaan/shared/catalogue';

export type CatalogueKind = 'services' | 'materials';

interface KindInfo {
  label: string;
  entries: readonly CatalogueEntry[];
  /** The card's button (the spec's Category browser screen). */
  action: string;
  href: (name: string) => string;
}

export const KINDS: Record<CatalogueKind, KindInfo> = {
  services: {
    label: 'Services',
    entries: SERVICE_CATEGORIES,
    action: 'Hire Now',
    href: (name) => `/service?search=${encodeURIComponent(name)}`,
  },
  materials: {
    label: 'Materials',
    entries: MATERIAL_CATEGORIES,
    action: 'Order Now',
    href: (name) => `/product?search=${encodeURIComponent(name)}`,
  },
};

export const parseKind = (value: string | null): CatalogueKind => (value === 'materials' ? 'materials' : 'services');

/** The Category browser searches by name (the spec's screens), case-insensitively. */
export function filterEntries(entries: readonly CatalogueEntry[], term: string) {
  const needle = term.trim().toLowerCase();
  if (!needle) return entries;
  return entries.filter((e) => e.name.toLowerCase().includes(needle));
}
